import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { MAX_WAIT_MS } from '../worlds/waitQuery';
import { matchesWebhook, type WebhookFilter } from '../domain/webhookFilter';
import { ApiError, ErrorCode, errorOfAnswer, invalid } from '../vocabulary/errors';
import { describeFilter, matches, type RequestFilter } from '../requests/filter';
import type { JournalEntry } from '../requests/entry';
import { MAX_JOURNAL_ENTRIES } from '../requests/journal';
import type { CreatedNamespace, NamespaceSummary } from '../types';
import { MAX_EVENTS } from '../domain/state';
import { everyEventOf, type EventsPage } from '../worlds/eventsPage';
import { DEFAULT_TIMEOUT_MS, SandboxTimeoutError, type WaitSignal } from '../vocabulary/wait';
import type { RawInput } from '../worlds/input';
import type { Operation } from '../worlds/operation';
import { OPERATIONS, type OperationName, type OperationOutput } from '../worlds/operations';
import { OWNER_TOKEN_HEADER } from '../sharing/wire';
import { webhookWaitWhat, type NamespacePort, type WorldPort } from './port';

// A world over the admin HTTP API, the one HTTP client of the sandbox: connectSandbox, the
// webhook check, and a process that uses the sandbox another one serves on the same state file
// (shared.ts). Each operation of the table is sent as the request its route reads, and the waits
// are the admin API's own (GET /__sandbox/requests?waitMs=, GET /__sandbox/events?waitMs=). A
// refusal is the error the sandbox answered, of the class the same call throws in its process.

/** Who an AdminHttp speaks as, and to whom. */
export interface AdminHttpOptions {
  /** A namespace's key: the world reached is that namespace (default: the root's). */
  appKey?: string;
  /**
   * The owner file's secret, what a process sharing the state file sends: it counts as the admin
   * token (http/adminToken.ts), and the journal is read with its secrets, as the owner keeps them.
   */
  ownerToken?: string;
  /** A sandbox started with allowRemote: its admin token, sent as Authorization: Bearer. */
  adminToken?: string;
  /** Named in a failure to reach it ("pid 4242"). */
  who?: string;
}

/** Admin calls to one sandbox, as one world: the root's, or a namespace's when `appKey` is one of its keys. */
export class AdminHttp {
  constructor(
    readonly url: string,
    readonly options: AdminHttpOptions = {},
  ) {}

  private closed = false;

  /** Ends this client: every later call rejects (the sandbox itself goes on). */
  close(): void {
    this.closed = true;
  }

  async call<T>(method: string, path: string, body?: unknown, signal?: WaitSignal): Promise<T> {
    if (this.closed) throw new Error(`This connection to the sandbox at ${this.url} was closed: connectSandbox again to use it`);
    const { appKey, ownerToken, adminToken, who } = this.options;
    const headers: Record<string, string> = {};
    if (appKey !== undefined) headers['X-App-Key'] = appKey;
    if (ownerToken !== undefined) headers[OWNER_TOKEN_HEADER] = ownerToken;
    if (adminToken !== undefined) headers['Authorization'] = `Bearer ${adminToken}`;
    const text = body === undefined ? undefined : JSON.stringify(body);
    if (text !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(text));
    }
    let response: { status: number; text: string };
    try {
      // A wait's signal is a real AbortSignal; its type is written out only for the package's declarations.
      response = await send(`${this.url}${path}`, { method, headers, ...(signal ? { signal: signal as AbortSignal } : {}) }, text);
    } catch (error) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The wait was stopped');
      const by = who === undefined ? '' : ` (${who})`;
      throw new Error(`The sandbox at ${this.url}${by} did not answer (${(error as Error).message})`, { cause: error });
    }
    const answer = parsed(response.text) as { success?: boolean; data?: unknown; error?: string } | undefined;
    if (response.status < 200 || response.status > 299 || answer?.success !== true) {
      // The class, code and fields a caller in the sandbox's own process gets (nearMisses included).
      throw errorOfAnswer(response.status, {
        ...answer,
        error: answer?.error ?? `The sandbox at ${this.url} answered ${response.status} to ${method} ${path}`,
      });
    }
    return answer.data as T;
  }
}

