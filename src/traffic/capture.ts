// Turns what the API client had on the wire for staging and production into a RequestRecord
// (it only takes references, and the record masks itself when first read). The in-process
// sandbox's requests are kept by sandboxRecorder.ts.

import type { TransportExchange } from '../api';
import { RecordedRequest } from './recordedRequest';
import type { TrafficEnvironment } from './requestRecord';

/** What this extension sends as User-Agent, so the sandbox's records can say "this extension". */
export const EXTENSION_USER_AGENT = 'wallet-console-vscode';

let nextId = 1;

/** The next record's id: one sequence for both sources, so ids order the history. */
export function takeRecordId(): number {
  return nextId++;
}

/** One attempt this extension made against staging or production. */
export function recordFromTransport(environment: TrafficEnvironment, exchange: TransportExchange): RecordedRequest {
  const userAgent = exchange.requestHeaders['user-agent'] ?? EXTENSION_USER_AGENT;
  return new RecordedRequest(takeRecordId(), {
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
