import type { SandboxExchange } from '../http/exchange';

// What GET /__sandbox/watch sends: server-sent events, one JSON line of data each.
//   hello     { instance, pid, role, exchanges }  first, once
//   change    a SandboxChange
//   exchange  a SandboxExchange, its two bodies in base64 (only to a client that gave the owner's secret)

export const WATCH_PATH = '/__sandbox/watch';
export const OWNER_TOKEN_HEADER = 'X-Sandbox-Owner-Token';

export interface Hello {
  instance: string;
  pid: number;
  role: string;
  /** Whether this stream carries exchanges. */
  exchanges: boolean;
}

export type WireExchange = Omit<SandboxExchange, 'body' | 'requestBody'> & { body: string; requestBody: string };

export function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function encodeExchange(exchange: SandboxExchange): WireExchange {
  return { ...exchange, body: exchange.body.toString('base64'), requestBody: exchange.requestBody.toString('base64') };
}

export function decodeExchange(wire: WireExchange): SandboxExchange {
  return { ...wire, body: Buffer.from(wire.body, 'base64'), requestBody: Buffer.from(wire.requestBody, 'base64') };
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
