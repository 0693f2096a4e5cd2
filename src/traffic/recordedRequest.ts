// One recorded request, cheap to make and masked on first use. It is made while the sandbox
// answers, for every request, and most are never looked at: the constructor copies what a view
// row sorts and filters by and keeps the wire as it came, in a private field no surface reads
// (a view row, the panel, a snippet, JSON.stringify: all go through the masked getters). The
// masking runs once, when something first asks, and then the wire (secrets and all) is let go.

import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { countText } from '../common/plural';
import { RingSlice } from './byteRing';
import { maskHeaders, maskSandboxAnswer, maskText, templateHeaders, templateText } from '../common/masking';
import type { HeaderList, RequestRecord, RequestTemplate, TrafficEnvironment } from './requestRecord';

/** Bodies longer than this are cut in the history (a transaction list can be long). */
export const MAX_KEPT_BODY = 64 * 1024;

/** Headers that say nothing to a reader or a replay. */
const DROPPED_FROM_TEMPLATE = new Set(['host', 'content-length', 'connection', 'user-agent', 'accept-encoding', 'transfer-encoding']);

/** Headers as an object, or as names and values in turn (the sandbox's request headers, as received). */
type WireHeaders = IncomingHttpHeaders | OutgoingHttpHeaders | Readonly<Record<string, string>> | readonly string[];

/** What was on the wire, unmasked (the query and user agent too: they are masked when read). */
export interface Wire extends Pick<
  RequestRecord,
  'environment' | 'at' | 'method' | 'path' | 'query' | 'status' | 'durationMs' | 'fromExtension' | 'userAgent'
> {
  /** The answer is JSON the sandbox wrote (masked by its known fields, see maskSandboxAnswer). */
  sandboxAnswer: boolean;
  baseUrl: string;
  requestHeaders: WireHeaders;
  requestBody: WireBody;
  responseHeaders: WireHeaders;
  responseBody: WireBody;
}

/**
 * A body as it was on the wire: the sandbox's bytes (its answers copied into a ring, see
 * byteRing.ts; a request's as read) or the API client's text. Decoded when first read.
 */
type WireBody = string | Uint8Array | RingSlice;

function textOf(body: WireBody): string {
  if (typeof body === 'string') return body;
  if (body instanceof RingSlice) return body.text() ?? notKept(body);
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
}

// The history lets go of a record whose bytes the ring wrote over (requestHistory.ts); this is
// for a record something else held on to unread.
function notKept(slice: RingSlice): string {
  const size = countText(slice.length, `${slice.length} byte`, `${slice.length} bytes`, 'en');
  return `(${size}, no longer kept: the history keeps the newest ${slice.ringBytes / (1024 * 1024)} MB of the sandbox's answers)`;
}

/** What the panel, the snippets and Replay need: worked out together, on first use. */
interface Detail {
  requestHeaders: HeaderList;
  requestBody: string;
  responseHeaders: HeaderList;
  responseBody: string;
  template: RequestTemplate;
}

function clip(text: string): string {
  if (text.length <= MAX_KEPT_BODY) return text;
  const rest = text.length - MAX_KEPT_BODY;
  return `${text.slice(0, MAX_KEPT_BODY)}\n… (${countText(rest, `${rest} more character`, `${rest} more characters`, 'en')} not kept)`;
}

function isHeaderSequence(headers: WireHeaders): headers is readonly string[] {
  return Array.isArray(headers);
}

function headerPairs(headers: WireHeaders): [string, string][] {
  const pairs: [string, string][] = [];
  if (isHeaderSequence(headers)) {
    for (let index = 0; index + 1 < headers.length; index += 2) pairs.push([headers[index]!, headers[index + 1]!]);
    return pairs;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    pairs.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return pairs;
}

function templateOf(wire: Wire, requestHeaders: [string, string][]): RequestTemplate {
  const used = new Set<string>();
  const sentHeaders = requestHeaders.filter(([name]) => !DROPPED_FROM_TEMPLATE.has(name.toLowerCase()));
  const query = wire.query === '' ? '' : `?${templateText(wire.query, used)}`;
  return {
    method: wire.method,
    url: `${wire.baseUrl}${wire.path}${query}`,
    headers: templateHeaders(sentHeaders, used),
    body: templateText(textOf(wire.requestBody), used),
    placeholders: [...used],
  };
}

function detailOf(wire: Wire): Detail {
  const requestHeaders = headerPairs(wire.requestHeaders);
  return {
    requestHeaders: maskHeaders(requestHeaders),
    requestBody: clip(maskText(textOf(wire.requestBody))),
    responseHeaders: maskHeaders(headerPairs(wire.responseHeaders)),
    responseBody: wire.sandboxAnswer ? maskSandboxAnswer(clip(textOf(wire.responseBody))) : clip(maskText(textOf(wire.responseBody))),
    template: templateOf(wire, requestHeaders),
  };
}

export class RecordedRequest implements RequestRecord {
  readonly environment: TrafficEnvironment;
  readonly at: number;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  readonly fromExtension: boolean;
  #wire: Wire | undefined;
  // A row shows the query and the user agent: short, masked apart from the rest.
  #query: string | undefined;
  #userAgent: string | undefined;
  #detail: Detail | undefined;
  /** Its answer had been written over when it was first read (see lost). */
  #readLost = false;

  constructor(
    readonly id: number,
    wire: Wire,
  ) {
    this.environment = wire.environment;
    this.at = wire.at;
    this.method = wire.method;
    this.path = wire.path;
    this.status = wire.status;
    this.durationMs = Math.round(wire.durationMs);
    this.fromExtension = wire.fromExtension;
    this.#wire = wire;
  }

  /** Its answer in the ring was written over before it was read whole: the history lets it go. */
  get lost(): boolean {
    const wire = this.#wire;
    if (!wire) return this.#readLost;
    return wire.responseBody instanceof RingSlice && !wire.responseBody.intact;
  }

  get query(): string {
    return (this.#query ??= maskText(this.#wire!.query));
  }

  get userAgent(): string {
    return (this.#userAgent ??= maskText(this.#wire!.userAgent));
  }

  private get detail(): Detail {
    if (!this.#detail) {
      const wire = this.#wire!;
      this.#query ??= maskText(wire.query);
      this.#userAgent ??= maskText(wire.userAgent);
      this.#readLost = this.lost;
      this.#detail = detailOf(wire);
      // All of it is masked now: the wire, secrets and all, is no longer needed.
      this.#wire = undefined;
    }
    return this.#detail;
  }

  get requestHeaders(): HeaderList {
    return this.detail.requestHeaders;
  }

  get requestBody(): string {
    return this.detail.requestBody;
  }

  get responseHeaders(): HeaderList {
    return this.detail.responseHeaders;
  }

  get responseBody(): string {
    return this.detail.responseBody;
  }

  get template(): RequestTemplate {
    return this.detail.template;
  }

  /** The masked record as plain data: what JSON.stringify (a log line, a test) ever sees. */
  toJSON(): RequestRecord {
    const { id, environment, at, method, path, status, durationMs, fromExtension } = this;
    const { query, userAgent } = this;
    return { id, environment, at, method, path, query, status, durationMs, fromExtension, userAgent, ...this.detail };
  }
}
