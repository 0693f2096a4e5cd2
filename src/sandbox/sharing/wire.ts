import type { ServerResponse } from 'node:http';
import type { SandboxChange } from '../types';

// GET /__sandbox/watch, what a serving sandbox offers the processes that use it (other windows,
// the MCP server): server-sent events, one JSON line of data each, notices only (they read what
// changed from the admin API: no entry, event or knob travels here).
//   hello     { instance, pid, role }  first, once
//   change    a SandboxChange
//   requests  { lastId }: the request journal changed (an entry came, or it was emptied)

export const WATCH_PATH = '/__sandbox/watch';
/**
 * Carries the owner file's secret: a process that could read `<state>.owner` (0600, its user's)
 * sends it on every admin call (the watch stream included), where it counts as the admin token
 * (http/adminToken.ts), so a sandbox started with allowRemote still serves the others on its file.
 */
export const OWNER_TOKEN_HEADER = 'X-Sandbox-Owner-Token';
/** A stream this far behind is closed: its client attaches again and reads everything afresh. */
const MAX_BACKLOG_BYTES = 8 * 1024 * 1024;

export interface Hello {
  instance: string;
  pid: number;
  role: string;
}

/** The open streams of GET /__sandbox/watch, told of every change as it happens; nothing is done for one while none is open. */
export class ChangeFeed {
  private readonly streams = new Set<ServerResponse>();
  /** The owner file's secret, once this sandbox holds one (it stands for the admin token: http/adminToken.ts). */
  secret: string | undefined;

  constructor(private readonly hello: () => Hello) {}

  open(res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' });
    this.streams.add(res);
    res.on('close', () => this.streams.delete(res));
    this.write(res, frame('hello', this.hello()));
  }

  change(change: SandboxChange): void {
    this.send('change', change);
  }

  /** The request journal changed; `lastId` is its newest entry's id. */
  requests(lastId: number): void {
    this.send('requests', { lastId });
  }

  private send(event: string, data: unknown): void {
    if (this.streams.size === 0) return;
    const text = frame(event, data);
    for (const res of this.streams) this.write(res, text);
  }

  private write(res: ServerResponse, text: string): void {
    if (res.destroyed) return;
    if (res.writableLength > MAX_BACKLOG_BYTES) res.destroy();
    else res.write(text);
  }
}

const frame = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The whole events at the start of `text`, as ChangeFeed writes them, and the rest (the start of one still coming). */
export function readEvents(text: string): { events: [event: string, data: unknown][]; rest: string } {
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    const [, event, data] = /^event: (.*)\ndata: (.*)$/.exec(block) ?? [];
    return event === undefined ? [] : [[event, JSON.parse(data!)] as [string, unknown]];
  });
  return { events, rest };
}
