import { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

// An optional observer of every answer (SandboxOptions.onExchange), so tests can hold each one
// against the OpenAPI document. Only installed when asked for: the common path pays nothing.

/** One request and the answer the sandbox sent, as the client saw it. */
export interface SandboxExchange {
  method: string;
  /** The path without the query string, as sent. */
  path: string;
  query: string;
  status: number;
  headers: OutgoingHttpHeaders;
  /** The answer body as text ('' when none). */
  body: string;
}

export type ExchangeObserver = (exchange: SandboxExchange) => void;

/** Calls `observer` once the answer to `req` has been sent in full (never for a dropped connection). */
export function observeExchange(req: IncomingMessage, res: ServerResponse, observer: ExchangeObserver): void {
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
    observer({
      method: (req.method ?? 'GET').toUpperCase(),
      path: queryStart === -1 ? target : target.slice(0, queryStart),
      query: queryStart === -1 ? '' : target.slice(queryStart + 1),
      status: res.statusCode,
      headers: { ...res.getHeaders(), ...written },
      body: Buffer.concat(chunks).toString('utf8'),
    });
  });
}
