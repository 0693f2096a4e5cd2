// Turns what the API client had on the wire for staging and production into a record (it only
// takes references, and the record masks itself when first read). The local sandbox's requests
// are in its own journal (src/sandbox/requests/journal.ts).

import type { TransportExchange } from '../api';
import { EXTENSION_USER_AGENT, MaskedRecord } from './maskedRecord';
import type { TrafficEnvironment } from './requestRecord';

export { EXTENSION_USER_AGENT };

let nextId = -1;

/**
 * The next id of a request this extension sent: they count down from -1, so they never meet the
 * sandbox journal's, which count up from 1 (one number names one row of the view and the panel).
 */
export function takeOwnId(): number {
  return nextId--;
}

/** One attempt this extension made against staging or production. */
export function recordFromTransport(environment: TrafficEnvironment, exchange: TransportExchange): MaskedRecord {
  return new MaskedRecord(takeOwnId(), {
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
    requestHeaders: exchange.requestHeaders,
    requestBody: exchange.requestBody,
    responseHeaders: exchange.responseHeaders,
    responseBody: exchange.responseBody,
  });
}
