// Finds the API paths a line of code names: `"/v1/users/balance"`, `${base}/v1/transactions/${ref}`,
// f"{BASE}/v1/transactions/{ref}", Go's "%s/v1/…", PHP's "$base/v1/…", Ruby's "#{base}/v1/…",
// `BASE + "/v1/transactions/" + ref`, and an .http file's `GET {{host}}/v1/users/balance`.
// Plain TypeScript, line by line: a 5,000-line file is scanned in a few milliseconds.

export interface FoundPath {
  /** Column of the path's first `/` (of `/v1/`). */
  start: number;
  /** Column after the path (before any `?query`). */
  end: number;
  /** The path as written, template parts and all. */
  text: string;
  /** Each segment after the first `/`: its literal text, or `undefined` for a template part. */
  segments: (string | undefined)[];
  /** Each segment as written (`${ref}`, `{id}`), for a fix that keeps the developer's own parts. */
  rawSegments: string[];
  /** The query as written, without `?` ('' when none). */
  query: string;
}

/**
 * What may stand right before `/v1/` for it to be this API's path: the string's quote, a
 * template or interpolation that ends there (`}`, `$base`, `%s`), a scheme and host, or (in an
 * .http request line) a space. `/api/v1/` or `example.com/docs/v1/` are someone else's paths.
 */
const BEFORE = /(?:^|["'`]|\}|\$[A-Za-z_]\w*|%[sv]|https?:\/\/[\w.-]+(?::\d+)?)$/;
const BEFORE_LOOSE = /(?:^|[\s"'`]|\}|\$[A-Za-z_]\w*|%[sv]|https?:\/\/[\w.-]+(?::\d+)?)$/;
const LITERAL = /[A-Za-z0-9_.~%-]/;

/** The end of a template part starting at `at` (`${…}`, `#{…}`, `{…}`, `{{…}}`, `%s`), or -1. */
function templateEnd(line: string, at: number): number {
  const char = line[at];
  if (char === '%' && /[sdv]/.test(line[at + 1] ?? '')) return at + 2;
  let open = at;
  if ((char === '$' || char === '#') && line[at + 1] === '{') open = at + 1;
  else if (char !== '{') return -1;
  let depth = 0;
  for (let index = open; index < line.length; index++) {
    if (line[index] === '{') depth++;
    else if (line[index] === '}' && --depth === 0) return index + 1;
    else if (line[index] === '"' || line[index] === '\n') break;
  }
  return -1;
}

/** Reads one path starting at `start` (its `/v1/`); undefined when what follows is not one. */
function readPath(line: string, start: number): FoundPath | undefined {
  const rawSegments: string[] = [];
  const segments: (string | undefined)[] = [];
  let index = start;
  while (index < line.length && line[index] === '/') {
    let segmentEnd = index + 1;
    let templated = false;
    for (;;) {
      const char = line[segmentEnd];
      if (char === undefined) break;
      if (LITERAL.test(char) && !(char === '%' && /[sdv]/.test(line[segmentEnd + 1] ?? ''))) {
        segmentEnd++;
        continue;
      }
      // Express-style `:id` opens a segment.
      if (char === ':' && segmentEnd === index + 1 && /[A-Za-z_]/.test(line[segmentEnd + 1] ?? '')) {
        templated = true;
        segmentEnd++;
        continue;
      }
      const end = templateEnd(line, segmentEnd);
      if (end < 0) break;
      templated = true;
      segmentEnd = end;
    }
    const raw = line.slice(index + 1, segmentEnd);
    rawSegments.push(raw);
    segments.push(templated ? undefined : raw);
    index = segmentEnd;
  }
  // A trailing slash: the path goes on after the string (`"/v1/transactions/" + ref`) or it ends there.
  if (rawSegments.length > 0 && rawSegments[rawSegments.length - 1] === '') {
    const after = line.slice(index + 1).trimStart();
    if (/^["'`]/.test(line[index] ?? '') && /^(\+|\.\s*\$|\.\s*[A-Za-z_]|,\s*[A-Za-z_])/.test(after)) {
      segments[segments.length - 1] = undefined;
    } else {
      rawSegments.pop();
      segments.pop();
    }
  }
  if (segments.length < 2 || segments[0] !== 'v1') return undefined;
  let query = '';
  if (line[index] === '?') {
    const match = /^[^\s"'`]*/.exec(line.slice(index + 1));
    query = match ? match[0] : '';
  }
  return { start, end: index, text: line.slice(start, index), segments, rawSegments, query };
}

/**
 * Every path of this API in one line. `loose` (an .http file) also takes a path after a space,
 * where code takes it only inside a string or right after a base URL or interpolation.
 */
export function findPaths(line: string, loose = false): FoundPath[] {
  const found: FoundPath[] = [];
  let from = 0;
  for (;;) {
    const at = line.indexOf('/v1/', from);
    if (at < 0) return found;
    from = at + 4;
    if (!(loose ? BEFORE_LOOSE : BEFORE).test(line.slice(Math.max(0, at - 120), at))) continue;
    const path = readPath(line, at);
    if (!path) continue;
    found.push(path);
    from = Math.max(from, path.end);
  }
}

/** The path at a column of the line (the cursor on it or right after it), if any. */
export function pathAt(line: string, column: number, loose = false): FoundPath | undefined {
  return findPaths(line, loose).find((path) => column >= path.start && column <= path.end);
}

/**
 * Where a path completion applies: the cursor is in a path that starts with `/v1/` (in a
 * string, or after a base URL or interpolation) and nothing but path text lies between them.
 * Returns the column the path starts at.
 */
export function completionStart(line: string, column: number, loose = false): number | undefined {
  const before = line.slice(0, column);
  const at = before.lastIndexOf('/v1/');
  if (at < 0) return undefined;
  if (!(loose ? BEFORE_LOOSE : BEFORE).test(before.slice(Math.max(0, at - 120), at))) return undefined;
  // Only path characters (and template parts) between /v1/ and the cursor.
  if (!/^[A-Za-z0-9_.~%/:${}#-]*$/.test(before.slice(at))) return undefined;
  return at;
}

/** The path as the catalog writes it from the segments found: template parts become `{}`. */
export function shapeOf(segments: readonly (string | undefined)[]): string {
  return `/${segments.map((segment) => segment ?? '{}').join('/')}`;
}
