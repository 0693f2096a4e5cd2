import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { JournalChange } from '../requests/journal';
import type { SandboxChange } from '../types';
import { carriesOwnerToken, frame, type Hello } from './wire';

/** A stream this far behind is closed: its client attaches again and reads everything afresh. */
const MAX_BACKLOG_BYTES = 8 * 1024 * 1024;

interface Stream {
  res: ServerResponse;
  exchanges: boolean;
}

/**
 * The streams of GET /__sandbox/watch: every change of the sandbox, as it happens, to the
 * processes that use it (other windows, the MCP server); and to those that gave the owner's
 * secret, the request journal's entries too (secrets and all, as the journal keeps them). Nothing is done for a change while no stream is open.
 */
export class ChangeFeed {
  private readonly streams = new Set<Stream>();
  private exchangeStreams = 0;
  /** The owner file's secret, once this sandbox holds one. */
  secret: string | undefined;

  constructor(private readonly hello: () => Omit<Hello, 'exchanges'>) {}

  open(headers: IncomingHttpHeaders, res: ServerResponse): void {
    const exchanges = carriesOwnerToken(this.secret, headers);
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' });
    const stream: Stream = { res, exchanges };
    this.streams.add(stream);
    if (exchanges) this.exchangeStreams++;
    res.on('close', () => {
      if (this.streams.delete(stream) && exchanges) this.exchangeStreams--;
    });
    this.write(stream, frame('hello', { ...this.hello(), exchanges }));
  }

  change(change: SandboxChange): void {
    if (this.streams.size === 0) return;
    const text = frame('change', change);
    for (const stream of this.streams) this.write(stream, text);
  }

  journal(change: JournalChange): void {
    if (this.exchangeStreams === 0) return;
    const text = change.added ? frame('request', change.added) : frame('requestsCleared', {});
    for (const stream of this.streams) if (stream.exchanges) this.write(stream, text);
  }

  private write(stream: Stream, text: string): void {
    const { res } = stream;
    if (res.destroyed) return;
    if (res.writableLength > MAX_BACKLOG_BYTES) {
      res.destroy();
      return;
    }
    res.write(text);
  }
}
