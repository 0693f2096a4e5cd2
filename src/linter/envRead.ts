// The quick fix's replacement for a key written in a file: an environment-variable read in the
// file's language. Plain TypeScript (no vscode): edits are offsets into the text.

/** The variable every fix reads the key from. */
export const KEY_VARIABLE = 'WALLET_APP_KEY';

export interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

export interface EnvReadFix {
  /** What the fix writes, for its title. */
  read: string;
  edits: TextEdit[];
}

const JS_LANGUAGES = new Set(['typescript', 'typescriptreact', 'javascript', 'javascriptreact']);
const QUOTES = new Set(["'", '"', '`']);

/** The key's range widened to its quotes when the key is the whole string literal. */
function quotedLiteral(text: string, start: number, end: number): { start: number; end: number } | undefined {
  const open = text[start - 1];
  // A prefixed literal (Python's f'…' or b'…', a tagged template) is not a plain string: leave it.
  const prefixed = /\w/.test(text[start - 2] ?? '');
  return open !== undefined && QUOTES.has(open) && text[end] === open && !prefixed ? { start: start - 1, end: end + 1 } : undefined;
}

// `import os`, `import sys, os`, `import os.path` all bind `os`; `import os as o` does not.
const IMPORTS_OS = /^import[ \t]+(?:[\w.]+[ \t]*,[ \t]*)*os(?:\.[\w.]+)?[ \t]*(?:,|#|$)/m;

/** Where `import os` goes: after a shebang, encoding line, module docstring and `__future__` imports. */
function pythonImportOffset(text: string): number {
  let offset = 0;
  const lineEnd = (from: number) => {
    const newline = text.indexOf('\n', from);
    return newline === -1 ? text.length : newline + 1;
  };
  const rest = () => text.slice(offset);
  while (/^(#!|#.*coding[:=])/.test(rest())) offset = lineEnd(offset);
  const docstring = /^[rRuU]?("""|''')[\s\S]*?\1[^\n]*(\n|$)/.exec(rest());
  if (docstring) offset += docstring[0].length;
  for (let future = /^from[ \t]+__future__[ \t]+import[^\n]*(\n|$)/m.exec(rest()); future;) {
    // Only the block of __future__ imports right at the top (blank lines allowed).
    const blanks = /^\s*/.exec(rest())![0].length;
    if (future.index !== blanks) break;
    offset += future.index + future[0].length;
    future = /^from[ \t]+__future__[ \t]+import[^\n]*(\n|$)/m.exec(rest());
  }
  return offset;
}

/**
 * The fix for the key at [start, end) of `text` in a document of `languageId`. A key that is a
 * whole string literal in TypeScript, JavaScript or Python becomes a read of the variable (in
 * Python, adding `import os` when missing); anything else becomes the placeholder
 * `${WALLET_APP_KEY}`, which shells, Compose files and most config loaders expand.
 */
export function envReadFix(languageId: string, text: string, start: number, end: number): EnvReadFix {
  const literal = quotedLiteral(text, start, end);
  if (literal && JS_LANGUAGES.has(languageId)) {
    const read = `process.env.${KEY_VARIABLE}`;
    return { read, edits: [{ ...literal, newText: read }] };
  }
  if (literal && languageId === 'python' && text[literal.start] !== '`') {
    const read = `os.environ["${KEY_VARIABLE}"]`;
    const edits: TextEdit[] = [{ ...literal, newText: read }];
    if (!IMPORTS_OS.test(text)) {
      const at = pythonImportOffset(text);
      edits.unshift({ start: at, end: at, newText: 'import os\n' });
    }
    return { read, edits };
  }
  const read = `\${${KEY_VARIABLE}}`;
  return { read, edits: [{ start, end, newText: read }] };
}
