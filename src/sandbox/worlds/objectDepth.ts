import { ApiError, invalid } from '../errors';

// How deep an object a caller sends may nest: one rule for an admin payload's objects given from
// Node (input.ts) and for every field of a request body over HTTP, read from its text before it
// is parsed (http/body.ts). So both refuse the same object with the same words. Imports nothing
// but the errors: the HTTP body reader sits under the public types.

/** How deep an object in an admin payload, or any field of a request body, may nest (a recipient is two levels). */
export const MAX_OBJECT_DEPTH = 8;

export const tooDeep = (field: string): ApiError => invalid(`${field} nests deeper than ${MAX_OBJECT_DEPTH} levels`);

/**
 * objectInput's depth rule, read from a JSON request body's text before it is parsed (http/body.ts):
 * the refusal of its first field nested deeper than MAX_OBJECT_DEPTH, undefined when none is. A
 * body nested thousands deep parses to megabytes of objects for the collector; refused here, it is
 * refused as Node refuses the same object. Brackets inside strings do not count.
 */
export function bodyNestedTooDeep(text: string): ApiError | undefined {
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  let key: [start: number, end: number] = [0, 0];
  let field: [start: number, end: number] | undefined;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash: the next character is escaped
      else if (code === 0x22) {
        inString = false;
        if (depth === 1) key = [stringStart, index];
      }
    } else if (code === 0x22) {
      inString = true;
      stringStart = index + 1;
    } else if (code === 0x3a && depth === 1) field = key;
    else if (code === 0x7b || code === 0x5b) {
      // The body is level 1: a field's value may nest MAX_OBJECT_DEPTH levels below it.
      if (++depth > MAX_OBJECT_DEPTH + 1)
        return field ? tooDeep(fieldName(text.slice(...field))) : invalid('The request body must be a JSON object');
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return undefined;
}

/** A key as JSON text spells it, unescaped (and cut short for a message). */
function fieldName(spelt: string): string {
  try {
    return (JSON.parse(`"${spelt}"`) as string).slice(0, 40);
  } catch {
    return spelt.slice(0, 40);
  }
}

/** Walked with a stack, not recursion: a 100,000-level object must not overflow the checker itself. */
export function depthOver(root: object, max: number): boolean {
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value !== 'object' || value === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return false;
}
