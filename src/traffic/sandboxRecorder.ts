// The in-process sandbox's side of the Requests view's history: every request it answers, kept
// as a row of columns, not as an object.
//
// Why: this runs for every request the sandbox answers, in the sandbox's own process, and most
// rows are never looked at. A row's numbers go into typed arrays and its references (strings,
// header lists and objects the sandbox made anyway) into arrays sized once, and the answer's bytes
// into a ring (byteRing.ts): the recorder allocates nothing per request, and the collector has no
// object of ours to copy or promote. A RecordedRequest (masked on first read) is made from a row
// only when something reads it. `npm run bench -- --only traffic` holds all this to 10 % of the
// sandbox's throughput.

import type { OutgoingHttpHeaders } from 'node:http';
import type { SandboxExchange } from '../sandbox';
import { ByteRing } from './byteRing';
import { EXTENSION_USER_AGENT, takeRecordId } from './capture';
import { RecordedRequest } from './recordedRequest';

const NOTHING = Buffer.alloc(0);
const NO_HEADERS: readonly string[] = Object.freeze([]);
const NO_ANSWER_HEADERS: OutgoingHttpHeaders = Object.freeze({});

/** One slot per row: a row lives at `id % capacity` until a newer one takes its place. */
class Columns {
  readonly id: Float64Array;
  readonly at: Float64Array;
  readonly durationMs: Float64Array;
  readonly status: Uint16Array;
  /** Where the answer's bytes start in the ring, or -1 when they were too large for it (see largeBody). */
  readonly bodyStart: Float64Array;
  readonly bodyLength: Float64Array;
  readonly method: string[];
  readonly path: string[];
  readonly query: string[];
  readonly userAgent: string[];
  readonly requestHeaders: (readonly string[])[];
  readonly requestBody: Buffer[];
  readonly responseHeaders: OutgoingHttpHeaders[];
  readonly largeBody: (Buffer | undefined)[];
  readonly sandboxUrl: string[];

  constructor(readonly capacity: number) {
    this.id = new Float64Array(capacity);
    this.at = new Float64Array(capacity);
    this.durationMs = new Float64Array(capacity);
    this.status = new Uint16Array(capacity);
    this.bodyStart = new Float64Array(capacity);
    this.bodyLength = new Float64Array(capacity);
    this.method = new Array<string>(capacity);
    this.path = new Array<string>(capacity);
    this.query = new Array<string>(capacity);
    this.userAgent = new Array<string>(capacity);
    this.requestHeaders = new Array<readonly string[]>(capacity);
    this.requestBody = new Array<Buffer>(capacity);
    this.responseHeaders = new Array<OutgoingHttpHeaders>(capacity);
    this.largeBody = new Array<Buffer | undefined>(capacity);
    this.sandboxUrl = new Array<string>(capacity);
    // Every row emptied up front: no slot is a hole, and each column holds values of one type.
    for (let row = 0; row < capacity; row++) this.empty(row);
  }

  /** Lets go of a row's references (its numbers say nothing without them). */
  empty(row: number): void {
    this.id[row] = -1;
    this.method[row] = '';
    this.path[row] = '';
    this.query[row] = '';
    this.userAgent[row] = '';
    this.requestHeaders[row] = NO_HEADERS;
    this.requestBody[row] = NOTHING;
    this.responseHeaders[row] = NO_ANSWER_HEADERS;
    this.largeBody[row] = undefined;
    this.sandboxUrl[row] = '';
  }
}

export class SandboxRecorder {
  // Reserved up front, as the ring is, not on the sandbox's first request (see byteRing.ts).
  #columns: Columns;
  /** The sandbox's answers, copied: the Buffer it sent is let go at once (see byteRing.ts). */
  readonly #answers = new ByteRing(16 * 1024 * 1024);
  #last = new Repeats();

  /** Keeps `capacity` rows at least (the history's most). */
  constructor(capacity: number) {
    this.#columns = new Columns(capacity);
  }

  /** How many rows it keeps. */
  get capacity(): number {
    return this.#columns.capacity;
  }

