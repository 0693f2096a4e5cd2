import type { ExchangeListener, SandboxExchange } from './exchange';
import { keptText, type EntryDraft } from '../requests/entry';
import type { RequestJournal } from '../requests/journal';

/** The journal's entry for an exchange the server reports (exchange.ts): the bodies as text, cut at MAX_KEPT_BODY_BYTES. */
export function draftOf(exchange: SandboxExchange): EntryDraft {
  const { unheard, apiAnswer } = exchange;
  return {
    ...(unheard ? { unheard } : {}),
    ...(apiAnswer ? { apiAnswer: { status: apiAnswer.status, body: keptText(apiAnswer.body, apiAnswer.bodySize) } } : {}),
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

/** Where an entry goes: the journal its X-App-Key names (a namespace's), else the sandbox's own. */
type JournalOf = (appKey: string) => { namespace?: string; requests: RequestJournal } | undefined;

/** An arrived request's place: its journal, its namespace and the id it was given. */
interface Ticket {
  journal: RequestJournal;
  namespace: string | undefined;
  id: number | undefined;
}

/**
 * Records every API exchange in the journal, or in its namespace's when `namespaceOf` knows its
 * X-App-Key; the sandbox's own admin API (/__sandbox) is not recorded. A request is numbered when
 * it has arrived whole, so its entry keeps its place however long its answer takes (a fault's
 * delay, a client that gave up).
 */
export function recordInto(journal: RequestJournal, namespaceOf: JournalOf = () => undefined): Required<ExchangeListener> {
  const place = (requestHeaders: readonly string[]): Omit<Ticket, 'id'> => {
    const key = appKeyOf(requestHeaders);
    const world = key === undefined ? undefined : namespaceOf(key);
    return world?.namespace ? { journal: world.requests, namespace: world.namespace } : { journal, namespace: undefined };
  };
  return {
    arrived: (requestHeaders, admin): Ticket | undefined => {
      if (admin) return undefined;
      const where = place(requestHeaders);
      return { ...where, id: where.journal.reserve() };
    },
    answered: (exchange, ticket) => {
      if (exchange.admin) return;
      const { journal: into, namespace, id } = (ticket as Ticket | undefined) ?? { ...place(exchange.requestHeaders), id: undefined };
      into.add(namespace ? { ...draftOf(exchange), namespace } : draftOf(exchange), id);
    },
  };
}

function appKeyOf(headers: readonly string[]): string | undefined {
  for (let index = 0; index + 1 < headers.length; index += 2) {
    if (headers[index]!.toLowerCase() === 'x-app-key') return headers[index + 1]?.trim();
  }
  return undefined;
}
