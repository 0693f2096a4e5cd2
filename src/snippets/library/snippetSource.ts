// How a snippet's code is written (templates/snippets/), and turned into VS Code's snippet syntax
// or into the plain code it expands to. The code is written as code (no `$` escaping, so PHP variables and
// template literals read as they will in the file), with two markers of our own:
//   ⟨1:default⟩  a tab stop with its default text; ⟨1|a,b,c⟩ a choice (the first is the default)
//   ⟦...⟧        TypeScript only: dropped from the JavaScript version (types, `as` casts)
//   ⟪...⟫        JavaScript only: dropped from the TypeScript version (JSDoc in place of the types)
// The webhook handlers' TypeScript parts (templates/webhook-handlers/parts/) use the last two too.
// The tests compile the expansion (every placeholder at its default), so what a user gets by
// pressing Tab through is the code that was checked.

/** The languages a snippet is written in; JavaScript is the TypeScript text without its ⟦types⟧. */
export type SnippetDialect = 'typescript' | 'javascript' | 'python' | 'go' | 'php';

export interface WalletSnippet {
  /** What the user types after `wallet-`: `wallet-balance`. */
  name: string;
  /** TypeScript (JavaScript is made from it), Python, Go and PHP. */
  code: { typescript: string; python: string; go: string; php: string };
}

const PLACEHOLDER = /⟨(\d+)(?::([^⟩]*)|\|([^⟩]*))⟩/g;

/** The code for a dialect, markers still in. */
export function codeFor(snippet: WalletSnippet, dialect: SnippetDialect): string {
  if (dialect === 'typescript' || dialect === 'javascript') return scriptCode(snippet.code.typescript, dialect);
  return snippet.code[dialect];
}

/** TypeScript text written with ⟦TypeScript only⟧ and ⟪JavaScript only⟫ parts, as TypeScript or as JavaScript. */
export function scriptCode(text: string, language: 'typescript' | 'javascript'): string {
  const typescript = language === 'typescript';
  return text.replace(/⟦([^⟧]*)⟧/g, typescript ? '$1' : '').replace(/⟪([^⟫]*)⟫/g, typescript ? '' : '$1');
}

/** VS Code's snippet syntax: `$`, `}` and `\` escaped in the code, tab stops as `${1:default}`. */
export function toSnippetSyntax(code: string): string {
  let out = '';
  let last = 0;
  for (const match of code.matchAll(PLACEHOLDER)) {
    out += escape(code.slice(last, match.index));
    const [, index, text, choices] = match;
    out += choices !== undefined ? `\${${index}|${choices}|}` : `\${${index}:${escape(text ?? '')}}`;
    last = match.index + match[0].length;
  }
  return out + escape(code.slice(last));
}

/** The code as it reads once every tab stop keeps its default (a choice its first option). */
export function expand(code: string): string {
  return code.replace(PLACEHOLDER, (_all, _index: string, text: string | undefined, choices: string | undefined) =>
    text !== undefined ? text : (choices ?? '').split(',')[0]!,
  );
}

function escape(text: string): string {
  return text.replace(/[\\$}]/g, (char) => `\\${char}`);
}
