import { IncomingMessage } from 'node:http';
import { ApiError, ErrorCode, invalid } from '../vocabulary/errors';
import { bodyNestedTooDeep } from '../worlds/objectDepth';

// Reading and parsing request bodies: JSON or form-encoded, as the real service accepted both.

export const MAX_BODY_BYTES = 64 * 1024;
// Past this we stop draining an oversized body and hang up, so nobody can stream forever.
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

function tooLarge(): ApiError {
  return new ApiError(413, ErrorCode.payloadTooLarge, `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB`, {
    Connection: 'close',
  });
}

const EMPTY = Buffer.alloc(0);

/** Where readBody leaves the body it read, for an exchange observer (exchange.ts), and whom it tells that the request is whole. */
export interface KeptBody {
  body?: Buffer;
  read?: () => void;
}

const KEPT = Symbol('keptBody');
type Keeping = IncomingMessage & { [KEPT]?: KeptBody };

/**
 * Asks readBody to keep `req`'s body; only an installed observer asks, so the common path pays
 * nothing. Undefined for a request without a body (most GETs): there is nothing to keep.
 */
export function keepBodyOf(req: IncomingMessage): KeptBody | undefined {
  if (!announcesBody(req)) return undefined;
  const kept: KeptBody = {};
  (req as Keeping)[KEPT] = kept;
  return kept;
}

/** HTTP/1.1: a request has a body only when it announces one with Content-Length or Transfer-Encoding. */
export function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The read of a request's body under way or done: a body is a stream, read once and handed on to whoever asks again. */
const READING = Symbol('readingBody');
type Reading = IncomingMessage & { [READING]?: Promise<Buffer> };

/**
 * Reads the body up to MAX_BODY_BYTES, once: a second call (a fault's, then the route's) gets the
 * same bytes, where reading the ended stream again would wait forever. An oversized body is
 * drained (not kept) before the 413 is sent, because a client still uploading would otherwise see
 * a reset instead of the answer. A request without a body (most GETs) answers at once, without
 * waiting for the stream's end.
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  if (!announcesBody(req)) {
    req.resume();
    return Promise.resolve(EMPTY);
  }
  const reading = req as Reading;
  reading[READING] ??= readStream(req);
  return reading[READING];
}

function readStream(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (!settled) {
        settled = true;
        outcome();
      }
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
      } else if (size > DRAIN_LIMIT_BYTES) {
        req.pause();
        settle(() => reject(tooLarge()));
      }
    });
    req.on('end', () =>
      settle(() => {
        if (size > MAX_BODY_BYTES) {
          reject(tooLarge());
          return;
        }
        const body = Buffer.concat(chunks);
        const kept = (req as Keeping)[KEPT];
        if (kept) {
          kept.body = body;
          kept.read?.();
        }
        resolve(body);
      }),
    );
    // Aborted uploads end up here; the answer goes nowhere, but the handler must not hang.
    const aborted = (): void => settle(() => reject(invalid('The request was closed before its body arrived')));
    req.on('error', aborted);
    req.on('close', aborted);
  });
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/**
 * The body as an object: JSON, or form-encoded (every value a string). An empty body counts as
 * `{}` so missing fields get their own message. No content type is read as JSON.
 */
export function parseBody(raw: Buffer, contentType: string | undefined): Record<string, unknown> {
  if (raw.length === 0) {
    return {};
  }
  if (contentType !== undefined && FORM_TYPE.test(contentType)) {
    return parseForm(raw.toString('utf8'));
  }
  if (contentType !== undefined && !JSON_TYPE.test(contentType)) {
    throw new ApiError(
      415,
      ErrorCode.unsupportedMediaType,
      `Send the body as JSON (Content-Type: application/json) or form-encoded (application/x-www-form-urlencoded), not "${contentType.slice(0, 100)}"`,
    );
  }
  return parseJson(raw);
}

function parseJson(raw: Buffer): Record<string, unknown> {
  const text = raw.toString('utf8');
  // Read before it is parsed: a 60 KB body nested thousands deep is megabytes of objects for the
  // collector, and no field of any route nests so deep.
  const tooDeep = bodyNestedTooDeep(text);
  if (tooDeep) throw tooDeep;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, ErrorCode.malformedJson, `The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('The request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

function parseForm(text: string): Record<string, unknown> {
  const params = new URLSearchParams(text);
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (seen.has(key)) {
      throw invalid(`${key.slice(0, 40)} is given more than once in the form body`);
    }
    seen.add(key);
  }
  // fromEntries defines own properties, so a field named __proto__ stays a plain field.
  return Object.fromEntries(params.entries());
}
