import { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { ApiError } from '../vocabulary/errors';
import { keepBodyOf, type KeptBody } from './body';

// The observer of every exchange: the request journal (requests/journal.ts) and
// SandboxOptions.onExchange (tests hold each answer against the OpenAPI document). Only installed
// when one is wanted. sendAnswer records the answer it writes; a request whose work ends with no
// answer written is recorded with status 0. A client that leaves does not cancel the work (as on
// a real server): its request is recorded when the API has answered it, marked unheard.

/** One request and the answer the sandbox sent, as the client saw them. */
export interface SandboxExchange {
  method: string;
  /** The path without the query string, as sent. */
  path: string;
  query: string;
  /** A request to the sandbox's own admin API (/__sandbox), not to the wallet API. */
  admin: boolean;
  /** The answer's status; 0 when none was sent (a fault dropped the connection, or the work ended without one). */
  status: number;
  /** The answer's headers, names as written (`Content-Type`). */
  headers: OutgoingHttpHeaders;
  /** The answer body as sent, as text ('' when none). */
  body: string;
  /** The answer body's length in UTF-8 bytes (its Content-Length). */
  bodySize: number;
  /** The request's headers as received, names as the client wrote them and values in turn (IncomingMessage.rawHeaders). */
  requestHeaders: readonly string[];
  userAgent: string;
  /** The sender's address ('' once its socket is gone). */
  remoteAddress: string;
  /** The request body as the sandbox read it (empty when none was read, or it was too large to keep). */
  requestBody: Buffer;
  /** When the request arrived (epoch ms, the real clock) and how long the answer took. */
  startedAt: number;
  durationMs: number;
  /** The client did not hear the answer: it had gone (hung up, timed out) before it came, or none was sent (status 0). */
  unheard?: true;
  /** What the API answered when a fault after its work (`phase: "after"`) dropped that answer or sent another. */
  apiAnswer?: ApiAnswer;
}

/** An answer the API made (a fault with `phase: "after"` decides what the client hears of it). */
export interface ApiAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: string;
  bodySize: number;
}

export type ExchangeObserver = (exchange: SandboxExchange) => void;

/** Where the admin API's paths start. */
export const ADMIN_PREFIX = '/__sandbox';

/**
 * What the server tells of each exchange: the journal numbers a request when it has arrived
 * whole (its body read), so its entry keeps its place among the others however long its answer
 * takes; `answered` gets back what `arrived` gave.
 */
export interface ExchangeListener {
  arrived?(requestHeaders: readonly string[], admin: boolean): unknown;
  answered(exchange: SandboxExchange, ticket: unknown): void;
}

const NOTHING = Buffer.alloc(0);
const ADMIN_PATHS = `${ADMIN_PREFIX}/`;

/** What recording an exchange needs from its arrival: who is told, when it came, its body as read. */
interface Observation {
  listener: ExchangeListener;
  startedAt: number;
  startedPerfMs: number;
  requestBody: KeptBody | undefined;
  ticket: unknown;
  /** The server is still working on it (a client that left is recorded when the work ends). */
  working: boolean;
  /** The client hung up (or timed out) before its answer: what is sent after goes nowhere. */
  gone?: boolean;
  /** The API's answer, kept while a fault after the work decides what the client hears. */
  intercepted?: ApiAnswer | 'waiting';
  apiAnswer?: ApiAnswer;
}

/** The observed responses not yet recorded (only an observed server's responses are here). */
const unrecorded = new WeakMap<ServerResponse, Observation>();

const isAdmin = (target: string): boolean => {
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  return path === ADMIN_PREFIX || path.startsWith(ADMIN_PATHS);
};

/**
 * Tells `listener` of the answer `res` sends, or that none was sent (status 0). Called by an
 * observed server for each request as it arrives: the start time is then, the request body is
 * kept as it is read, and the listener hears of its arrival once it is whole.
 */
export function observeExchange(res: ServerResponse, listener: ExchangeListener): void {
  const { req } = res;
  const observation: Observation = {
    listener,
    startedAt: Date.now(),
    startedPerfMs: performance.now(),
    requestBody: keepBodyOf(req),
    ticket: undefined,
    working: true,
  };
  unrecorded.set(res, observation);
  const arrived = (): void => {
    observation.ticket = listener.arrived?.(req.rawHeaders, isAdmin(req.url ?? '/'));
  };
  if (observation.requestBody) observation.requestBody.read = arrived;
  else arrived();
  // A client that hangs up while its request is worked on is recorded when the work ends (workEnded).
  res.on('close', () => {
    observation.gone = true;
    if (!observation.working) record(res, 0, {}, '', 0);
  });
}

/** The server has done all it will for `res`: a request it never answered is recorded now (status 0). */
export function workEnded(res: ServerResponse): void {
  const observation = unrecorded.get(res);
  if (!observation) return;
  observation.working = false;
  if (observation.gone || res.destroyed || res.writableEnded) record(res, 0, {}, '', 0);
}

/** Headers every answer to `res` carries, whoever makes it (the API, a fault, an error): a browser's CORS headers. */
const addedHeaders = new WeakMap<ServerResponse, OutgoingHttpHeaders>();

export function addAnswerHeaders(res: ServerResponse, headers: OutgoingHttpHeaders): void {
  addedHeaders.set(res, { ...addedHeaders.get(res), ...headers });
}

/**
 * Sends an answer and records it. Everything that answers (sendJson, an injected fault's body)
 * comes through here. To a client that has gone, nothing is written: the answer is recorded as
 * unheard. While a fault after the work waits for it (holdApiAnswer), the answer is kept instead.
 */
