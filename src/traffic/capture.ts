// Turns what was on the wire (the in-process sandbox's exchange, or the API client's for
// staging and production) into a RequestRecord. This runs while the sandbox answers, for every
// request: it only takes references, and the record masks itself when first read.

import type { TransportExchange } from '../api';
import type { SandboxExchange } from '../sandbox';
import { RecordedRequest } from './recordedRequest';
import type { TrafficEnvironment } from './requestRecord';

/** What this extension sends as User-Agent, so the sandbox's records can say "this extension". */
export const EXTENSION_USER_AGENT = 'wallet-console-vscode';

let nextId = 1;

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
    requestHeaders: exchange.requestHeaders,
    requestBody: exchange.requestBody,
    responseHeaders: exchange.headers,
    responseBody: exchange.body,
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
