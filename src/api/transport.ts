// One HTTP exchange with the wallet API on top of ofetch: time limit per attempt, retries
// for GETs only, one event per attempt for the log, and every failure turned into a
// WalletApiError. The endpoint methods live in client.ts; boundedFetch.ts reads the answers.

import { STATUS_CODES } from 'node:http';
import { FetchError, ofetch, type $Fetch, type FetchContext, type FetchOptions, type FetchResponse } from 'ofetch';
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
import { boundedFetch, type BoundedInit } from './boundedFetch';
import { Deadline } from './deadline';
import { ErrorBodySchema } from './schemas';

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
 * (traffic/recordedRequest.ts), then lets the unmasked copy go; nothing else may keep it.
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
  /** Bound on one call, all attempts and waits together (see deadline.ts); none when undefined. */
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

/** The query for the log: every name; a value only when its name is public and it is no secret. */
function loggedQuery(call: Call<unknown>): Record<string, string | number> | undefined {
  if (!call.query || Object.keys(call.query).length === 0) return undefined;
  const shown = (name: string, value: string | number) => call.publicQuery?.includes(name) && !call.secrets.includes(String(value));
  return Object.fromEntries(Object.entries(call.query).map(([name, value]) => [name, shown(name, value) ? value : '***']));
}

/** Requests to one base URL (the console API or the developer API). */
export class Endpoint {
  private readonly fetch: $Fetch;
  private readonly host: string;
  private readonly badBaseUrl: boolean;

  constructor(
    private readonly baseUrl: string,
    private readonly options: TransportOptions,
  ) {
    const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
    this.badBaseUrl = !url || (url.protocol !== 'http:' && url.protocol !== 'https:');
    this.host = url?.host ?? '';
    // No default headers here: ofetch would build and merge a second Headers object on every
    // call. Each call sends `accept` itself (see send). Redirects are not followed (interpret
    // reports them): keys and tokens go nowhere but the configured address.
    this.fetch = ofetch.create(
      { baseURL: baseUrl, retryStatusCodes: RETRY_STATUS_CODES, timeout: options.timeoutMs, redirect: 'manual' },
      { fetch: boundedFetch },
    );
  }

  async send<T>(call: Call<T>): Promise<T> {
    const target: RequestTarget = { method: call.method, path: call.path, host: this.host, secrets: call.secrets };
    if (this.badBaseUrl) {
      throw invalidInputError(target, 'The wallet API address is not an http(s) URL; check the Wallet Console settings.');
    }
    if (call.signal?.aborted) throw cancelledError(target);

    const retries = call.method === 'GET' ? this.options.retries : 0;
    const deadline = this.options.deadlineMs === undefined ? undefined : new Deadline(this.options.deadlineMs, call.signal);
    const calledAt = performance.now();
    let attempt = 0;
    let startedAt = 0;
    let pending: RequestEvent | undefined;
    const query = loggedQuery(call);
    const base = () => ({
      method: call.method,
      path: call.path,
      ...(query ? { query } : {}),
      attempt,
      durationMs: Math.round(performance.now() - startedAt),
    });
    const flush = (finalKind?: WalletApiErrorKind) => {
      if (!pending) return;
      const event: RequestEvent = finalKind ? { ...pending, error: finalKind } : pending;
      pending = undefined;
      try {
        this.options.onRequest?.(event);
      } catch {
        // A failing log listener must not fail the request.
      }
    };

    const headers: Record<string, string> = { accept: 'application/json', ...this.userAgentHeader(), ...call.headers };
    const watch = this.options.onExchange ? new ExchangeWatch(this.baseUrl, call, headers, this.options.onExchange) : undefined;
    const options: FetchOptions<'json'> & Pick<BoundedInit, 'callerSignal'> = {
      method: call.method,
      query: call.query,
      headers,
      body: call.body,
      // POSTs are never retried: the server may have acted on the first one.
      retry: call.method === 'GET' ? retries : false,
      retryDelay: (context) => Math.min(this.retryDelay(context, retries, call.signal), deadline?.remainingMs() ?? Infinity),
      parseResponse: watch ? (text) => parseJson(watch.answered(text)) : parseJson,
      // Not `signal`: ofetch arms its per-attempt timeout only when no signal is given. The
      // deadline's signal ends the call at its bound, or when the caller cancels.
      callerSignal: deadline?.signal ?? call.signal,
      onRequest: ({ options: attemptOptions }) => {
        // A retry inherits the previous attempt's timeout signal, already aborted if that one
        // timed out, and ofetch arms no new timer while a signal is set (unjs/ofetch#621).
        attemptOptions.signal = undefined;
        flush();
        attempt += 1;
        startedAt = performance.now();
        watch?.started();
      },
      onResponse: ({ response: answer }) => {
        pending = { ...base(), status: answer.status, ...(answer.ok ? {} : { error: 'http' as const }) };
        watch?.finished(answer.status, answer.headers);
      },
      onRequestError: ({ error, options: attemptOptions }) => {
        pending = { ...base(), error: transportKind(error, call.signal) };
        watch?.finished(0, undefined, pending.error);
        // With a timeout set, ofetch retries aborted attempts too; a cancelled call ends here.
        if (call.signal?.aborted || deadline?.signal.aborted) attemptOptions.retry = false;
      },
    };
    let response: FetchResponse<unknown>;
    try {
      response = await this.fetch.raw<unknown>(call.path, options);
    } catch (error) {
      const failure = deadline?.expired
        ? timeoutError(target, deadline.totalMs, attempt)
        : this.classify(error, target, call.signal, attempt, performance.now() - calledAt);
      flush(failure.kind);
      throw failure;
    } finally {
      deadline?.dispose();
    }
    try {
      const value = interpret(response, call.schema, target);
      flush();
      return value;
    } catch (error) {
      flush(error instanceof WalletApiError ? error.kind : 'malformed');
      throw error;
    }
  }

