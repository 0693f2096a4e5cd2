// The curated code snippets that `wallet-` completion offers. Their code is in templates/snippets/
// of the extension (of the repository, in the tests), one file per snippet and language, read when
// completion lists them: text that only `wallet-` shows has no place in the bundle VS Code loads
// at startup (its 400 KB budget). The markers they are written with: snippetSource.ts.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { scriptCode, type SnippetDialect, type WalletSnippet } from './snippetSource';

export { codeFor, expand, toSnippetSyntax, type SnippetDialect, type WalletSnippet } from './snippetSource';

/** The curated set, in the order completion lists them: what the user types after `wallet-`. */
export const SNIPPET_NAMES = ['signIn', 'balance', 'bankTransfer', 'airtime', 'webhookHandler'] as const;

/** The file each dialect's code is in: JavaScript is made from the TypeScript. */
const FILE_EXTENSIONS: Readonly<Record<SnippetDialect, string>> = {
  typescript: 'ts',
  javascript: 'ts',
  python: 'py',
  go: 'go',
  php: 'php',
};

function readSnippetFile(extensionRoot: string, name: string, extension: string): string {
  return readFileSync(path.join(extensionRoot, 'templates', 'snippets', `${name}.${extension}`), 'utf8');
}

/** Every snippet's code, from templates/snippets/<name>.ts (JavaScript is made from it), .py, .go and .php. */
export function readWalletSnippets(extensionRoot: string): WalletSnippet[] {
  const read = (name: string, extension: string) => readSnippetFile(extensionRoot, name, extension);
  return SNIPPET_NAMES.map((name) => ({
    name,
    code: { typescript: read(name, 'ts'), python: read(name, 'py'), go: read(name, 'go'), php: read(name, 'php') },
  }));
}

/**
 * The snippets' code in one dialect, markers still in (as codeFor gives it): a `wallet-` list is
 * one document's language, so its five files are read, not the twenty.
 */
export function snippetsFor(extensionRoot: string, dialect: SnippetDialect): { name: string; code: string }[] {
  return SNIPPET_NAMES.map((name) => {
    const text = readSnippetFile(extensionRoot, name, FILE_EXTENSIONS[dialect]);
    return { name, code: dialect === 'typescript' || dialect === 'javascript' ? scriptCode(text, dialect) : text };
  });
}
