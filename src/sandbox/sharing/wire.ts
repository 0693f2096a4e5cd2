// What GET /__sandbox/watch sends: server-sent events, one JSON line of data each.
//   hello     { instance, pid, role, exchanges }  first, once
//   change    a SandboxChange
//   request          a JournalEntry: a request the journal recorded  } only to a client that
//   requestsCleared  {}: the journal was emptied                     } gave the owner's secret

export const WATCH_PATH = '/__sandbox/watch';
export const OWNER_TOKEN_HEADER = 'X-Sandbox-Owner-Token';

export interface Hello {
  instance: string;
  pid: number;
  role: string;
  /** Whether this stream carries the request journal's entries. */
  exchanges: boolean;
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
