import { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, ErrorCode, invalid } from './errors';

export const MAX_BODY_BYTES = 64 * 1024;
// Past this we stop draining an oversized body and hang up, so nobody can stream forever.
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

function tooLarge(): ApiError {
  return new ApiError(413, ErrorCode.payloadTooLarge, `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB`, {
    Connection: 'close',
  });
}

const EMPTY = Buffer.alloc(0);

/** HTTP/1.1: a request has a body only when it announces one with Content-Length or Transfer-Encoding. */
export function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Reads the body up to MAX_BODY_BYTES. An oversized body is drained (not kept) before the 413 is
 * sent, because a client still uploading would otherwise see a reset instead of the answer.
 * A request without a body (most GETs) answers at once, without waiting for the stream's end.
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  if (!announcesBody(req)) {
    req.resume();
    return Promise.resolve(EMPTY);
  }
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
    req.on('end', () => settle(() => (size > MAX_BODY_BYTES ? reject(tooLarge()) : resolve(Buffer.concat(chunks)))));
    // Aborted uploads end up here; the answer goes nowhere, but the handler must not hang.
    const aborted = (): void => settle(() => reject(invalid('The request was closed before its body arrived')));
    req.on('error', aborted);
    req.on('close', aborted);
  });
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** A JSON object body; an empty body counts as `{}` so missing fields get their own message. */
export function parseJsonObject(raw: Buffer, contentType: string | undefined): Record<string, unknown> {
  if (raw.length === 0) {
    return {};
  }
  if (contentType !== undefined && !JSON_TYPE.test(contentType)) {
    throw new ApiError(
      415,
      ErrorCode.unsupportedMediaType,
      `Send the body as JSON with Content-Type: application/json (got "${contentType.slice(0, 100)}")`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw new ApiError(400, ErrorCode.malformedJson, `The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('The request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) {
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export function sendError(res: ServerResponse, error: ApiError): void {
  sendJson(res, error.status, { success: false, error: error.message, errorCode: error.errorCode }, error.headers);
}