  /**
   * Keeps a row for one request the sandbox answered, and answers its id (undefined for the
   * sandbox's admin API, which is not recorded).
   */
  note(exchange: SandboxExchange, sandboxUrl: string): number | undefined {
    if (exchange.admin) return undefined;
    const columns = this.#columns;
    const id = takeRecordId();
    const row = id % columns.capacity;
    const { body } = exchange;
    const start = this.#answers.put(body);
    columns.id[row] = id;
    columns.at[row] = exchange.startedAt;
    columns.durationMs[row] = exchange.durationMs;
    columns.status[row] = exchange.status;
    columns.bodyStart[row] = start ?? -1;
    columns.bodyLength[row] = body.length;
    // A body too large to share the ring (over 2 MB) is kept as it came.
    columns.largeBody[row] = start === undefined ? body : undefined;
    columns.method[row] = exchange.method;
    // A row's strings, header lists and answer headers are the previous row's when they are the
    // same (a client repeating a call): see Repeats.
    const last = this.#last;
    columns.path[row] = last.path = sameText(exchange.path, last.path);
    columns.query[row] = last.query = sameText(exchange.query, last.query);
    columns.userAgent[row] = last.userAgent = sameText(exchange.userAgent, last.userAgent);
    columns.requestHeaders[row] = last.requestHeaders = sameList(exchange.requestHeaders, last.requestHeaders);
    columns.requestBody[row] = exchange.requestBody;
    columns.responseHeaders[row] = last.responseHeaders = sameHeaders(exchange.headers, last.responseHeaders);
    columns.sandboxUrl[row] = sandboxUrl;
    return id;
  }

  /** Whether the row is still kept whole (its answer too): a history lets go of the others. */
  holds(id: number): boolean {
    const columns = this.#columns;
    const row = id % columns.capacity;
    if (columns.id[row] !== id) return false;
    const start = columns.bodyStart[row]!;
    return start === -1 || this.#answers.holds(start);
  }

  /**
   * The row as a record (masked when first read), or undefined once a newer row took its place.
   * The row is handed over: it lets go of what it held, so once the record has masked itself no
   * unmasked copy is left but the answer's bytes in the ring. Asked again, it answers undefined.
   */
  record(id: number): RecordedRequest | undefined {
    const columns = this.#columns;
    const row = id % columns.capacity;
    if (columns.id[row] !== id) return undefined;
    const start = columns.bodyStart[row]!;
    const userAgent = columns.userAgent[row]!;
    const record = new RecordedRequest(id, {
      sandboxAnswer: true,
      environment: 'local',
      at: columns.at[row]!,
      method: columns.method[row]!,
      baseUrl: columns.sandboxUrl[row]!,
      path: columns.path[row]!,
      query: columns.query[row]!,
      status: columns.status[row]!,
      durationMs: columns.durationMs[row]!,
      fromExtension: userAgent === EXTENSION_USER_AGENT,
      userAgent,
      requestHeaders: columns.requestHeaders[row]!,
      requestBody: columns.requestBody[row]!,
      responseHeaders: columns.responseHeaders[row]!,
      responseBody: start === -1 ? columns.largeBody[row]! : this.#answers.slice(start, columns.bodyLength[row]!),
    });
    columns.empty(row);
    return record;
  }

  /**
   * Keeps `capacity` rows from now on. The rows kept so far are let go: the history turns the
   * ones it still lists into records first (a setting changed; not on the hot path).
   */
  resize(capacity: number): void {
    this.#columns = new Columns(capacity);
  }

  /**
   * Lets go of every row and zeroes the answers' bytes (secrets and all, for Clear): nothing of a
   * cleared history stays in memory unmasked.
   */
  forget(): void {
    this.#columns = new Columns(this.#columns.capacity);
    this.#answers.forget();
    this.#last = new Repeats();
  }
}

/**
 * What the last row kept, handed to the next row again when that one's is the same. A client
 * repeats itself (the same path, user agent and ~20 header strings, the same answer headers), so
 * its rows share one copy, and the copies a request brought die young. Rows keep their
 * references for as long as the history lists them: a new object in every row would be promoted
 * to the old generation, and the major collections that follow cost the sandbox more than
 * recording itself does (npm run bench -- --only traffic; docs/benchmarks.md).
 */
class Repeats {
  path = '';
  query = '';
  userAgent = '';
  requestHeaders: readonly string[] = NO_HEADERS;
  responseHeaders: OutgoingHttpHeaders = NO_ANSWER_HEADERS;
}

function sameText(text: string, last: string): string {
  return text === last ? last : text;
}

function sameList(list: readonly string[], last: readonly string[]): readonly string[] {
  if (list.length !== last.length) return list;
  for (let index = 0; index < list.length; index++) {
    if (list[index] !== last[index]) return list;
  }
  return last;
}

/** The same names, written alike, with the same values (a list value, Set-Cookie's, is never the same). */
function sameHeaders(headers: OutgoingHttpHeaders, last: OutgoingHttpHeaders): OutgoingHttpHeaders {
  let names = 0;
  for (const name in headers) {
    if (headers[name] !== last[name]) return headers;
    names++;
  }
  return names === Object.keys(last).length ? last : headers;
}
