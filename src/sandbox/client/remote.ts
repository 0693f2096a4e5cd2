import { request, type ClientRequest } from 'node:http';
import type { JournalEntry } from '../requests/entry';
import type { JournalReads, SandboxChange, SandboxClient, SandboxServer } from '../types';
import type { OwnerRecord } from '../sharing/ownerLock';
import { EventParser, type Hello, OWNER_TOKEN_HEADER, type RequestsNotice, WATCH_PATH } from '../sharing/wire';
import { ApiError } from '../vocabulary/errors';
import { AdminHttp, journalPages, operationCall } from './adminHttp';
import { clientCalls, type ClientCalls, type RunOperation } from './clientCalls';

// The sandbox another process serves on the same state file, used over its admin API. Every
// read asks that process (GET /__sandbox/knobs, /clock, /events, /requests): nothing of its
// world or its journal is copied here. Its change stream (GET /__sandbox/watch) only says that
// something changed, so the views know when to read again, and ends when that process goes
// away: then this says so (onLost), and its next call asks `reopen` for the way to the file now
// (this process serving it, or whichever process opened it first) and goes there.
// Every call carries the owner file's secret: with allowRemote it stands for the admin token.

const HELLO_TIMEOUT_MS = 5_000;

export interface RemoteOptions {
  /** The stream ended: the owner closed or went away. Called once, never after detach(). */
  onLost: () => void;
  /** After onLost: the sandbox of the file as it is reached now (opened here if need be). */
  reopen: () => Promise<SandboxClient>;
}

// The calls (clientCalls.ts) are set on each instance in the constructor, made of `run`.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface RemoteSandbox extends ClientCalls {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class RemoteSandbox implements SandboxClient {
  readonly server: SandboxServer;
  readonly port: number;
  readonly requests: JournalReads;
  private readonly listeners = new Set<(change: SandboxChange) => void>();
  private readonly requestListeners = new Set<(lastId: number) => void>();
  private stream: ClientRequest | undefined;
  private over = false;
  private gone = false;
  private readonly admin: AdminHttp;

  private constructor(
    readonly url: string,
    private readonly owner: OwnerRecord,
    private readonly options: RemoteOptions,
  ) {
    this.server = { here: false, pid: owner.pid, role: owner.role };
    this.port = Number(new URL(url).port);
    this.admin = new AdminHttp(url, undefined, owner.secret);
    Object.assign(this, clientCalls(this.run));
    this.requests = {
      newest: (limit) =>
        this.whereServed(
          () => this.newestRequests(limit),
          (next) => next.requests.newest(limit),
        ),
      onChange: (listener) => {
        this.requestListeners.add(listener);
        return () => void this.requestListeners.delete(listener);
      },
    };
  }

  /** Opens the owner's stream; rejects when the owner does not answer as itself. */
  static async attach(owner: OwnerRecord, options: RemoteOptions): Promise<RemoteSandbox> {
    if (!owner.url) throw new Error(`The sandbox of pid ${owner.pid} has no address yet`);
    const remote = new RemoteSandbox(owner.url, owner, options);
    try {
      await remote.connect();
    } catch (error) {
      remote.detach();
      throw error;
    }
    return remote;
  }

  /** Whether the process that served it went away (the next call goes to the file as it is reached now). */
  get lost(): boolean {
    return this.gone;
  }

  /** Stops listening, without onLost. */
  detach(): void {
    this.over = true;
    this.stream?.destroy();
  }

  /** An operation runs on the owner while it serves; once it went away, on the file as reached now. */
  readonly run: RunOperation = (name, raw) =>
    this.whereServed(
      () => this.call(() => operationCall(this.admin, name, raw)),
      (next) => next.run(name, raw) as never,
    );

  /** `here` asks the owner while it serves; once it went away, `there` asks the file's sandbox as reached now. */
  private whereServed<T>(here: () => Promise<T>, there: (next: SandboxClient) => Promise<T>): Promise<T> {
    return this.gone ? this.options.reopen().then(there) : here();
  }

  onChange(listener: (change: SandboxChange) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** GET /__sandbox/requests?limit=, page after page, newest first; secrets as the owner keeps them, for this process could read its file. */
  private async newestRequests(limit: number): Promise<JournalEntry[]> {
    if (limit <= 0) return [];
    return this.call(() => journalPages(this.admin, new URLSearchParams({ secrets: 'true' }), Math.floor(limit)));
  }

  private connect(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let greeted = false;
      const fail = (error: Error) => {
        clearTimeout(timer);
        if (!greeted) reject(error);
        else this.lose();
      };
      const parser = new EventParser((event, data) => {
        if (event === 'hello') {
          const hello = JSON.parse(data) as Hello;
          if (hello.instance !== this.owner.instance) {
            stream.destroy();
            return fail(new Error(`${this.url} is no longer the sandbox of pid ${this.owner.pid}`));
          }
          greeted = true;
          clearTimeout(timer);
          resolve();
        } else if (event === 'change') {
          this.tell(this.listeners, JSON.parse(data) as SandboxChange);
        } else if (event === 'requests') {
          this.tell(this.requestListeners, (JSON.parse(data) as RequestsNotice).lastId);
        }
      });
      const stream = request(new URL(WATCH_PATH, this.url), {
        headers: { Accept: 'text/event-stream', [OWNER_TOKEN_HEADER]: this.owner.secret },
      });
      const timer = setTimeout(() => stream.destroy(new Error(`${this.url} did not open its change stream`)), HELLO_TIMEOUT_MS);
      stream.on('response', (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          stream.destroy(new Error(`${this.url}${WATCH_PATH} answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => parser.push(chunk));
        response.on('close', () => fail(new Error(`${this.url} closed its change stream`)));
      });
      stream.on('error', fail);
      stream.end();
      this.stream = stream;
    });
  }

  private tell<T>(listeners: Set<(value: T) => void>, value: T): void {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch {
        // A listener's failure is its own; the others still hear.
      }
    }
  }

  private lose(): void {
    if (this.over) return;
    this.over = true;
    this.gone = true;
    this.options.onLost();
  }

  private async call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new Error(`${(error as Error).message} (pid ${this.owner.pid})`, { cause: error });
    }
  }
}
