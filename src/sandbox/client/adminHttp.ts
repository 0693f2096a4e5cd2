import { errorOfAnswer, invalid } from '../vocabulary/errors';
import type { WaitSignal } from '../vocabulary/wait';
import type { JournalEntry } from '../requests/entry';
import { MAX_JOURNAL_ENTRIES } from '../requests/journal';
import type { RawInput } from '../worlds/input';
import type { Operation } from '../worlds/operation';
import { OPERATIONS, type OperationName, type OperationOutput } from '../worlds/operations';
import { OWNER_TOKEN_HEADER } from '../sharing/wire';

// The admin API as a client in another process calls it: the package's connectSandbox, the
// webhook check and a process that uses the sandbox another one serves on the same state file
// (shared.ts). A refusal is the error the sandbox answered, of the class the same call throws in
// its process.

/**
 * Admin calls to one sandbox, as one world: the root's, or a namespace's when `appKey` is one of
 * its keys. `ownerToken`, the owner file's secret, is what a process sharing the state file sends
 * (the admin token of a sandbox started with allowRemote accepts it: http/adminToken.ts).
 */
export class AdminHttp {
  constructor(
    readonly url: string,
    private readonly appKey?: string,
    private readonly ownerToken?: string,
    /** A sandbox started with allowRemote: its admin token, sent as Authorization: Bearer. */
    private readonly adminToken?: string,
  ) {}

  private closed = false;

  /** Ends this client: every later call rejects (the sandbox itself goes on). */
  close(): void {
    this.closed = true;
  }

  async call<T>(method: string, path: string, body?: unknown, signal?: WaitSignal): Promise<T> {
    if (this.closed) throw new Error(`This connection to the sandbox at ${this.url} was closed: connectSandbox again to use it`);
    const headers: Record<string, string> = {};
    if (this.appKey !== undefined) headers['X-App-Key'] = this.appKey;
    if (this.ownerToken !== undefined) headers[OWNER_TOKEN_HEADER] = this.ownerToken;
    if (this.adminToken !== undefined) headers['Authorization'] = `Bearer ${this.adminToken}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${this.url}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        // A wait's signal is a real AbortSignal; its type is written out only for the package's declarations.
        ...(signal ? { signal: signal as AbortSignal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The wait was stopped');
      throw new Error(`The sandbox at ${this.url} did not answer (${(error as Error).message})`, { cause: error });
    }
    const answer = (await response.json().catch(() => undefined)) as { success?: boolean; data?: unknown; error?: string } | undefined;
    if (!response.ok || answer?.success !== true) {
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