  /**
   * Whether the host answers at all: one HEAD of the base URL, no retry, `timeoutMs` at most.
   * Any HTTP answer counts (a 404 or 405 too); no answer throws the network or timeout error a
   * real call would, so the caller can say so before asking the user for a password.
   */
  async reach(timeoutMs: number): Promise<void> {
    const target: RequestTarget = { method: 'HEAD', path: '/', host: this.host, secrets: [] };
    if (this.badBaseUrl) {
      throw invalidInputError(target, 'The wallet API address is not an http(s) URL; check the Wallet Console settings.');
    }
    const startedAt = performance.now();
    const log = (event: Pick<RequestEvent, 'status' | 'error'>) => {
      try {
        this.options.onRequest?.({
          method: 'HEAD',
          path: '/',
          attempt: 1,
          durationMs: Math.round(performance.now() - startedAt),
          ...event,
        });
      } catch {
        // A failing log listener must not fail the probe.
      }
    };
    try {
      const answer = await this.fetch.raw('/', {
        method: 'HEAD',
        retry: false,
        timeout: timeoutMs,
        ignoreResponseError: true,
        parseResponse: () => undefined,
      });
      log({ status: answer.status });
    } catch (error) {
      const failure =
        transportKind(error, undefined) === 'timeout' ? timeoutError(target, timeoutMs) : this.classify(error, target, undefined, 1, 0);
      log({ error: failure.kind });
      throw failure;
    }
  }

  private userAgentHeader(): Record<string, string> {
    return this.options.userAgent ? { 'user-agent': this.options.userAgent } : {};
  }

  /** Exponential backoff from retryDelayMs; a Retry-After header wins; both capped. */
  private retryDelay(context: FetchContext, retries: number, signal: AbortSignal | undefined): number {
    if (signal?.aborted) return 0;
    const left = typeof context.options.retry === 'number' ? context.options.retry : 0;
    const done = Math.max(0, retries - left);
    const after = parseRetryAfter(context.response?.headers.get('retry-after'));
    const ms = after !== undefined ? after * 1000 : this.options.retryDelayMs * 2 ** done;
    return Math.min(ms, this.options.maxRetryDelayMs);
  }

