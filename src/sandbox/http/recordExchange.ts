import type { SandboxExchange } from './exchange';
import { keptText, type EntryDraft } from '../requests/entry';
import type { RequestJournal } from '../requests/journal';

/** The journal's entry for an exchange the server reports (exchange.ts): the bodies as text, cut at MAX_KEPT_BODY_BYTES. */
export function draftOf(exchange: SandboxExchange): EntryDraft {
  return {
    at: exchange.startedAt,
    durationMs: exchange.durationMs,
    method: exchange.method,
    path: exchange.path,
    query: exchange.query,
    requestHeaders: exchange.requestHeaders,
    requestBody: keptText(exchange.requestBody, exchange.requestBody.length),
    requestBodySize: exchange.requestBody.length,
    status: exchange.status,
    responseHeaders: exchange.headers,
    responseBody: keptText(exchange.body, exchange.bodySize),
    responseBodySize: exchange.bodySize,
    userAgent: exchange.userAgent,
    remoteAddress: exchange.remoteAddress,
  };
}

/**
 * Records every API exchange in the journal, or in its namespace's when `namespaceOf` knows its
 * X-App-Key; the sandbox's own admin API (/__sandbox) is not recorded.
 */
export function recordInto(
  journal: RequestJournal,
  namespaceOf: (appKey: string) => { namespace?: string; requests: RequestJournal } | undefined = () => undefined,
): (exchange: SandboxExchange) => void {
  return (exchange) => {
    if (exchange.admin) return;
    const key = appKeyOf(exchange.requestHeaders);
    const world = key === undefined ? undefined : namespaceOf(key);
    if (world?.namespace) world.requests.add({ ...draftOf(exchange), namespace: world.namespace });
    else journal.add(draftOf(exchange));
  };
}

function appKeyOf(headers: readonly string[]): string | undefined {
  for (let index = 0; index + 1 < headers.length; index += 2) {
    if (headers[index]!.toLowerCase() === 'x-app-key') return headers[index + 1]?.trim();
  }
  return undefined;
}
