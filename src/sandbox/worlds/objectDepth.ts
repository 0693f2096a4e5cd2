import { ApiError, invalid } from '../vocabulary/errors';
import { firstTooDeep } from '../domain/jsonDepth';

// How deep an object a caller sends may nest: one rule for an admin payload's objects given from
// Node (input.ts) and for every field of a request body over HTTP, read from its text before it
// is parsed (http/body.ts). So both refuse the same object with the same words. Imports only the
// errors and the depth scan: the HTTP body reader sits under the public types.

/** How deep an object in an admin payload, or any field of a request body, may nest (a recipient is two levels). */
export const MAX_OBJECT_DEPTH = 8;

export const tooDeep = (field: string): ApiError => invalid(`${field} nests deeper than ${MAX_OBJECT_DEPTH} levels`);

/**
 * objectInput's depth rule, read from a JSON request body's text before it is parsed (http/body.ts):
 * the refusal of its first field nested deeper than MAX_OBJECT_DEPTH, undefined when none is.
 * Refused here, such a body is refused as Node refuses the same object.
 */
export function bodyNestedTooDeep(text: string): ApiError | undefined {
  // The body is level 1: a field's value may nest MAX_OBJECT_DEPTH levels below it.
  const deep = firstTooDeep(text, MAX_OBJECT_DEPTH + 1);
  if (!deep) return undefined;
  return deep.field ? tooDeep(deep.field) : invalid('The request body must be a JSON object');
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