  private classify(
    error: unknown,
    target: RequestTarget,
    signal: AbortSignal | undefined,
    attempts: number,
    elapsedMs: number,
  ): WalletApiError {
    if (error instanceof WalletApiError) return error;
    if (signal?.aborted) return cancelledError(target);
    if (error instanceof FetchError && error.response) {
      const answer = error.response;
      const { serverText, errorCode } = errorEnvelope(error.data);
      return httpError(target, {
        status: answer.status,
        statusText: answer.statusText || STATUS_CODES[answer.status] || '',
        serverText,
        errorCode,
        retryAfterSeconds: parseRetryAfter(answer.headers.get('retry-after')),
      });
    }
    const kind = transportKind(error, signal);
    if (kind === 'timeout') return attempts > 1 ? timeoutError(target, elapsedMs, attempts) : timeoutError(target, this.options.timeoutMs);
    if (kind === 'cancelled') return cancelledError(target);
    return networkError(
      target,
      findInChain(error, (e) => (typeof e.code === 'string' ? e.code : undefined)),
    );
  }
}

/** Collects one call's attempts for TransportOptions.onExchange (only built when that is set). */
class ExchangeWatch {
  private startedAt = 0;
  private startedPerf = 0;
  private text = '';
  private readonly requestBody: string;
  private readonly query: string;

  constructor(
    private readonly baseUrl: string,
    private readonly call: Call<unknown>,
    private readonly headers: Record<string, string>,
    private readonly listener: (exchange: TransportExchange) => void,
  ) {
    this.requestBody = call.body === undefined ? '' : JSON.stringify(call.body);
    this.query = call.query ? new URLSearchParams(Object.entries(call.query).map(([name, value]) => [name, String(value)])).toString() : '';
  }

  started(): void {
    this.startedAt = Date.now();
    this.startedPerf = performance.now();
    this.text = '';
  }

  /** parseResponse's input: the answer's text. */
  answered(text: string): string {
    this.text = text;
    return text;
  }

  finished(status: number, responseHeaders: Headers | undefined, error?: WalletApiErrorKind): void {
    try {
      this.listener({
        method: this.call.method,
        baseUrl: this.baseUrl,
        path: this.call.path,
        query: this.query,
        requestHeaders: { ...this.headers },
        requestBody: this.requestBody,
        status,
        responseHeaders: responseHeaders ? Object.fromEntries(responseHeaders.entries()) : {},
        responseBody: this.text,
        startedAt: this.startedAt,
        durationMs: performance.now() - this.startedPerf,
        ...(error ? { error } : {}),
      });
    } catch {
      // A failing listener must not fail the request.
    }
  }
}

/** Turns a 2xx answer into the schema's output, or a rejected/malformed error. */
function interpret<T>(response: FetchResponse<unknown>, schema: v.GenericSchema<unknown, T>, target: RequestTarget): T {
  const data = response._data;
  const status = response.status;
  if (status >= 300 && status < 400) throw redirectError(target, status, response.statusText, response.headers.get('location'));
  if (data === undefined) return malformed(target, status, 'the body is empty');
  if (data === NOT_JSON) return malformed(target, status, 'the body is not JSON');
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return malformed(target, status, 'the body is not a JSON object');
  }
  if ((data as { success?: unknown }).success === false) {
    const { serverText, errorCode } = errorEnvelope(data);
    throw rejectedError(target, status, serverText, errorCode);
  }
  const parsed = v.safeParse(schema, data);
  if (parsed.success) return parsed.output;
  return malformed(target, status, describeIssue(parsed.issues[0]));
}

/** The server's words and code from an error envelope, whatever else the body holds. */
function errorEnvelope(data: unknown): { serverText?: string; errorCode?: string } {
  const body = v.safeParse(ErrorBodySchema, data);
  if (!body.success) return {};
  return { serverText: body.output.error ?? body.output.message, errorCode: body.output.errorCode };
}

function malformed(target: RequestTarget, status: number, detail: string): never {
  throw malformedError(target, status, detail);
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

function transportKind(error: unknown, signal: AbortSignal | undefined): WalletApiErrorKind {
  if (signal?.aborted) return 'cancelled';
  if (findInChain(error, (e) => (e.name === 'TimeoutError' ? true : undefined))) return 'timeout';
  if (findInChain(error, (e) => (e.name === 'AbortError' ? true : undefined))) return 'cancelled';
  return 'network';
}

/** Looks through an error and its causes (fetch wraps the socket error twice). */
function findInChain<T>(error: unknown, pick: (e: { name?: unknown; code?: unknown }) => T | undefined): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth += 1) {
    const found = pick(current as { name?: unknown; code?: unknown });
    if (found !== undefined) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
