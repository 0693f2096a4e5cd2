import { MAX_WAIT_MS } from '../worlds/waitQuery';
import { matchesWebhook, type WebhookFilter } from '../domain/webhookFilter';
import { ApiError, ErrorCode } from '../vocabulary/errors';
import { describeFilter, matches, type RequestFilter } from '../requests/filter';
import { AdminHttp, journalPages, operationCall } from '../client/adminHttp';
import type { CreatedNamespace, NamespaceSummary } from '../types';
import { MAX_EVENTS } from '../domain/state';
import { everyEventOf, type EventsPage } from '../worlds/eventsPage';
import { DEFAULT_TIMEOUT_MS, SandboxTimeoutError, type WaitSignal } from '../vocabulary/wait';
import type { OperationName } from '../worlds/operations';
import { webhookWaitWhat, type NamespacePort, type WorldPort } from './port';

// A world over the admin HTTP API (connectSandbox): each operation of the table is sent as the
// request its route reads (client/adminHttp.ts), and the waits are the admin API's own
// (GET /__sandbox/requests?waitMs=, GET /__sandbox/events?waitMs=). A refusal is the same
// SandboxError, with the status and errorCode the sandbox answered.

/** How often a webhook wait with a `where` predicate (which only this side can run) looks again. */
const PREDICATE_POLL_MS = 25;

/** The request filter's fields the admin API takes as query parameters (a RegExp path and `where` are checked here). */
function requestQuery(filter: RequestFilter, after: number | undefined): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.method !== undefined) query.set('method', filter.method.toUpperCase());
  if (typeof filter.path === 'string') query.set('path', filter.path);
  if (filter.pathPrefix !== undefined) query.set('pathPrefix', filter.pathPrefix);
  if (filter.status !== undefined) query.set('status', [filter.status].flat().join(','));
  if (filter.since !== undefined) query.set('since', String(filter.since));
  if (filter.until !== undefined) query.set('until', String(filter.until));
  if (after !== undefined) query.set('after', String(after));
  return query;
}

function eventQuery(filter: WebhookFilter): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of ['type', 'reference', 'appId', 'delivered', 'state'] as const) {
    if (filter[name] !== undefined) query.set(name, String(filter[name]));
  }
  return query;
}

const timedOut = (error: unknown): boolean => error instanceof ApiError && error.errorCode === ErrorCode.waitTimedOut;

/** What the sandbox's own timeout added after "came within N ms" (what the journal held, the near misses). */
const timeoutDetail = (error: unknown): string =>
  error instanceof ApiError ? (/came within \d+ ms(.*)$/s.exec(error.message)?.[1] ?? '') : '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The world that `admin` reaches, as a port. */
export function httpPort(admin: AdminHttp): WorldPort {
  // Every entry the sandbox's filter takes, oldest first: its answers come a page at a time.
  const listRequests = async (filter: RequestFilter, after = filter.after, waitMs?: number, signal?: WaitSignal) => {
    const query = requestQuery(filter, after);
    if (waitMs !== undefined) query.set('waitMs', String(waitMs));
    return (await journalPages(admin, query, Infinity, signal)).reverse();
  };
  return {
    run: (name, raw) => operationCall(admin, name as OperationName, raw),
    listRequests: async (filter) => (await listRequests(filter)).filter((entry) => matches(entry, filter)),
    waitForRequest: async (filter, { timeoutMs = DEFAULT_TIMEOUT_MS, signal } = {}) => {
      const deadline = Date.now() + timeoutMs;
      let after = filter.after;
      let detail = '';
      for (;;) {
        const waitMs = Math.max(0, Math.min(deadline - Date.now(), MAX_WAIT_MS));
        try {
          // Each round waits for an entry past the last one seen that the sandbox can match.
          const entries = await listRequests(filter, after, waitMs, signal);
          const found = entries.find((entry) => matches(entry, filter));
          if (found) return found;
          after = entries.at(-1)?.id ?? after;
        } catch (error) {
          if (!timedOut(error)) throw error;
          detail = timeoutDetail(error);
        }
        if (Date.now() >= deadline) throw new SandboxTimeoutError(`request matching ${describeFilter(filter)}`, timeoutMs, detail);
      }
    },
    waitForEvent: async (filter, { timeoutMs = DEFAULT_TIMEOUT_MS, signal } = {}) => {
      const deadline = Date.now() + timeoutMs;
      let detail = '';
      for (;;) {
        const waitMs = String(Math.max(0, Math.min(deadline - Date.now(), MAX_WAIT_MS)));
        try {
          // The wait holds the first page; the others (older events) come at once.
          const events = await everyEventOf((before) => {
            const query = eventQuery(filter);
            query.set('limit', String(MAX_EVENTS));
            if (before === undefined) query.set('waitMs', waitMs);
            else query.set('before', before);
            return admin.call<EventsPage>('GET', `/__sandbox/events?${query}`, undefined, signal);
          });
          const found = events.reverse().find((event) => matchesWebhook(event, filter));
          if (found) return found;
          // Only `where` can refuse what the sandbox matched: look again shortly.
          await sleep(Math.max(0, Math.min(PREDICATE_POLL_MS, deadline - Date.now())));
        } catch (error) {
          if (!timedOut(error)) throw error;
          detail = timeoutDetail(error);
        }
        if (Date.now() >= deadline) throw new SandboxTimeoutError(webhookWaitWhat(filter), timeoutMs, detail);
      }
    },
  };
}

/** The namespaces over the admin API: each made here is reached with its own key. */
export function httpNamespaces(admin: AdminHttp): NamespacePort {
  const gone = (error: unknown): boolean => error instanceof ApiError && error.errorCode === ErrorCode.namespaceNotFound;
  const found = async (call: () => Promise<unknown>): Promise<boolean> => {
    try {
      await call();
      return true;
    } catch (error) {
      if (gone(error)) return false;
      throw error;
    }
  };
  return {
    create: async () => {
      const { namespace } = await admin.call<{ namespace: CreatedNamespace }>('POST', '/__sandbox/namespaces');
      return { created: namespace, port: httpPort(new AdminHttp(admin.url, namespace.appKey)) };
    },
    adopt: () => undefined,
    list: async () => (await admin.call<{ namespaces: NamespaceSummary[] }>('GET', '/__sandbox/namespaces')).namespaces,
    reset: (id) => found(() => admin.call('POST', `/__sandbox/namespaces/${encodeURIComponent(id)}/reset`)),
    delete: (id) => found(() => admin.call('DELETE', `/__sandbox/namespaces/${encodeURIComponent(id)}`)),
  };
}
