import { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { ApiError } from '../vocabulary/errors';
import { keepBodyOf, type KeptBody } from './body';

// The observer of every exchange: the request journal (requests/journal.ts) and
// SandboxOptions.onExchange (tests hold each answer against the OpenAPI document). Only installed
// when one is wanted. sendAnswer records the answer it writes; a response that closes with none
// written is recorded with status 0.

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
}

export type ExchangeObserver = (exchange: SandboxExchange) => void;

/** Where the admin API's paths start. */
export const ADMIN_PREFIX = '/__sandbox';
const NOTHING = Buffer.alloc(0);
const ADMIN_PATHS = `${ADMIN_PREFIX}/`;

/** What recording an exchange needs from its arrival: who is told, when it came, its body as read. */
interface Observation {
  observer: ExchangeObserver;
  startedAt: number;
  startedPerfMs: number;
  requestBody: KeptBody | undefined;
}

/** The observed responses not yet recorded (only an observed server's responses are here). */
const unrecorded = new WeakMap<ServerResponse, Observation>();

/**
 * Tells `observer` of the answer `res` sends, or that none was sent (status 0: a fault dropped
 * the connection, see reportDropped, or the client hung up first). Called by an observed server
 * for each request as it arrives: the start time is then, and the request body is kept as it is read.
 */
export function observeExchange(res: ServerResponse, observer: ExchangeObserver): void {
  unrecorded.set(res, { observer, startedAt: Date.now(), startedPerfMs: performance.now(), requestBody: keepBodyOf(res.req) });
  res.on('close', () => record(res, 0, {}, '', 0));
}

/** Sends an answer and records it. Everything that answers (sendJson, an injected fault's body) comes through here. */
export function sendAnswer(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: string, bodySize: number): void {
  res.writeHead(status, headers);
  res.end(body);
  record(res, status, headers, body, bodySize);
}

/**
 * Records a request whose connection is dropped unanswered (status 0): after an unknown outcome
 * it is the request the developer needs to see.
 */
export function reportDropped(res: ServerResponse): void {
  record(res, 0, {}, '', 0);
}

/** Tells the observer of `res`'s exchange, once; nothing for a response no one observes. */
function record(res: ServerResponse, status: number, sent: OutgoingHttpHeaders, body: string, bodySize: number): void {
  const observation = unrecorded.get(res);
  if (!observation) return;
  unrecorded.delete(res);
  const { req } = res;
  const target = req.url ?? '/';
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  observation.observer({
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
  });
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

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) {
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
