// One request to the wallet API: each attempt with its own time limit inside one deadline for the
// call, retries for GETs only, one event per attempt for the log, and every failure turned into
// a WalletApiError. The endpoint methods live in client.ts; wire.ts makes one attempt.
//
// Plain fetch and a loop, not an HTTP library such as ofetch: what this client needs of one
// (a time limit that covers the body, a caller's signal beside it, no retry once cancelled, a
// wait that the deadline cuts short, the bytes of each answer for the Requests view) was most
// of its code, spent overriding the library's own choices.

import { STATUS_CODES } from 'node:http';
import { setTimeout as wait } from 'node:timers/promises';
import * as v from 'valibot';
import {
  cancelledError,
  httpError,
  invalidInputError,
  malformedError,
  networkError,
  redirectError,
  rejectedError,
  timeoutError,
  TRY_AGAIN_STATUSES,
  WalletApiError,
  type RequestTarget,
  type WalletApiErrorKind,
} from './errors';
import { ErrorBodySchema } from './schemas';
import { fetchWhole, TimeLimit, type Answer } from './wire';

/** One attempt of one request, for the extension's log. Never holds headers, bodies or secrets. */
export interface RequestEvent {
  method: string;
  /** Path without the query string. */
  path: string;
  /** The query sent: every name; the values of Call.publicQuery names (limit, pages, type), others "***". */
  query?: Record<string, string | number>;
  status?: number;
  durationMs: number;
  /** 1 for the first try, 2 for the first retry, ... */
  attempt: number;
  error?: WalletApiErrorKind;
}

/**
 * One attempt with everything that went over the wire, for the Requests view (onExchange).
 * Holds headers and bodies, secrets included. The Requests view's history keeps it as it is,
 * in memory only, and masks it the first time something reads the record
 * (requests/maskedRecord.ts), then lets the unmasked copy go; nothing else may keep it.
 */
export interface TransportExchange {
  method: string;
  /** The endpoint's base URL, e.g. `https://api.console.example.com`. */
  baseUrl: string;
  path: string;
  /** The query string sent, without `?` ('' when none). */
  query: string;
  requestHeaders: Record<string, string>;
  /** The JSON body sent ('' when none). */
  requestBody: string;
  /** 0 when no answer came. */
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string;
  startedAt: number;
  durationMs: number;
  error?: WalletApiErrorKind;
}

export interface TransportOptions {
  timeoutMs: number;
  /** Bound on one call, all attempts and waits together; none when undefined. */
  deadlineMs?: number;
  retries: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
  onRequest?: (event: RequestEvent) => void;
  /** Every attempt with its headers and bodies; only when set are bodies kept (it costs a copy). */
  onExchange?: (exchange: TransportExchange) => void;
  /** Sent as User-Agent, so a server's log (the sandbox's Requests view) can tell who called. */
  userAgent?: string;
}

export interface Call<T> {
  method: 'GET' | 'POST' | 'PUT';
  /** Already URL-encoded, without a query string. */
  path: string;
  query?: Record<string, string | number>;
  /** Query names whose values may be logged: paging and filters, never identifiers or secrets. */
  publicQuery?: readonly string[];
  headers?: Record<string, string>;
  body?: Record<string, unknown>;
  schema: v.GenericSchema<unknown, T>;
  /** Values sent with this call that must never show up in an error message. */
  secrets: string[];
  signal?: AbortSignal;
}

// 501 and 505 will not change on a retry; a refusal (isRefusal) neither.
const RETRY_STATUS_CODES = [...TRY_AGAIN_STATUSES, 500, 502, 503, 504];

/** What one call sends, the same on every attempt. */
interface Request {
  url: string;
  /** The query string, without `?` ('' when none). */
  query: string;
  init: RequestInit & { headers: Record<string, string>; body?: string };
}

/** Requests to one base URL (the console API or the developer API). */
export class Endpoint {
  private readonly host: string;
  private readonly badBaseUrl: boolean;

  constructor(
    private readonly baseUrl: string,
    private readonly options: TransportOptions,
  ) {
    const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
    this.badBaseUrl = !url || (url.protocol !== 'http:' && url.protocol !== 'https:');
    this.host = url?.host ?? '';
  }

  async send<T>(call: Call<T>): Promise<T> {
    const target: RequestTarget = { method: call.method, path: call.path, host: this.host, secrets: call.secrets };
    if (this.badBaseUrl) throw badBaseUrlError(target);
    if (call.signal?.aborted) throw cancelledError(target);
    const request = this.request(call);
    const log = new AttemptLog(this.baseUrl, call, request, this.options);
    const deadline = new TimeLimit(this.options.deadlineMs, call.signal);
    try {
      const value = interpret(await this.answer(call, request, target, deadline, log), call.schema, target);
      log.end();
      return value;
    } catch (error) {
      log.end(error instanceof WalletApiError ? error.kind : 'malformed');
      throw error;
    } finally {
      deadline.dispose();
    }
  }

