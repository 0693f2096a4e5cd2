// Turns what was on the wire (the in-process sandbox's exchange, or the API client's for
// staging and production) into a RequestRecord, masked as it is made.

import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { TransportExchange } from '../api';
import type { SandboxExchange } from '../sandbox';
import { maskHeaders, maskSandboxAnswer, maskText, templateHeaders, templateText } from './masking';
import type { RequestRecord, TrafficEnvironment } from './requestRecord';

/** What this extension sends as User-Agent, so the sandbox's records can say "this extension". */
export const EXTENSION_USER_AGENT = 'wallet-console-vscode';

/** Bodies longer than this are cut in the history (a transaction list can be long). */
export const MAX_KEPT_BODY = 64 * 1024;

/** Headers that say nothing to a reader or a replay. */
const DROPPED_FROM_TEMPLATE = new Set(['host', 'content-length', 'connection', 'user-agent', 'accept-encoding', 'transfer-encoding']);

let nextId = 1;

function clip(text: string): string {
  return text.length > MAX_KEPT_BODY
    ? `${text.slice(0, MAX_KEPT_BODY)}\n… (${text.length - MAX_KEPT_BODY} more characters not kept)`
    : text;
}

function headerPairs(headers: IncomingHttpHeaders | OutgoingHttpHeaders | Record<string, string>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    pairs.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return pairs;
}

interface Wire {
  /** The answer is JSON the sandbox wrote (masked by its known fields, see maskSandboxAnswer). */
  sandboxAnswer: boolean;
  environment: TrafficEnvironment;
  at: number;
  method: string;
  baseUrl: string;
  path: string;
  query: string;
  status: number;
  durationMs: number;
  userAgent: string;
  requestHeaders: [string, string][];
  requestBody: string;
  responseHeaders: [string, string][];
  responseBody: string;
}

function toRecord(wire: Wire): RequestRecord {
  const used = new Set<string>();
  const sentHeaders = wire.requestHeaders.filter(([name]) => !DROPPED_FROM_TEMPLATE.has(name.toLowerCase()));
  const query = wire.query === '' ? '' : `?${templateText(wire.query, used)}`;
  const template = {
    method: wire.method,
    url: `${wire.baseUrl}${wire.path}${query}`,
    headers: templateHeaders(sentHeaders, used),
    body: templateText(wire.requestBody, used),
    placeholders: [...used],
  };
  return {
    id: nextId++,
    environment: wire.environment,
    at: wire.at,
    method: wire.method,
    path: wire.path,
    query: maskText(wire.query),
    status: wire.status,
    durationMs: Math.round(wire.durationMs),
    fromExtension: wire.userAgent === EXTENSION_USER_AGENT,
    userAgent: maskText(wire.userAgent),
    requestHeaders: maskHeaders(wire.requestHeaders),
    requestBody: clip(maskText(wire.requestBody)),
    responseHeaders: maskHeaders(wire.responseHeaders),
    responseBody: wire.sandboxAnswer ? maskSandboxAnswer(clip(wire.responseBody)) : clip(maskText(wire.responseBody)),
    template,
  };
}

/** A request the in-process sandbox answered; undefined for its admin API (not recorded). */
export function recordFromSandbox(exchange: SandboxExchange, sandboxUrl: string): RequestRecord | undefined {
  if (exchange.admin) return undefined;
  const userAgent = exchange.requestHeaders['user-agent'] ?? '';
  return toRecord({
    sandboxAnswer: true,
    environment: 'local',
    at: exchange.startedAt,
    method: exchange.method,
    baseUrl: sandboxUrl,
    path: exchange.path,
    query: exchange.query,
    status: exchange.status,
    durationMs: exchange.durationMs,
    userAgent,
    requestHeaders: headerPairs(exchange.requestHeaders),
    requestBody: exchange.requestBody,
    responseHeaders: headerPairs(exchange.headers),
    responseBody: exchange.body,
  });
}

/** One attempt this extension made against staging or production. */
export function recordFromTransport(environment: TrafficEnvironment, exchange: TransportExchange): RequestRecord {
  return toRecord({
    sandboxAnswer: false,
    environment,
    at: exchange.startedAt,
    method: exchange.method,
    baseUrl: exchange.baseUrl.replace(/\/+$/, ''),
    path: exchange.path,
    query: exchange.query,
    status: exchange.status,
    durationMs: exchange.durationMs,
    userAgent: exchange.requestHeaders['user-agent'] ?? EXTENSION_USER_AGENT,
    requestHeaders: headerPairs(exchange.requestHeaders),
    requestBody: exchange.requestBody,
    responseHeaders: headerPairs(exchange.responseHeaders),
    responseBody: exchange.responseBody,
  });
}
