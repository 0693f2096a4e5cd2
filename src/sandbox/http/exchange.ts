import { OutgoingHttpHeaders, ServerResponse } from 'node:http';
// The module's own: the global `performance` is a getter on globalThis, read twice per request here.
import { performance } from 'node:perf_hooks';
import { keepBodyOf, type KeptBody } from './body';
import { ADMIN_PREFIX } from './target';

// The observer of every exchange: the request journal (requests/journal.ts) and
// SandboxOptions.onExchange (tests hold each answer against the OpenAPI document). Only installed
// when one is wanted: a sandbox that records nothing pays nothing. (A ServerResponse subclass did
// this until issue 35's recording budgets were shown to hold without it: docs/benchmarks.md.)

/** One request and the answer the sandbox sent, as the client saw them. */
export interface SandboxExchange {
  method: string;
  /** The path without the query string, as sent. */
  path: string;
  query: string;
  /** A request to the sandbox's own admin API (/__sandbox), not to the wallet API. */
  admin: boolean;
  status: number;
  /** The answer's headers, names as written (`Content-Type`). */
  headers: OutgoingHttpHeaders;
  /** The answer body as sent, as text ('' when none). */
  body: string;
  /** The answer body's length in UTF-8 bytes (its Content-Length). */
  bodySize: number;
  /**
   * The request's headers as received, names as the client wrote them and values in turn
   * (IncomingMessage.rawHeaders: kept as is, so recording copies nothing).
   */
  requestHeaders: readonly string[];
  userAgent: string;
  /** The sender's address ('' once its socket is gone). */
  remoteAddress: string;
  /** The request body as the sandbox read it (empty when none was read, or it was too large to keep). */
  requestBody: Buffer;
  /** When the request arrived (epoch ms, the real clock) and how long the answer took. */
  startedAt: number;
  durationMs: number;
}

export type ExchangeObserver = (exchange: SandboxExchange) => void;

const REPORT = Symbol('reportExchange');
const NOTHING = Buffer.alloc(0);
const ADMIN_PATHS = `${ADMIN_PREFIX}/`;
// UTF-8, spelt so that Node writes the head and the body to the socket as two pieces. Node joins
// the head to a body whose encoding it names 'utf8' into one new string, a copy of every answer
// (about 6 KB a transaction list), and that garbage made recording's answers outlive two young
// collections and be promoted: docs/benchmarks.md, the runs of 2026-11-27 from 13:10.
const BODY_ENCODING = 'utf-8';

type Report = (status: number, sent: OutgoingHttpHeaders, body: string, bodySize: number) => void;
/** A response that can tell its observer of the answer it sent (only an observed server's have one). */
type Reporting = ServerResponse & { [REPORT]?: Report };

/**
 * Makes `res` tell `observer` of the answer it sends, or that none was sent (status 0: a fault
 * dropped the connection, see reportDropped, or the client hung up first). Called by an observed
 * server for each request as it arrives: the start time is then, and the request body is kept
 * as it is read.
 */
export function observeExchange(res: ServerResponse, observer: ExchangeObserver): void {
  const started = performance.now();
  const requestBody = keepBodyOf(res.req);
  let reported = false;
  (res as Reporting)[REPORT] = (status, sent, body, bodySize) => {
    if (reported) return;
    reported = true;
    report(observer, res, started, requestBody, status, sent, body, bodySize);
  };
  res.on('close', reportUnanswered);
}

/** A response closed before anything was reported: no answer came (a module function, so no closure per request). */
function reportUnanswered(this: ServerResponse): void {
  reportDropped(this);
}

/**
 * Sends an answer. Everything that answers (sendJson, an injected fault's body) comes through
 * here, so an observed server's observer sees every answer as sent. Any other server's cost is a
 * property read: no write, end or writeHead is wrapped, and no listener is added.
 */
export function sendAnswer(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: string, bodySize: number): void {
  res.writeHead(status, headers);
  res.end(body, BODY_ENCODING);
  (res as Reporting)[REPORT]?.(status, headers, body, bodySize);
}

/**
 * Tells the observer of a request whose connection is dropped unanswered (status 0): after an
 * unknown outcome it is the request the developer needs to see.
 */
export function reportDropped(res: ServerResponse): void {
  (res as Reporting)[REPORT]?.(0, {}, '', 0);
}

// This runs for every request the journal records: it copies nothing and allocates one object
// besides observeExchange's closure (docs/benchmarks.md, Recording cost).
function report(
  observer: ExchangeObserver,
  res: ServerResponse,
  started: number,
  requestBody: KeptBody | undefined,
  status: number,
  sent: OutgoingHttpHeaders,
  body: string,
  bodySize: number,
): void {
  const { req } = res;
  const durationMs = performance.now() - started;
  const target = req.url ?? '/';
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  observer({
    // Node's parser accepts upper-case methods only.
    method: req.method ?? 'GET',
    path,
    query: queryStart === -1 ? '' : target.slice(queryStart + 1),
    admin: path === ADMIN_PREFIX || path.startsWith(ADMIN_PATHS),
    status,
    // Only an injected fault sets headers before writeHead (faultInjection.ts), and it
    // always marks itself: every other answer's headers are the ones it sent.
    headers: res.hasHeader('x-sandbox-fault') ? { ...res.getHeaders(), ...sent } : sent,
    body,
    bodySize,
    requestHeaders: req.rawHeaders,
    userAgent: req.headers['user-agent'] ?? '',
    remoteAddress: req.socket.remoteAddress ?? '',
    requestBody: requestBody?.body ?? NOTHING,
    // The same clock as the duration's, in epoch ms: one clock read per request, not two.
    startedAt: Math.round(performance.timeOrigin + started),
    durationMs,
  });
}
