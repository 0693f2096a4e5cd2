import { firstTooDeep } from '../domain/jsonDepth';

// One request the sandbox received and what it answered: a plain object, kept as it came (secrets
// and all: the journal is the developer's own, on loopback; whoever shows an entry masks it).

/** Request and answer bodies are kept up to this many bytes each; `…Size` says how long they were. */
export const MAX_KEPT_BODY_BYTES = 64 * 1024;

export interface JournalEntry {
  /**
   * 1, 2, 3… in the order the requests arrived (whole: with their bodies); never reused, not even
   * after clear(). An entry is listed once answered, in its place among the others.
   */
  readonly id: number;
  /** When the request arrived (epoch ms, the real clock, not the virtual one). */
  readonly at: number;
  /** From its arrival to its answer (or to the dropped connection). */
  readonly durationMs: number;
  readonly method: string;
  /** The path without the query string, as sent. */
  readonly path: string;
  /** The query string without `?` ('' when none). */
  readonly query: string;
  /** The request's headers as received: names as the client wrote them and values in turn (Node's rawHeaders). */
  readonly requestHeaders: readonly string[];
  /** The request headers as an object: names in lower case, a repeated header's values joined by `, ` (as Node joins them). */
  readonly headers: Readonly<Record<string, string>>;
  /** The request body parsed, when it is JSON nested at most 32 levels deep and was kept whole (undefined otherwise). */
  readonly json?: unknown;
  /** The request body as UTF-8 text, its first MAX_KEPT_BODY_BYTES ('' when none was read). */
  readonly requestBody: string;
  readonly requestBodySize: number;
  /** 0 when no answer was sent: a fault dropped the connection. */
  readonly status: number;
  /**
   * The client did not hear the answer: it had hung up or timed out before the answer came (the
   * work was done all the same, as on a real server: `status` is what it did), or none was sent
   * (status 0). Absent when the answer reached the client.
   */
  readonly unheard?: true;
  /**
   * What the API answered when a fault after its work (`phase: "after"`) dropped that answer
   * (status 0) or sent another: the API did this, the app heard `status`. Its body is kept as
   * `responseBody` is.
   */
  readonly apiAnswer?: { readonly status: number; readonly body: string };
  /** The answer's headers, names as written (`Content-Type`). Node's OutgoingHttpHeaders, spelt out: the package's types import nothing of Node's. */
  readonly responseHeaders: Readonly<Record<string, number | string | string[] | undefined>>;
  /** The answer body as UTF-8 text, its first MAX_KEPT_BODY_BYTES. */
  readonly responseBody: string;
  readonly responseBodySize: number;
  /** The sender: its User-Agent ('' when it sent none) and address. */
  readonly userAgent: string;
  readonly remoteAddress: string;
  /** The namespace it landed in (its X-App-Key was one of that namespace's); absent for the sandbox's own world. */
  readonly namespace?: string;
}

/** An entry before the journal numbers it (and reads its headers and JSON body: requestViews). */
export type EntryDraft = Omit<JournalEntry, 'id' | 'headers' | 'json'>;

/**
 * The request as a test reads it, made from what was received: headers by lower-case name, the
 * body parsed when it is JSON. Made from the kept text, so whatever masks that text masks these
 * when it makes them again from it.
 */
export function requestViews(
  requestHeaders: readonly string[],
  requestBody: string,
  requestBodySize: number,
): Pick<JournalEntry, 'headers' | 'json'> {
  const headers: Record<string, string> = {};
  for (let index = 0; index + 1 < requestHeaders.length; index += 2) {
    const name = requestHeaders[index]!.toLowerCase();
    const value = requestHeaders[index + 1]!;
    // Own keys only: a header named `constructor` or `__proto__` is a header like any other.
    if (Object.hasOwn(headers, name)) headers[name] = `${headers[name]}, ${value}`;
    else if (name === '__proto__') Object.defineProperty(headers, name, { value, enumerable: true, writable: true, configurable: true });
    else headers[name] = value;
  }
  const json = requestBodySize <= MAX_KEPT_BODY_BYTES ? parsedJson(requestBody) : undefined;
  return json === undefined ? { headers } : { headers, json };
}

/**
 * How deep a kept body may nest for the journal to keep it parsed as well. Parsed, a body nested
 * thousands deep is tens of times its text (a 60 KB one, about 1.5 MB), which the byte budget
 * does not see: hostile bodies filled the memory and held the loop in garbage collection.
 */
export const MAX_PARSED_DEPTH = 32;

/** The text as JSON, when it is an object or an array (what an API request sends) nested at most MAX_PARSED_DEPTH deep; undefined otherwise. */
function parsedJson(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  if (firstTooDeep(text, MAX_PARSED_DEPTH)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A body's kept text, given its length in bytes: the first MAX_KEPT_BODY_BYTES (a character cut
 * in two at the end reads as �). An answer the sandbox sent as text is kept as that same string
 * when it fits.
 */
export function keptText(body: Buffer | string, byteLength: number): string {
  if (byteLength <= MAX_KEPT_BODY_BYTES) return typeof body === 'string' ? body : body.toString('utf8');
  return (typeof body === 'string' ? Buffer.from(body) : body).toString('utf8', 0, MAX_KEPT_BODY_BYTES);
}

/** What an entry costs the byte budget besides its strings: the object, its header list and answer headers. */
const ENTRY_OVERHEAD_BYTES = 400;

/**
 * An entry's size for the byte budget: its texts' lengths plus a fixed overhead (a close bound,
 * not an exact count); the headers object and a parsed body count their text once more.
 */
export function entryBytes(entry: JournalEntry): number {
  let bytes = ENTRY_OVERHEAD_BYTES + entry.path.length + entry.query.length + entry.requestBody.length + entry.responseBody.length;
  if (entry.apiAnswer) bytes += entry.apiAnswer.body.length;
  for (const text of entry.requestHeaders) bytes += 2 * text.length;
  return entry.json === undefined ? bytes : bytes + entry.requestBody.length;
}
