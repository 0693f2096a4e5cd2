// The curated code snippets that `wallet-` completion offers. Their code is in templates/snippets/
// of the extension (of the repository, in the tests), one file per snippet and language, read when
// completion lists them: text that only `wallet-` shows has no place in the bundle VS Code loads
// at startup (its 400 KB budget). The markers they are written with: snippetSource.ts.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { WalletSnippet } from './snippetSource';

export { codeFor, expand, toSnippetSyntax, type SnippetDialect, type WalletSnippet } from './snippetSource';

/** The curated set, in the order completion lists them: what the user types after `wallet-`. */
export const SNIPPET_NAMES = ['signIn', 'balance', 'bankTransfer', 'airtime', 'webhookHandler'] as const;

/** Every snippet's code, from templates/snippets/<name>.ts (JavaScript is made from it), .py, .go and .php. */
export function readWalletSnippets(extensionRoot: string): WalletSnippet[] {
  const read = (name: string, extension: string) =>
    readFileSync(path.join(extensionRoot, 'templates', 'snippets', `${name}.${extension}`), 'utf8');
  return SNIPPET_NAMES.map((name) => ({
    name,
    code: { typescript: read(name, 'ts'), python: read(name, 'py'), go: read(name, 'go'), php: read(name, 'php') },
  }));
}
