// What GET /__sandbox/watch sends: server-sent events, one JSON line of data each.
//   hello     { instance, pid, role }  first, once
//   change    a SandboxChange
//   requests  { lastId }: the request journal changed (an entry came, or it was emptied)
// Notices only: a client reads what changed from the admin API (no entry, event or knob travels here).

import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const WATCH_PATH = '/__sandbox/watch';
/**
 * Carries the owner file's secret: a process that could read `<state>.owner` (0600, its user's)
 * sends it on every admin call (the watch stream included), where it counts as the admin token
 * (http/adminToken.ts), so a sandbox started with allowRemote still serves the others on its file.
 */
export const OWNER_TOKEN_HEADER = 'X-Sandbox-Owner-Token';

/** Whether `given` is `expected`, compared in constant time (never true when either is missing). */
export function sameSecret(given: string | undefined, expected: string | undefined): boolean {
  if (given === undefined || expected === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether the request carries this owner secret in OWNER_TOKEN_HEADER. */
export function carriesOwnerToken(secret: string | undefined, headers: IncomingHttpHeaders): boolean {
  const given = headers[OWNER_TOKEN_HEADER.toLowerCase()];
  return typeof given === 'string' && sameSecret(given, secret);
}

export interface Hello {
  instance: string;
  pid: number;
  role: string;
}

/** The `requests` notice. */
export interface RequestsNotice {
  lastId: number;
}

export function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Splits a stream of server-sent events into (event, data) pairs as whole ones arrive. */
export class EventParser {
  private buffer = '';

  constructor(private readonly onEvent: (event: string, data: string) => void) {}

  push(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) this.onEvent(event, data.join('\n'));
    }
  }
}
