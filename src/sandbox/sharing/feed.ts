import type { ServerResponse } from 'node:http';
import type { SandboxChange } from '../types';
import { frame, type Hello, type RequestsNotice } from './wire';

/** A stream this far behind is closed: its client attaches again and reads everything afresh. */
const MAX_BACKLOG_BYTES = 8 * 1024 * 1024;

/**
 * The streams of GET /__sandbox/watch: a notice of every change of the sandbox, as it happens,
 * to the processes that use it (other windows, the MCP server). Notices only: those processes
 * read what changed from the admin API, so nothing is copied to them. Nothing is done for a
 * change while no stream is open.
 */
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
    this.send('requests', { lastId } satisfies RequestsNotice);
  }

  private send(event: string, data: unknown): void {
    if (this.streams.size === 0) return;
    const text = frame(event, data);
    for (const res of this.streams) this.write(res, text);
  }

  private write(res: ServerResponse, text: string): void {
    if (res.destroyed) return;
    if (res.writableLength > MAX_BACKLOG_BYTES) {
      res.destroy();
      return;
    }
    res.write(text);
  }
}
