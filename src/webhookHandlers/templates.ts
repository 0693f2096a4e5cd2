// The handlers Create Webhook Handler writes: one file per framework in templates/webhook-handlers/
// of the extension (of the repository, in the tests), read only when the command runs. They are
// shipped as files rather than bundled: text the user needs once has no place in the bundle VS Code
// loads at startup (its 400 KB budget). Plain module (no vscode).
//
// What several handlers share is written once, in templates/webhook-handlers/parts/, and a handler
// takes it in with a line `<prefix>@include <part, relative to the file>[ without export]`, a
// comment of its language (`// @include parts/ts-inbox.ts`, `# @include parts/python-inbox.py`):
// - a code part replaces the line; `without export` drops the `export ` that starts its lines (a
//   Next.js route exports only its handlers; CommonJS exports with `exports.`);
// - a .txt part (prose) becomes comment lines, each starting with the line's prefix (`// `, `  # `).
// Parts may include parts. A TypeScript or JavaScript handler is then read as its language with
// the snippets' markers (⟦TypeScript only⟧, ⟪JavaScript only⟫), so one text serves both.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { scriptCode } from '../snippets/library/snippetSource';
import type { Framework } from './frameworks';

/** An include line: what comes before `@include` (its comment's prefix), the part, and the option. */
const INCLUDE = /^(.*)@include (\S+)( without export)?$/gm;

/** Where a framework's handler is: its id with the extension of the file it becomes (express.ts, fastapi.py). */
function templateFile(extensionRoot: string, framework: Pick<Framework, 'id' | 'defaultFile'>): string {
  return path.join(extensionRoot, 'templates', 'webhook-handlers', `${framework.id}${path.extname(framework.defaultFile)}`);
}

/** Prose as comment lines, each starting with the include line's prefix; an empty line is the bare prefix (`//`). */
const commentLines = (text: string, prefix: string): string => text.replace(/^.*$/gm, (line) => `${prefix}${line}`.trimEnd());

/** The file's text with its include lines replaced by the parts they name, themselves expanded. */
function withParts(file: string): string {
  return readFileSync(file, 'utf8').replace(INCLUDE, (_line, prefix: string, part: string, withoutExport?: string) => {
    const text = withParts(path.join(path.dirname(file), part)).replace(/\n$/, '');
    if (part.endsWith('.txt')) return commentLines(text, prefix);
    return withoutExport ? text.replace(/^export /gm, '') : text;
  });
}

/** The file the command writes for the framework. */
export function handlerSource(framework: Pick<Framework, 'id' | 'defaultFile'>, extensionRoot: string): string {
  const text = withParts(templateFile(extensionRoot, framework));
  const extension = path.extname(framework.defaultFile);
  return extension === '.ts' || extension === '.js' ? scriptCode(text, extension === '.ts' ? 'typescript' : 'javascript') : text;
}
