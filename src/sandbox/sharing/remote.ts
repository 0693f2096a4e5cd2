import { request, type ClientRequest } from 'node:http';
import type { Finding } from '../findings/finding';
import type { JournalEntry } from '../requests/entry';
import type {
  Fault,
  JournalReads,
  PublicWebhookEvent,
  ScenarioExport,
  SandboxChange,
  SandboxClient,
  SandboxKnobs,
  SandboxServer,
  TransactionRecord,
} from '../types';
import type { OwnerRecord } from './ownerLock';
import { EventParser, type Hello, OWNER_TOKEN_HEADER, type RequestsNotice, WATCH_PATH } from './wire';
import { ApiError } from '../errors';
import type { RawInput } from '../worlds/input';
import { orNoneLater } from '../worlds/noneAnswers';
import type { OperationName } from '../worlds/operations';
import { AdminHttp, operationCall } from './adminHttp';

// The sandbox another process serves on the same state file, used over its admin API. Every
// read asks that process (GET /__sandbox/knobs, /clock, /events, /requests): nothing of its
// world or its journal is copied here. Its change stream (GET /__sandbox/watch) only says that
// something changed, so the views know when to read again, and ends when that process goes
// away: then this says so (onLost), and its next call asks `reopen` for the way to the file now
// (this process serving it, or whichever process opened it first) and goes there.
// Every call carries the owner file's secret: with allowRemote it stands for the admin token.

const HELLO_TIMEOUT_MS = 5_000;

/** GET /__sandbox/clock's answer. */
interface ClockAnswer {
  now: string;
}