  /**
   * Whether the host answers at all: one HEAD of the base URL, no retry, `timeoutMs` at most.
   * Any HTTP answer counts (a 404 or 405 too); no answer throws the network or timeout error a
   * real call would, so the caller can say so before asking the user for a password.
   */
  async reach(timeoutMs: number): Promise<void> {
    const target: RequestTarget = { method: 'HEAD', path: '/', host: this.host, secrets: [] };
    if (this.badBaseUrl) throw badBaseUrlError(target);
    const limit = new TimeLimit(timeoutMs, undefined);
    const startedAt = performance.now();
    let outcome: Pick<RequestEvent, 'status' | 'error'> = {};
    try {
      outcome = { status: (await fetchWhole(this.url('/'), { method: 'HEAD' }, limit.signal)).status };
    } catch (error) {
      const failure = limit.expired ? timeoutError(target, timeoutMs) : networkError(target, errorCode(error));
      outcome = { error: failure.kind };
      throw failure;
    } finally {
      limit.dispose();
      const event = { method: 'HEAD', path: '/', attempt: 1, durationMs: Math.round(performance.now() - startedAt), ...outcome };
      tell(this.options.onRequest, event);
    }
  }

  /**
   * The call's answer: the first one not worth retrying, or the last try's. Throws when no answer
   * came: cancelled by the caller, the deadline passed, or the last try timed out or failed.
   */
  private async answer(
    call: Call<unknown>,
    request: Request,
    target: RequestTarget,
    deadline: TimeLimit,
    log: AttemptLog,
  ): Promise<Answer> {
    // POSTs and PUTs are sent once: the server may have acted on one whose answer was lost.
    const tries = call.method === 'GET' ? this.options.retries + 1 : 1;
    const calledAt = performance.now();
    for (let attempt = 1; ; attempt += 1) {
      log.start(attempt);
      const limit = new TimeLimit(this.options.timeoutMs, deadline.signal);
      let answer: Answer | undefined;
      let lost: unknown;
      try {
        answer = await fetchWhole(request.url, request.init, limit.signal);
        log.answered(answer);
      } catch (error) {
        lost = error;
        log.lost(call.signal?.aborted ? 'cancelled' : limit.expired || deadline.expired ? 'timeout' : 'network');
      } finally {
        limit.dispose();
      }
      const retry = attempt < tries && (answer ? RETRY_STATUS_CODES.includes(answer.status) : !deadline.signal.aborted);
      if (answer && !retry) return answer;
      if (retry) await wait(this.retryDelay(attempt, answer), undefined, { signal: deadline.signal }).catch(() => undefined);
      if (call.signal?.aborted) throw cancelledError(target);
      if (deadline.expired) throw timeoutError(target, deadline.ms ?? 0, attempt);
      if (retry) continue;
      if (!limit.expired) throw networkError(target, errorCode(lost));
      // One attempt: "within 15 s". Several: what the user waited, the earlier tries included.
      throw attempt > 1 ? timeoutError(target, performance.now() - calledAt, attempt) : timeoutError(target, this.options.timeoutMs);
    }
  }

  private request(call: Call<unknown>): Request {
    const query = call.query
      ? new URLSearchParams(Object.entries(call.query).map(([name, value]) => [name, String(value)])).toString()
      : '';
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.userAgent) headers['user-agent'] = this.options.userAgent;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, call.headers);
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    return { url: this.url(query ? `${call.path}?${query}` : call.path), query, init: { method: call.method, headers, body } };
  }

  private url(pathAndQuery: string): string {
    return this.baseUrl.replace(/\/+$/, '') + pathAndQuery;
  }

  /** Exponential backoff from retryDelayMs; a Retry-After header wins; both capped (the deadline cuts it short too). */
  private retryDelay(attempt: number, answer: Answer | undefined): number {
    const after = parseRetryAfter(answer?.headers.get('retry-after'));
    const ms = after !== undefined ? after * 1000 : this.options.retryDelayMs * 2 ** (attempt - 1);
    return Math.min(ms, this.options.maxRetryDelayMs);
  }
}

/**
 * Tells TransportOptions' observers about each attempt. An attempt's RequestEvent waits for the
 * next attempt or the call's end, so the last one carries the call's outcome (a 200 may still
 * prove malformed). TransportExchange is only built when someone listens (it costs a copy).
 */
