// Where a launch.json can take one more configuration, and the text the launch configuration is
// inserted as there (Add Configuration… ends with the cursor on a new line of the
// "configurations" array). No 'vscode' here: unit-tested in plain Node.
import type { LaunchConfiguration } from './launchRules';

/**
 * True when `offset` is directly inside the top-level "configurations" array, between its
 * items (not inside one of them, a string or a comment). A small JSONC scanner: no parser needed
 * for one question.
 */
export function atConfigurationsItem(text: string, offset: number): boolean {
  /** Each open bracket, with the property it is the value of. */
  const open: { bracket: '{' | '['; key: string | undefined }[] = [];
  let lastString: string | undefined;
  let key: string | undefined;
  for (let i = 0; i < offset; i++) {
    const char = text[i]!;
    if (char === '/' && text[i + 1] === '/') i = lineEnd(text, i);
    else if (char === '/' && text[i + 1] === '*') i = text.indexOf('*/', i + 2) < 0 ? offset : text.indexOf('*/', i + 2) + 1;
    else if (char === '"') {
      const end = stringEnd(text, i);
      if (end >= offset) return false;
      lastString = text.slice(i + 1, end);
      i = end;
    } else if (char === ':') key = lastString;
    else if (char === '{' || char === '[') {
      open.push({ bracket: char, key });
      key = undefined;
    } else if (char === '}' || char === ']') open.pop();
    else if (char === ',') key = undefined;
  }
  const [root, array, ...deeper] = open;
  return root?.bracket === '{' && array?.bracket === '[' && array.key === 'configurations' && deeper.length === 0;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

/** The index of the quote that closes the string opening at `from` (escapes skipped). */
function stringEnd(text: string, from: number): number {
  for (let i = from + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return text.length;
}

const PROGRAM_MARK = '"__program__"';

/**
 * The configuration as snippet text (VS Code's snippet syntax: `$`, `}` and `\` escaped), its
 * program a placeholder under ${workspaceFolder}, with a comma before or after it when another
 * configuration is there.
 */
export function launchSnippetText(config: LaunchConfiguration, commaBefore: boolean, commaAfter: boolean): string {
  const json = JSON.stringify({ ...config, program: JSON.parse(PROGRAM_MARK) as string }, null, '\t');
  const escaped = json.replace(/[$}\\]/g, (char) => `\\${char}`);
  const body = escaped.replace(PROGRAM_MARK, () => '"\\${workspaceFolder}/${1:index.js}"');
  return `${commaBefore ? ',' : ''}${body}${commaAfter ? ',' : ''}`;
}

/** Whether the text around the cursor needs a comma: after a configuration before it, before one after it. */
export function commasAround(text: string, offset: number): { before: boolean; after: boolean } {
  const before = text.slice(0, offset).trimEnd();
  const after = text.slice(offset).trimStart();
  return { before: before.endsWith('}'), after: after.startsWith('{') };
}