export interface RemoteOptions {
  /** The stream ended: the owner closed or went away. Called once, never after detach(). */
  onLost: () => void;
  /** After onLost: the sandbox of the file as it is reached now (opened here if need be). */
  reopen: () => Promise<SandboxClient>;
}

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
    this.requests = {
      newest: (limit) =>
        this.via(
          (next) => next.requests.newest(limit),
          () => this.newestRequests(limit),
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

  knobs(): Promise<SandboxKnobs> {
    return this.via(
      (next) => next.knobs(),
      async () => (await this.run<{ knobs: SandboxKnobs }>('knobs')).knobs,
    );
  }

  now(): Promise<number> {
    return this.via(
      (next) => next.now(),
      async () => Date.parse((await this.run<ClockAnswer>('clock')).now),
    );
  }

  events(): Promise<PublicWebhookEvent[]> {
    return this.via(
      (next) => next.events(),
      async () => (await this.run<{ events: PublicWebhookEvent[] }>('events')).events,
    );
  }

  event(id: string): Promise<PublicWebhookEvent | undefined> {
    return this.via(
      (next) => next.event(id),
      async () => (await orNoneLater('event', () => this.run<{ event: PublicWebhookEvent }>('event', { id })))?.event,
    );
  }

  onChange(listener: (change: SandboxChange) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  addFault(fault: Fault): Promise<Fault> {
    const { id, ...fields } = fault;
    void id;
    return this.via(
      (next) => next.addFault(fault),
      async () => (await this.run<{ fault: Fault }>('addFault', fields)).fault,
    );
  }

  removeFault(id: string): Promise<boolean> {
    return this.via(
      (next) => next.removeFault(id),
      async () => (await this.run<{ removed: boolean }>('removeFault', { id })).removed,
    );
  }

  clearFaults(): Promise<number> {
    return this.via(
      (next) => next.clearFaults(),
      async () => (await this.run<{ cleared: number }>('clearFaults')).cleared,
    );
  }

  setLatency(ms: number): Promise<void> {
    return this.via(
      (next) => next.setLatency(ms),
      async () => void (await this.run('setKnobs', { latencyMs: ms })),
    );
  }

  advanceClock(seconds: number): Promise<SandboxChange[]> {
    return this.via(
      (next) => next.advanceClock(seconds),
      async (): Promise<SandboxChange[]> => {
        const data = await this.run<{ changed: Pick<SandboxChange, 'transfers' | 'events'> }>('advanceClock', { seconds });
        return [{ wallets: [], ...data.changed, clock: true }];
      },
    );
  }

  lastPasscode(mobile: string): Promise<string | undefined> {
    return this.via(
      (next) => next.lastPasscode(mobile),
      async () => (await orNoneLater('passcode', () => this.run<{ passcode: string }>('passcode', { mobile })))?.passcode,
    );
  }

  setBalance(mobile: string, kobo: number): Promise<void> {
    return this.via(
      (next) => next.setBalance(mobile, kobo),
      async () => void (await this.run('setBalance', { mobile, balance: kobo })),
    );
  }

  addTransaction(mobile: string, tx: Parameters<SandboxClient['addTransaction']>[1]): Promise<TransactionRecord> {
    return this.via(
      (next) => next.addTransaction(mobile, tx),
      async () => (await this.run<{ transaction: TransactionRecord }>('addTransaction', { ...tx, mobile })).transaction,
    );
  }

  expireAccessTokens(mobile: string): Promise<void> {
    return this.via(
      (next) => next.expireAccessTokens(mobile),
      async () => void (await this.run('expire', { mobile })),
    );
  }

  revokeRefreshTokens(mobile: string): Promise<void> {
    return this.via(
      (next) => next.revokeRefreshTokens(mobile),
      async () => void (await this.run('revoke', { mobile })),
    );
  }

  resetWallet(mobile: string): Promise<void> {
    return this.via(
      (next) => next.resetWallet(mobile),
      async () => void (await this.run('resetWallet', { mobile })),
    );
  }

  redeliverEvent(id: string): Promise<PublicWebhookEvent> {
    return this.via(
      (next) => next.redeliverEvent(id),
      async () => (await this.run<{ event: PublicWebhookEvent }>('redeliverEvent', { id })).event,
    );
  }

  sendTestEvent(type: PublicWebhookEvent['type'], appId?: string): Promise<PublicWebhookEvent> {
    return this.via(
      (next) => next.sendTestEvent(type, appId),
      async () => (await this.run<{ event: PublicWebhookEvent }>('sendTestEvent', { type, appId })).event,
    );
  }

  clearRequests(): Promise<void> {
    return this.via(
      (next) => next.clearRequests(),
      async () => void (await this.run('clearRequests')),
    );
  }

  scenario(): Promise<ScenarioExport> {
    return this.via(
      (next) => next.scenario(),
      () => this.run<ScenarioExport>('exportScenario'),
    );
  }

  reset(): Promise<void> {
    return this.via(
      (next) => next.reset(),
      async () => void (await this.run('reset')),
    );
  }

  findings(): Promise<Finding[]> {
    return this.via(
      (next) => next.findings(),
      async () => (await this.run<{ findings: Finding[] }>('findings')).findings,
    );
  }

  clearFindings(): Promise<number> {
    return this.via(
      (next) => next.clearFindings(),
      async () => (await this.run<{ cleared: number }>('clearFindings')).cleared,
    );
  }

  /** GET /__sandbox/requests?limit= (oldest first there), newest first; secrets as the owner keeps them, for this process could read its file. */
  private async newestRequests(limit: number): Promise<JournalEntry[]> {
    if (limit <= 0) return [];
    const path = `/__sandbox/requests?limit=${Math.floor(limit)}&secrets=true`;
    const { requests } = await this.call(() => this.admin.call<{ requests: JournalEntry[] }>('GET', path));
    return requests.reverse();
  }

  /** The call here while the owner serves; once it went away, the same call on the file as reached now. */
  private async via<T>(onNext: (next: SandboxClient) => Promise<T>, here: () => Promise<T>): Promise<T> {
    if (this.gone) return onNext(await this.options.reopen());
    return here();
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

  /** The operation of the table (worlds/operations.ts), as its admin request (adminHttp.ts: checked here first, as the owner checks it). */
  private async run<T = unknown>(name: OperationName, raw?: RawInput): Promise<T> {
    return this.call(() => operationCall(this.admin, name, raw) as Promise<T>);
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