export function sendAnswer(res: ServerResponse, status: number, answerHeaders: OutgoingHttpHeaders, body: string, bodySize: number): void {
  const added = addedHeaders.get(res);
  const headers = added ? { ...answerHeaders, ...added } : answerHeaders;
  const observation = unrecorded.get(res);
  if (observation?.intercepted === 'waiting') {
    observation.intercepted = { status, headers, body, bodySize };
    return;
  }
  if (!observation?.gone && !res.destroyed) {
    res.writeHead(status, headers);
    res.end(body);
  }
  record(res, status, headers, body, bodySize);
}

/**
 * From now on the API's answer to `res` is kept, not sent: a fault with `phase: "after"` takes it
 * (takeApiAnswer) and decides what the client hears. Without an observer, a stand-in keeps it.
 */
export function holdApiAnswer(res: ServerResponse): void {
  let observation = unrecorded.get(res);
  if (!observation) {
    const listener = { answered: () => undefined };
    observation = { listener, startedAt: 0, startedPerfMs: 0, requestBody: undefined, ticket: undefined, working: true };
    unrecorded.set(res, observation);
    res.on('close', () => void (observation!.gone = true));
  }
  observation.intercepted = 'waiting';
}

/** The answer the API made since holdApiAnswer (undefined when it made none); what is sent from now on goes out. */
export function takeApiAnswer(res: ServerResponse): ApiAnswer | undefined {
  const observation = unrecorded.get(res);
  const answer = observation?.intercepted;
  if (!observation || answer === undefined) return undefined;
  observation.intercepted = undefined;
  return answer === 'waiting' ? undefined : answer;
}

/** Records `answer` as what the API answered: a fault after the work drops it or sends another. */
export function keepApiAnswer(res: ServerResponse, answer: ApiAnswer): void {
  const observation = unrecorded.get(res);
  if (observation) observation.apiAnswer = answer;
}

/** The client has hung up (or timed out): nothing sent to it now is heard. */
export function clientGone(res: ServerResponse): boolean {
  return unrecorded.get(res)?.gone ?? res.destroyed;
}

/**
 * Records a request whose connection is dropped unanswered (status 0): after an unknown outcome
 * it is the request the developer needs to see.
 */
export function reportDropped(res: ServerResponse): void {
  record(res, 0, {}, '', 0);
}

/** Tells the listener of `res`'s exchange, once; nothing for a response no one observes. */
function record(res: ServerResponse, status: number, sent: OutgoingHttpHeaders, body: string, bodySize: number): void {
  const observation = unrecorded.get(res);
  if (!observation) return;
  unrecorded.delete(res);
  const { req } = res;
  const target = req.url ?? '/';
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  // Nothing sent, or the client went before it came: the answer went unheard.
  const unheard = status === 0 || observation.gone === true;
  const exchange: SandboxExchange = {
    // Node's parser accepts upper-case methods only.
    method: req.method ?? 'GET',
    path,
    query: queryStart === -1 ? '' : target.slice(queryStart + 1),
    admin: path === ADMIN_PREFIX || path.startsWith(ADMIN_PATHS),
    status,
    // Only an injected fault sets headers before writeHead (faultInjection.ts), and it always
    // marks itself: every other answer's headers are the ones it sent.
    headers: res.hasHeader('x-sandbox-fault') ? { ...res.getHeaders(), ...sent } : sent,
    body,
    bodySize,
    requestHeaders: req.rawHeaders,
    userAgent: req.headers['user-agent'] ?? '',
    remoteAddress: req.socket.remoteAddress ?? '',
    requestBody: observation.requestBody?.body ?? NOTHING,
    startedAt: observation.startedAt,
    durationMs: performance.now() - observation.startedPerfMs,
  };
  if (unheard) exchange.unheard = true;
  if (observation.apiAnswer) exchange.apiAnswer = observation.apiAnswer;
  observation.listener.answered(exchange, observation.ticket);
}

// Reading the request line: method, path (one trailing slash ignored) and raw query.

export interface RequestTarget {
  method: string;
  path: string;
  rawQuery: string;
  admin: boolean;
}

export function readTarget(rawMethod: string | undefined, url: string | undefined): RequestTarget {
  const method = (rawMethod ?? 'GET').toUpperCase();
  const target = url ?? '/';
  const queryStart = target.indexOf('?');
  let path = queryStart === -1 ? target : target.slice(0, queryStart);
  // Real clients call `/v1/transactions/` and `/v1/apps/`: one trailing slash means the same path.
  if (path.length > 1 && path.endsWith('/')) {
    path = path.slice(0, -1);
  }
  const rawQuery = queryStart === -1 ? '' : target.slice(queryStart + 1);
  const admin = path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
  return { method, path, rawQuery, admin };
}

// Answering: every answer is JSON with the same headers.

/** Sends (or, to a client that has gone, records as unheard) a JSON answer; nothing once one was sent. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    return;
  }
  const text = JSON.stringify(body);
  const size = Buffer.byteLength(text);
  const sent = { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': size, 'Cache-Control': 'no-store' };
  sendAnswer(res, status, sent, text, size);
}

export function sendError(res: ServerResponse, error: ApiError): void {
  const { details } = error;
  const body = { success: false, error: error.message, errorCode: error.errorCode, ...(details ? { details } : {}) };
  sendJson(res, error.status, body, error.headers);
}
