// Turns what was on the wire (the in-process sandbox's exchange, or the API client's for
// staging and production) into a RequestRecord. This runs while the sandbox answers, for every
// request: it only takes references, and the record masks itself when first read.

import type { TransportExchange } from '../api';
import type { SandboxExchange } from '../sandbox';
import { ByteRing } from './byteRing';
import { RecordedRequest } from './recordedRequest';
import type { TrafficEnvironment } from './requestRecord';

/** What this extension sends as User-Agent, so the sandbox's records can say "this extension". */
export const EXTENSION_USER_AGENT = 'wallet-console-vscode';

let nextId = 1;

/** The sandbox's answers, copied: the Buffer it sent is let go at once (see byteRing.ts). */
const sandboxAnswers = new ByteRing(16 * 1024 * 1024);

/** The request headers of the sandbox's last record: a client sends the same ones time after time. */
let lastHeaders: readonly string[] = [];

/**
 * The last record's headers when these are the same, so a history of a client's calls holds one
 * copy of them, not one per call (names and values in turn, ~20 strings a request).
 */
function sameAsLast(headers: readonly string[]): readonly string[] {
  const last = lastHeaders;
  if (headers.length !== last.length) return (lastHeaders = headers);
  for (let index = 0; index < headers.length; index++) {
    if (headers[index] !== last[index]) return (lastHeaders = headers);
  }
  return last;
}

/**
 * Lets go of the raw bytes behind the sandbox's records (answers and the last request headers,
 * secrets and all), for Clear: nothing of a cleared history stays in memory unmasked.
 */
export function forgetSandboxTraffic(): void {
  sandboxAnswers.forget();
  lastHeaders = [];
}

/** A request the in-process sandbox answered; undefined for its admin API (not recorded). */
export function recordFromSandbox(exchange: SandboxExchange, sandboxUrl: string): RecordedRequest | undefined {
  if (exchange.admin) return undefined;
  const { userAgent } = exchange;
  return new RecordedRequest(nextId++, {
    sandboxAnswer: true,
    environment: 'local',
    at: exchange.startedAt,
    method: exchange.method,
    baseUrl: sandboxUrl,
    path: exchange.path,
    query: exchange.query,
    status: exchange.status,
    durationMs: exchange.durationMs,
    fromExtension: userAgent === EXTENSION_USER_AGENT,
    userAgent,
    requestHeaders: sameAsLast(exchange.requestHeaders),
    requestBody: exchange.requestBody,
    responseHeaders: exchange.headers,
    // A body too large to share the ring (over 2 MB) is kept as it came.
    responseBody: sandboxAnswers.keep(exchange.body) ?? exchange.body,
  });
}

/** One attempt this extension made against staging or production. */
export function recordFromTransport(environment: TrafficEnvironment, exchange: TransportExchange): RecordedRequest {
  const userAgent = exchange.requestHeaders['user-agent'] ?? EXTENSION_USER_AGENT;
  return new RecordedRequest(nextId++, {
    sandboxAnswer: false,
    environment,
    at: exchange.startedAt,
    method: exchange.method,
    baseUrl: exchange.baseUrl.replace(/\/+$/, ''),
    path: exchange.path,
    query: exchange.query,
    status: exchange.status,
    durationMs: exchange.durationMs,
    fromExtension: userAgent === EXTENSION_USER_AGENT,
    userAgent,
    requestHeaders: exchange.requestHeaders,
    requestBody: exchange.requestBody,
    responseHeaders: exchange.responseHeaders,
    responseBody: exchange.responseBody,
  });
}
