// The wire under ofetch: a fetch function on node:http and node:https. ofetch keeps the HTTP
// semantics (base URL, query, JSON bodies, retries, hooks, errors); this file only moves bytes.
//
// Why not Node's own fetch: for each call it builds WHATWG streams, a Request, a Response and,
// for the per-attempt time limit, an AbortSignal that it tracks with a WeakRef and a
// FinalizationRegistry entry. Together that cost more CPU than everything else in the client
// (docs/benchmarks.md). Here each attempt gets its deadline from one timer, and the response is
// read into a string, which is all the client ever does with it. Sockets are kept alive by
// Node's global agent, which VS Code also patches for proxies and system certificates.
// Redirects are not followed (the transport reports them): keys and tokens go nowhere else.

import { Buffer } from 'node:buffer';
import * as http from 'node:http';
import * as https from 'node:https';
import * as zlib from 'node:zlib';

/** Larger answers are refused: the API's biggest (100 transactions) is far below this. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** What the client sends: the subset of fetch's RequestInit that ofetch hands over. */
export interface WireInit {
  method?: string;
  headers?: Headers | Record<string, string>;
  body?: unknown;
  signal?: AbortSignal | null;
}

/** The subset of fetch's Response that ofetch and the transport read. */
export class WireResponse {
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };

  constructor(
    readonly status: number,
    readonly statusText: string,
    rawHeaders: http.IncomingHttpHeaders,
    private readonly text_: string,
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = { get: (name) => headerValue(rawHeaders[name.toLowerCase()]) };
  }

  /** ofetch only reads `body` to learn whether there is one. */
  get body(): string | null {
    return this.text_ === '' ? null : this.text_;
  }

  text(): Promise<string> {
    return Promise.resolve(this.text_);
  }
}

export type WireFetch = (input: string, init?: WireInit) => Promise<WireResponse>;

/** A fetch whose every call (every attempt, under ofetch's retries) ends within `timeoutMs`. */
export function createHttpFetch(timeoutMs: number): WireFetch {
  return (input, init = {}) => exchange(input, init, timeoutMs);
}

function exchange(input: string, init: WireInit, timeoutMs: number): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const signal = init.signal ?? undefined;
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    let request: http.ClientRequest | undefined;
    let settled = false;
    const finish = (error: unknown, response?: WireResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
      if (error === undefined && response) resolve(response);
      else {
        reject(error);
        request?.destroy();
      }
    };
    const onAbort = () => finish(abortReason(signal));
    const deadline = setTimeout(() => finish(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });

    try {
      const url = new URL(input);
      const body = requestBody(init.body);
      const headers = plainHeaders(init.headers);
      headers['accept-encoding'] ??= 'gzip, deflate, br';
      const send = url.protocol === 'https:' ? https.request : url.protocol === 'http:' ? http.request : undefined;
      if (!send) throw new TypeError(`Only http and https URLs can be fetched, not ${url.protocol}`);
      request = send(url, { method: init.method ?? 'GET', headers }, (response) => {
        readBody(response, (error, text) => {
          if (error) finish(error);
          else finish(undefined, new WireResponse(response.statusCode ?? 0, response.statusMessage ?? '', response.headers, text));
        });
      });
      request.on('error', (error) => finish(error));
      // end() with the whole body sends it with a Content-Length, never chunked.
      request.end(body);
    } catch (error) {
      // An invalid URL or header value: fetch would reject too, not throw.
      finish(error);
    }
  });
}

/** Collects, decodes and size-checks the answer; `done` is called exactly once. */
function readBody(response: http.IncomingMessage, done: (error: Error | undefined, text: string) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  response.on('data', (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) {
      ended = true;
      response.destroy();
      done(tooLarge(), '');
      return;
    }
    chunks.push(chunk);
  });
  response.on('end', () => {
    if (ended) return;
    ended = true;
    try {
      done(undefined, decodeText(Buffer.concat(chunks, size), response.headers['content-encoding']));
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)), '');
    }
  });
  // A connection closed before the whole body arrived: no 'end', only 'close' (and 'error').
  response.on('close', () => {
    if (ended) return;
    ended = true;
    done(Object.assign(new Error('The connection was closed before the whole answer arrived'), { code: 'ECONNRESET' }), '');
  });
  response.on('error', () => {
    // Reported through 'close' above.
  });
}

function decodeText(raw: Buffer, encoding: string | undefined): string {
  const options = { maxOutputLength: MAX_BODY_BYTES };
  let bytes = raw;
  const coding = encoding?.trim().toLowerCase();
  if (raw.byteLength > 0 && coding && coding !== 'identity') {
    try {
      if (coding === 'gzip' || coding === 'x-gzip' || coding === 'deflate') bytes = zlib.unzipSync(raw, options);
      else if (coding === 'br') bytes = zlib.brotliDecompressSync(raw, options);
      else throw new Error(`unknown content-encoding ${coding.slice(0, 20)}`);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
      throw Object.assign(new Error('The answer could not be decompressed'), { code: 'ERR_CONTENT_DECODING', cause: error });
    }
  }
  const text = bytes.toString('utf8');
  // fetch's text() drops a byte-order mark; JSON.parse would choke on it.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function tooLarge(): Error {
  return Object.assign(new Error(`The answer is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`), { code: 'ERR_BODY_TOO_LARGE' });
}

function requestBody(body: unknown): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('Only string and byte bodies can be sent');
}

function plainHeaders(headers: WireInit['headers']): Record<string, string> {
  const plain: Record<string, string> = {};
  if (!headers) return plain;
  if (headers instanceof Headers) {
    headers.forEach((value, name) => {
      plain[name] = value;
    });
    return plain;
  }
  for (const [name, value] of Object.entries(headers)) plain[name.toLowerCase()] = value;
  return plain;
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('This operation was aborted', 'AbortError');
}
