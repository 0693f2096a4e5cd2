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

/** Calls `observer` once the answer to `req` has been sent in full (never for a dropped connection). */
export function observeExchange(req: IncomingMessage, res: ServerResponse, observer: ExchangeObserver): void {
  const startedAt = Date.now();
  const started = performance.now();
  const requestBody = keepBodyOf(req);
  const chunks: Buffer[] = [];
  // writeHead(status, headers) sends headers that getHeaders() never sees: keep them too.
  const written: OutgoingHttpHeaders = {};
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const headers = args.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg)) as OutgoingHttpHeaders | undefined;
    for (const [name, value] of Object.entries(headers ?? {})) {
      written[name.toLowerCase()] = value;
    }
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
  const keep = (chunk: unknown): void => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) {
      chunks.push(Buffer.from(chunk));
    }
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') {
      keep(chunk);
    }
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
  res.on('finish', () => {
    const target = req.url ?? '/';
    const queryStart = target.indexOf('?');
    const path = queryStart === -1 ? target : target.slice(0, queryStart);
    observer({
      method: (req.method ?? 'GET').toUpperCase(),
      path,
      query: queryStart === -1 ? '' : target.slice(queryStart + 1),
      admin: path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`),
      status: res.statusCode,
      headers: { ...res.getHeaders(), ...written },
      body: Buffer.concat(chunks).toString('utf8'),
      requestHeaders: req.headers,
      requestBody: requestBody.body?.toString('utf8') ?? '',
      startedAt,
      durationMs: performance.now() - started,
      remote: `${req.socket.remoteAddress ?? ''}:${req.socket.remotePort ?? ''}`,
    });
  });
}
