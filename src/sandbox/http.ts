import { ServerResponse } from 'node:http';
import { ApiError } from './errors';
import { noteAnswer } from './exchange';

// Answering: every answer is JSON with the same headers.

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) {
    return;
  }
  const text = JSON.stringify(body);
  const sent = {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  };
  res.writeHead(status, sent);
  noteAnswer(res, text, sent);
  res.end(text);
}

export function sendError(res: ServerResponse, error: ApiError): void {
  sendJson(res, error.status, { success: false, error: error.message, errorCode: error.errorCode }, error.headers);
}
