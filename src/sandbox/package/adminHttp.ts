import { MAX_WAIT_MS } from '../admin/waitQuery';
import { matchesWebhook, type WebhookFilter } from '../domain/webhookFilter';
import { ApiError, ErrorCode, type ErrorCodeValue } from '../errors';
import type { JournalEntry } from '../requests/entry';
import { describeFilter, matches, type RequestFilter } from '../requests/filter';
import { operationRequest } from '../sharing/operationRequest';
import type { CreatedNamespace, NamespaceSummary, PublicWebhookEvent } from '../types';
import { DEFAULT_TIMEOUT_MS, SandboxTimeoutError } from '../wait';
import type { RawInput } from '../worlds/input';
import type { Operation } from '../worlds/operation';
import { OPERATIONS, type OperationName } from '../worlds/operations';
import type { OperationAnswer } from './operate';
import { webhookWaitWhat, type NamespacePort, type WorldPort } from './port';

// A world over the admin HTTP API (connectSandbox): each operation of the table is sent as the
// request its route reads (sharing/operationRequest.ts), and the waits are the admin API's own
// (GET /__sandbox/requests?waitMs=, GET /__sandbox/events?waitMs=). A refusal is the same
// SandboxError, with the status and errorCode the sandbox answered.

/** How often a webhook wait with a `where` predicate (which only this side can run) looks again. */
const PREDICATE_POLL_MS = 25;

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: string;
  errorCode?: string;
}

/** Admin calls to one sandbox, as one world: the root's, or a namespace's when `appKey` is one of its keys. */
export class AdminHttp {
  constructor(
    readonly url: string,
    private readonly appKey?: string,
  ) {}

  async call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.appKey !== undefined) headers['X-App-Key'] = this.appKey;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${this.url}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The wait was stopped');
      throw new Error(
        `The sandbox at ${this.url} did not answer (${(error as Error).message}); is it running? npx wallet-sandbox starts one`,
        {
          cause: error,
        },
      );
    }
    const answer = (await response.json().catch(() => undefined)) as Envelope | undefined;
    if (!response.ok || answer?.success !== true) {
      const code = (answer?.errorCode ?? ErrorCode.invalidInput) as ErrorCodeValue;
      throw new ApiError(
        response.status,
        code,
        answer?.error ?? `The sandbox at ${this.url} answered ${response.status} to ${method} ${path}`,
      );
    }
    return answer.data as T;
  }
}

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
  const run = async <N extends OperationName>(name: N, raw: RawInput = {}): Promise<OperationAnswer<N>> => {
    // The sandbox's own check first: the same refusal, and nothing unsendable is sent.
    (OPERATIONS[name] as Operation<unknown, unknown>).input(raw);
    const { method, path, body } = operationRequest(name, raw);
    return admin.call(method, path, body);
  };
  const listRequests = async (filter: RequestFilter, after = filter.after, waitMs?: number, signal?: AbortSignal) => {
    const query = requestQuery(filter, after);
    if (waitMs !== undefined) query.set('waitMs', String(waitMs));
    const { requests } = await admin.call<{ requests: JournalEntry[] }>('GET', `/__sandbox/requests?${query}`, undefined, signal);
    return requests;
  };
  return {
    run: (name, raw) => run(name as OperationName, raw),
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
        const query = eventQuery(filter);
        query.set('waitMs', String(Math.max(0, Math.min(deadline - Date.now(), MAX_WAIT_MS))));
        try {
          const { events } = await admin.call<{ events: PublicWebhookEvent[] }>('GET', `/__sandbox/events?${query}`, undefined, signal);
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