class AttemptLog {
  private pending: RequestEvent | undefined;
  private attempt = 0;
  private startedAt = 0;
  private startedAtMs = 0;
  private readonly query: Record<string, string | number> | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly call: Call<unknown>,
    private readonly request: Request,
    private readonly options: TransportOptions,
  ) {
    this.query = loggedQuery(call);
  }

  start(attempt: number): void {
    this.end();
    this.attempt = attempt;
    this.startedAt = performance.now();
    this.startedAtMs = Date.now();
  }

  answered(answer: Answer): void {
    this.pending = { ...this.event(), status: answer.status, ...(answer.status < 300 ? {} : { error: 'http' as const }) };
    this.exchange(answer.status, answer);
  }

  lost(kind: WalletApiErrorKind): void {
    this.pending = { ...this.event(), error: kind };
    this.exchange(0, undefined, kind);
  }

  /** Sends the held event; `outcome` is the call's error kind when it failed. */
  end(outcome?: WalletApiErrorKind): void {
    if (!this.pending) return;
    const event = outcome ? { ...this.pending, error: outcome } : this.pending;
    this.pending = undefined;
    tell(this.options.onRequest, event);
  }

  private event(): RequestEvent {
    const { method, path } = this.call;
    return {
      method,
      path,
      ...(this.query ? { query: this.query } : {}),
      attempt: this.attempt,
      durationMs: Math.round(performance.now() - this.startedAt),
    };
  }

  private exchange(status: number, answer: Answer | undefined, error?: WalletApiErrorKind): void {
    if (!this.options.onExchange) return;
    tell(this.options.onExchange, {
      method: this.call.method,
      baseUrl: this.baseUrl,
      path: this.call.path,
      query: this.request.query,
      requestHeaders: { ...this.request.init.headers },
      requestBody: this.request.init.body ?? '',
      status,
      responseHeaders: answer ? Object.fromEntries(answer.headers.entries()) : {},
      responseBody: answer?.text ?? '',
      startedAt: this.startedAtMs,
      durationMs: performance.now() - this.startedAt,
      ...(error ? { error } : {}),
    });
  }
}

/** Calls an observer; a failing one must not fail the request. */
function tell<E>(listener: ((event: E) => void) | undefined, event: E): void {
  try {
    listener?.(event);
  } catch {
    // Ignored on purpose.
  }
}

/** The query for the log: every name; a value only when its name is public and it is no secret. */
function loggedQuery(call: Call<unknown>): Record<string, string | number> | undefined {
  if (!call.query || Object.keys(call.query).length === 0) return undefined;
  const shown = (name: string, value: string | number) => call.publicQuery?.includes(name) && !call.secrets.includes(String(value));
  return Object.fromEntries(Object.entries(call.query).map(([name, value]) => [name, shown(name, value) ? value : '***']));
}

function badBaseUrlError(target: RequestTarget): WalletApiError {
  return invalidInputError(target, 'The wallet API address is not an http(s) URL; check the Wallet Console settings.');
}

/** Stands in for a body that did not parse as JSON (an HTML error page, a cut-off body). */
const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Only now look for an empty body: trimming every answer would copy every body.
    return text.trim() === '' ? undefined : NOT_JSON;
  }
}

/** Turns the call's answer into the schema's output, or the http, redirect, rejected or malformed error. */
function interpret<T>(answer: Answer, schema: v.GenericSchema<unknown, T>, target: RequestTarget): T {
  const { status } = answer;
  if (status >= 300 && status < 400) throw redirectError(target, status, answer.statusText, answer.headers.get('location'));
  const data = parseJson(answer.text);
  if (status >= 400) {
    const { serverText, errorCode } = errorEnvelope(data);
    throw httpError(target, {
      status,
      statusText: answer.statusText || STATUS_CODES[status] || '',
      serverText,
      errorCode,
      retryAfterSeconds: parseRetryAfter(answer.headers.get('retry-after')),
    });
  }
  if (data === undefined) throw malformedError(target, status, 'the body is empty');
  if (data === NOT_JSON) throw malformedError(target, status, 'the body is not JSON');
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw malformedError(target, status, 'the body is not a JSON object');
  }
  if ((data as { success?: unknown }).success === false) {
    const { serverText, errorCode } = errorEnvelope(data);
    throw rejectedError(target, status, serverText, errorCode);
  }
  const parsed = v.safeParse(schema, data);
  if (parsed.success) return parsed.output;
  throw malformedError(target, status, describeIssue(parsed.issues[0]));
}

/** The server's words and code from an error envelope, whatever else the body holds. */
function errorEnvelope(data: unknown): { serverText?: string; errorCode?: string } {
  const body = v.safeParse(ErrorBodySchema, data);
  if (!body.success) return {};
  return { serverText: body.output.error ?? body.output.message, errorCode: body.output.errorCode };
}

/** `data.transactions[3].amount expected number but got string`, without the value itself. */
export function describeIssue(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key: unknown = item.key;
    if (typeof key === 'number') path += `[${key}]`;
    else path += path ? `.${String(key)}` : String(key);
  }
  const where = path || 'the body';
  if (issue.kind === 'schema' && issue.input === undefined) return `${where} is missing`;
  const expected = (issue.expected ?? issue.type).replace(/^(Object|Array)$/, (word) => word.toLowerCase());
  return `${where} expected ${expected} but got ${typeName(issue.input)}`;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Retry-After as whole seconds, from either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The socket's error code, looked for through the causes (fetch wraps it twice). */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return undefined;
}
