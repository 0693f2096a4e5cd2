import { ServerResponse } from 'node:http';
import { ApiError } from '../vocabulary/errors';
import { sendAnswer } from './exchange';

// Answering: every answer is JSON with the same headers.

/** Sends (or, to a client that has gone, records as unheard: exchange.ts) a JSON answer; nothing once one was sent. */
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
