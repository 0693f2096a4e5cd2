// One request as the Requests view, the panel, a snippet and the agent tools see it: masked when
// first read (src/masking/masking.ts), never before. Made from a sandbox journal entry (kept as
// the client sent it, secrets and all, in the sandbox's journal) or from what the API client had
// on the wire for staging and production. A row reads only its short fields; the headers and
// bodies are masked when the panel, a snippet or Replay first asks, and kept masked after.

import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { countText } from '../common/plural';
import { maskHeaders, maskSandboxAnswer, maskText, templateHeaders, templateText } from '../masking/masking';
import { EDITOR_USER_AGENT, MAX_KEPT_BODY_BYTES, type JournalEntry } from '../sandbox/reference';
import type { HeaderList, RequestRecord, RequestTemplate, TrafficEnvironment } from './requestRecord';

/** What this extension sends as User-Agent, so the sandbox's entries can say "this extension" (and the review leaves them alone). */
export const EXTENSION_USER_AGENT = EDITOR_USER_AGENT;

/** Headers that say nothing to a reader or a replay. */
const DROPPED_FROM_TEMPLATE = new Set(['host', 'content-length', 'connection', 'user-agent', 'accept-encoding', 'transfer-encoding']);

/** Headers as an object, or as names and values in turn (the sandbox's request headers, as received). */
type WireHeaders = IncomingHttpHeaders | OutgoingHttpHeaders | Readonly<Record<string, string>> | readonly string[];

/** What was on the wire, unmasked. */
export interface Wire {
  environment: TrafficEnvironment;
  at: number;
  method: string;
  baseUrl: string;
  path: string;
  query: string;
  status: number;
  durationMs: number;
  userAgent: string;
  requestHeaders: WireHeaders;
  requestBody: string;
  responseHeaders: WireHeaders;
  responseBody: string;
  /** The bodies' whole sizes in bytes when only their first MAX_KEPT_BODY_BYTES were kept (the sandbox's journal). */
  requestBodySize?: number;
  responseBodySize?: number;
  /** The answer is JSON the sandbox wrote (masked by its known fields, see maskSandboxAnswer). */
  sandboxAnswer: boolean;
}

/** What the panel, the snippets and Replay need: worked out together, on first use. */
interface Detail {
  requestHeaders: HeaderList;
  requestBody: string;
  responseHeaders: HeaderList;
  responseBody: string;
  template: RequestTemplate;
}

/** Bodies longer than this are cut where they are shown (the sandbox's journal keeps as much). */
const MAX_SHOWN = MAX_KEPT_BODY_BYTES;

function clip(text: string, size: number | undefined): string {
  if (size !== undefined) {
    if (size <= MAX_SHOWN) return text;
    const rest = size - MAX_SHOWN;
    return `${text}\n… (${countText(rest, `${rest} more byte`, `${rest} more bytes`, 'en')} not kept)`;
  }
  if (text.length <= MAX_SHOWN) return text;
  const rest = text.length - MAX_SHOWN;
  return `${text.slice(0, MAX_SHOWN)}\n… (${countText(rest, `${rest} more character`, `${rest} more characters`, 'en')} not kept)`;
}

function headerPairs(headers: WireHeaders): [string, string][] {
  const pairs: [string, string][] = [];
  if (Array.isArray(headers)) {
    const list = headers as readonly string[];
    for (let index = 0; index + 1 < list.length; index += 2) pairs.push([list[index]!, list[index + 1]!]);
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
    body: templateText(wire.requestBody, used),
    placeholders: [...used],
  };
}

function detailOf(wire: Wire): Detail {
  const requestHeaders = headerPairs(wire.requestHeaders);
  const responseBody = clip(wire.responseBody, wire.responseBodySize);
  return {
    requestHeaders: maskHeaders(requestHeaders),
    requestBody: clip(maskText(wire.requestBody), wire.requestBodySize),
    responseHeaders: maskHeaders(headerPairs(wire.responseHeaders)),
    responseBody: wire.sandboxAnswer ? maskSandboxAnswer(responseBody) : maskText(responseBody),
    template: templateOf(wire, requestHeaders),
  };
}

export class MaskedRecord implements RequestRecord {
  readonly environment: TrafficEnvironment;
  readonly at: number;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  readonly fromExtension: boolean;
  /** Kept until the detail is masked; the sandbox's journal keeps its own entry whatever this does. */
  #wire: Wire | undefined;
  // A row shows the query and the user agent: short, masked apart from the rest.
  #query: string | undefined;
  #userAgent: string | undefined;
  #detail: Detail | undefined;

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
    this.fromExtension = wire.userAgent === EXTENSION_USER_AGENT;
    this.#wire = wire;
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
      this.#detail = detailOf(wire);
      // All of it is masked now: this record lets go of the wire.
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
    const { id, environment, at, method, path, status, durationMs, fromExtension, query, userAgent } = this;
    return { id, environment, at, method, path, query, status, durationMs, fromExtension, userAgent, ...this.detail };
  }
}

/** A request the local sandbox recorded in its journal, as a record (`sandboxUrl`: where it listens). */
export function recordOfEntry(entry: JournalEntry, sandboxUrl: string): MaskedRecord {
  return new MaskedRecord(entry.id, {
    environment: 'local',
    sandboxAnswer: true,
    baseUrl: sandboxUrl,
    ...entry,
  });
}
