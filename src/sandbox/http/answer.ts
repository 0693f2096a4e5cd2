import { ServerResponse } from 'node:http';
import { ApiError } from '../errors';
import { sendAnswer } from './exchange';

// Answering: every answer is JSON with the same headers.

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) {
    return;
  }
  // Encoded once, here: the length is the buffer's, and the exchange observer (the request
  // journal) reads these same bytes.
  const bytes = Buffer.from(JSON.stringify(body));
  const sent = {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': bytes.length,
    'Cache-Control': 'no-store',
  };
  sendAnswer(res, status, sent, bytes);
}

export function sendError(res: ServerResponse, error: ApiError): void {
  sendJson(res, error.status, { success: false, error: error.message, errorCode: error.errorCode }, error.headers);
}
