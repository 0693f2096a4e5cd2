import type { ServerResponse } from 'node:http';
import type { SandboxChange } from '../types';

// GET /__sandbox/watch, what a serving sandbox offers the processes that use it (other windows,
// the MCP server): server-sent events, one JSON line of data each, notices only (they read what
// changed from the admin API: no entry, event or knob travels here). Which sandbox it is, a
// process that uses it learnt from GET /__sandbox/health just before (sharing/ownerLock.ts).

/** The stream's events by name, with what each carries. */
export interface WatchEvents {
  change: SandboxChange;
  /** The request journal changed (an entry came, or it was emptied): its newest entry's id. */
  requests: { lastId: number };
}

export const WATCH_PATH = '/__sandbox/watch';
/**
 * Carries the owner file's secret: a process that could read `<state>.owner` (0600, its user's)
 * sends it on every admin call (the watch stream included), where it counts as the admin token
 * (http/adminToken.ts), so a sandbox started with allowRemote still serves the others on its file.
 */
export const OWNER_TOKEN_HEADER = 'X-Sandbox-Owner-Token';
/** A stream this far behind is closed: its client attaches again and reads everything afresh. */
const MAX_BACKLOG_BYTES = 8 * 1024 * 1024;

/** The open streams of GET /__sandbox/watch, told of every change as it happens; nothing is done for one while none is open. */
export class ChangeFeed {
  private readonly streams = new Set<ServerResponse>();
  /** The owner file's secret, once this sandbox holds one (it stands for the admin token: http/adminToken.ts). */
  secret: string | undefined;

  open(res: ServerResponse): void {
    this.streams.add(res);
    res.on('close', () => this.streams.delete(res));
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' });
    res.flushHeaders(); // the client hears from now on
  }

  send<E extends keyof WatchEvents>(event: E, data: WatchEvents[E]): void {
    if (this.streams.size === 0) return;
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of this.streams) {
      if (res.writableLength > MAX_BACKLOG_BYTES) res.destroy();
      else res.write(text);
    }
  }
}

/** Reads the stream as ChangeFeed writes it, a chunk at a time: hands each whole event (one may span chunks) to its handler. */
export function eventReader(handlers: { [E in keyof WatchEvents]: (data: WatchEvents[E]) => void }): (chunk: string) => void {
  let rest = '';
  return (chunk) => {
    const blocks = (rest + chunk).split('\n\n');
    rest = blocks.pop() ?? '';
    for (const block of blocks) {
      const [, event, data] = /^event: (.*)\ndata: (.*)$/.exec(block) ?? [];
      if (event !== undefined && Object.hasOwn(handlers, event)) handlers[event as keyof WatchEvents](JSON.parse(data!));
    }
  };
}
