import { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { keepBodyOf } from './server/body';
import { ADMIN_PREFIX } from './server/target';

// An optional observer of every exchange (SandboxOptions.onExchange): tests hold each answer
// against the OpenAPI document, and the extension's Requests view records them. Only installed
// when asked for: the common path pays nothing.

/** One request and the answer the sandbox sent, as the client saw them. */
export interface SandboxExchange {
  method: string;
  /** The path without the query string, as sent. */
  path: string;
  query: string;
  /** A request to the sandbox's own admin API (/__sandbox), not to the wallet API. */
  admin: boolean;
  status: number;
  headers: OutgoingHttpHeaders;
  /** The answer body as text ('' when none). */
  body: string;
  /** The request's headers as received (names in lower case). */
  requestHeaders: IncomingHttpHeaders;
  /** The request body as the sandbox read it ('' when none was read, or it was too large to keep). */
  requestBody: string;
  /** When the request arrived (epoch ms, the real clock) and how long the answer took. */
  startedAt: number;
  durationMs: number;
  /** The client's address, e.g. `127.0.0.1:53122`. */
  remote: string;
}

export type ExchangeObserver = (exchange: SandboxExchange) => void;

/** Where the sandbox's answer helpers (http.ts) leave what they sent, for an observer. */
interface AnswerSlot {
  text: string;
  headers: OutgoingHttpHeaders;
}

const SLOT = Symbol('answer');
type Observed = ServerResponse & { [SLOT]?: AnswerSlot };

/**
 * Called by everything that answers (sendJson, an injected fault's body): with an observer
 * installed it keeps the text and headers sent. Without one it is a property read: the common
 * path pays nothing, and no write, end or writeHead is wrapped.
 */
export function noteAnswer(res: ServerResponse, text: string, headers: OutgoingHttpHeaders): void {
  const slot = (res as Observed)[SLOT];
  if (slot) {
    slot.text = text;
    slot.headers = headers;
  }
}

/** Calls `observer` once the answer to `req` has been sent in full (never for a dropped connection). */
export function observeExchange(req: IncomingMessage, res: ServerResponse, observer: ExchangeObserver): void {
  const startedAt = Date.now();
  const started = performance.now();
  const requestBody = keepBodyOf(req);
  const slot: AnswerSlot = { text: '', headers: {} };
  (res as Observed)[SLOT] = slot;
  res.on('finish', () => {
    const target = req.url ?? '/';
    const queryStart = target.indexOf('?');
    const path = queryStart === -1 ? target : target.slice(0, queryStart);
    // getHeaders() is a fresh object already; most answers set none before writeHead.
    const headers: OutgoingHttpHeaders = res.getHeaders();
    for (const name in slot.headers) headers[name.toLowerCase()] = slot.headers[name];
    observer({
      method: (req.method ?? 'GET').toUpperCase(),
      path,
      query: queryStart === -1 ? '' : target.slice(queryStart + 1),
      admin: path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`),
      status: res.statusCode,
      headers,
      body: slot.text,
      requestHeaders: req.headers,
      requestBody: requestBody.body?.toString('utf8') ?? '',
      startedAt,
      durationMs: performance.now() - started,
      remote: `${req.socket.remoteAddress ?? ''}:${req.socket.remotePort ?? ''}`,
    });
  });
}
