// How deep JSON text nests, read before it is parsed: parsed, a body nested thousands deep is
// tens of times its text for the collector. One scan serves the journal (whether to keep a body
// parsed, requests/entry.ts) and the request bodies' depth rule (worlds/objectDepth.ts).

/** Where JSON text first opens more than `max` objects or arrays inside each other. */
export interface TooDeep {
  /** The top-level key whose value was open there ('' when none: the text's top is an array). */
  field: string;
}

/** The first place the text nests deeper than `max`, or undefined when it never does. Brackets inside strings do not count. */
export function firstTooDeep(text: string, max: number): TooDeep | undefined {
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  // The last string closed at the top level, and the last of those a colon made a key.
  let lastStart = 0;
  let lastEnd = 0;
  let keyStart = -1;
  let keyEnd = -1;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash: the next character is escaped
      else if (code === 0x22) {
        inString = false;
        if (depth === 1) {
          lastStart = stringStart;
          lastEnd = index;
        }
      }
    } else if (code === 0x22) {
      inString = true;
      stringStart = index + 1;
    } else if (code === 0x3a && depth === 1) {
      keyStart = lastStart;
      keyEnd = lastEnd;
    } else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return { field: depth > 1 && keyStart >= 0 ? keyName(text.slice(keyStart, keyEnd)) : '' };
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return undefined;
}

/** A key as JSON text spells it, unescaped and cut short for a message. */
function keyName(spelt: string): string {
  try {
    return (JSON.parse(`"${spelt}"`) as string).slice(0, 40);
  } catch {
    return spelt.slice(0, 40);
  }
}