/**
 * One request and its whole answer, over node:http(s) and its global agent, which keeps the
 * connection alive: on loopback its round trip takes about half of fetch's (undici's streams and
 * Headers cost more than the sandbox's answer), and a suite makes one per call.
 */
function send(url: string, options: RequestOptions, body: string | undefined): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = (url.startsWith('https:') ? httpsRequest : httpRequest)(url, options, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      answer.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The operation of the table as its admin request: the inverse of admin/operationRoutes.ts's
 * httpInput, so the owner's route reads what was sent. Its input is checked here first, by the
 * sandbox's own check: a refusal is the same ApiError, and what cannot be sent (an object nested
 * too deep to serialise) is refused before it is.
 */
export async function operationCall<N extends OperationName>(
  admin: AdminHttp,
  name: N,
  raw: RawInput = {},
): Promise<Awaited<OperationOutput<N>>> {
  const { route, input } = OPERATIONS[name] as Operation<unknown, unknown>;
  input(raw);
  // A predicate or a RegExp runs only in this process: sent, it would be dropped and the answer wrong.
  const local = Object.entries(raw).find(([, value]) => typeof value === 'function' || value instanceof RegExp);
  if (local)
    throw invalid(`${local[0]} cannot go to a sandbox in another process (a function or a RegExp): filter what list() answers instead`);
  const rest: RawInput = { ...raw };
  const path = route.path.replace(/:(\w+)/g, (_, field: string) => {
    const value = rest[field];
    delete rest[field];
    return encodeURIComponent(String(value ?? ''));
  });
  const query = new URLSearchParams();
  for (const field of route.query ?? []) {
    if (rest[field] !== undefined) query.set(field, String(rest[field]));
    delete rest[field];
  }
  const search = query.toString();
  return admin.call<Awaited<OperationOutput<N>>>(route.method, search ? `${path}?${search}` : path, route.body ? rest : undefined);
}

/**
 * GET /__sandbox/requests with `query`, following its pages (`nextBefore`) until `count` entries
 * came or none are left: the newest first. A `waitMs` in the query holds the first page only.
 */
export async function journalPages(
  admin: AdminHttp,
  query: URLSearchParams,
  count = Infinity,
  signal?: WaitSignal,
): Promise<JournalEntry[]> {
  const found: JournalEntry[] = [];
  const ask = new URLSearchParams(query);
  if (admin.options.ownerToken !== undefined) ask.set('secrets', 'true');
  for (;;) {
    // As many as are still wanted: the sandbox's byte bound per page is the only other one.
    ask.set('limit', String(Math.min(count - found.length, MAX_JOURNAL_ENTRIES)));
    const page = await admin.call<{ requests: JournalEntry[]; nextBefore?: number }>(
      'GET',
      `/__sandbox/requests?${ask}`,
      undefined,
      signal,
    );
    for (let index = page.requests.length - 1; index >= 0 && found.length < count; index--) found.push(page.requests[index]!);
    if (page.nextBefore === undefined || found.length >= count) return found;
    ask.delete('waitMs');
    ask.set('before', String(page.nextBefore));
  }
}

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
    newestRequests: (limit) => journalPages(admin, new URLSearchParams(), limit),
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
      return { created: namespace, port: httpPort(new AdminHttp(admin.url, { appKey: namespace.appKey })) };
    },
    adopt: () => undefined,
    list: async () => (await admin.call<{ namespaces: NamespaceSummary[] }>('GET', '/__sandbox/namespaces')).namespaces,
    reset: (id) => found(() => admin.call('POST', `/__sandbox/namespaces/${encodeURIComponent(id)}/reset`)),
    delete: (id) => found(() => admin.call('DELETE', `/__sandbox/namespaces/${encodeURIComponent(id)}`)),
  };
}
