import { request, type ClientRequest } from 'node:http';
import type { Finding } from '../findings/finding';
import type { JournalEntry } from '../requests/entry';
import { RequestJournal, type JournalLimits, type JournalReader } from '../requests/journal';
import type {
  Fault,
  PublicWebhookEvent,
  ScenarioExport,
  SandboxChange,
  SandboxClient,
  SandboxKnobs,
  SandboxServer,
  TransactionRecord,
} from '../types';
import type { OwnerRecord } from './ownerLock';
import { EventParser, type Hello, OWNER_TOKEN_HEADER, WATCH_PATH } from './wire';
import { ApiError, ErrorCode } from '../errors';
import type { RawInput } from '../worlds/input';
import type { OperationName } from '../worlds/operations';
import { AdminHttp, operationCall } from './adminHttp';

// The sandbox another process serves on the same state file, used over its admin API: the
// reads answer a copy kept current by its change stream (GET /__sandbox/watch), the actions
// are admin calls. Its request journal is copied the same way (GET /__sandbox/requests, then
// each entry as the stream brings it), for this process's Requests view and tools. Every call
// carries the owner file's secret: with allowRemote it stands for the admin token, and it asks
// for the journal as the stream sends it, secrets and all (this process could read the file).

const HELLO_TIMEOUT_MS = 5_000;
/** A change touching more events than this reads the whole list once instead of each one. */
const EVENT_BATCH = 20;

/** GET /__sandbox/clock's answer (an older owner leaves `frozen` out). */
interface ClockAnswer {
  now: string;
  offsetMs: number;
  frozen?: boolean;
}

export interface RemoteOptions {
  /** How much of the owner's request journal the copy keeps (the owner's own limits apply there). */
  journal?: Partial<JournalLimits>;
  /** The stream ended: the owner closed or went away. Called once, never after detach(). */
  onLost: () => void;
}

export class RemoteSandbox implements SandboxClient {
  readonly server: SandboxServer;
  readonly port: number;
  private knobsSeen: SandboxKnobs = { tokenLifetimeSeconds: 0, latencyMs: 0, faults: [] };
  private offsetMs = 0;
  /** The owner's clock time while it is frozen. */
  private frozenAt: number | undefined;
  /** Oldest first, as the sandbox keeps them. */
  private readonly eventsSeen = new Map<string, PublicWebhookEvent>();
  private readonly listeners = new Set<(change: SandboxChange) => void>();
  private stream: ClientRequest | undefined;
  private applying: Promise<void> = Promise.resolve();
  private over = false;
  private readonly journal: RequestJournal;
  private readonly admin: AdminHttp;
  /** Entries the stream brought while the journal was being read; undefined once it was. */
  private arrivedWhileLoading: JournalEntry[] | undefined = [];

  private constructor(
    readonly url: string,
    private readonly owner: OwnerRecord,
    private readonly options: RemoteOptions,
  ) {
    this.server = { here: false, pid: owner.pid, role: owner.role };
    this.port = Number(new URL(url).port);
    this.journal = new RequestJournal(options.journal);
    this.admin = new AdminHttp(url, undefined, owner.secret);
  }

  /** The owner's request journal as copied here. */
  get requests(): JournalReader {
    return this.journal;
  }

  /** Opens the owner's stream, then reads what the views show; rejects when the owner does not answer as itself. */
  static async attach(owner: OwnerRecord, options: RemoteOptions): Promise<RemoteSandbox> {
    if (!owner.url) throw new Error(`The sandbox of pid ${owner.pid} has no address yet`);
    const remote = new RemoteSandbox(owner.url, owner, options);
    try {
      await remote.connect();
      remote.applying = remote.loadAll();
      await remote.applying;
      if (remote.over) throw new Error(`${owner.url} closed its change stream`);
    } catch (error) {
      remote.detach();
      throw error;
    }
    return remote;
  }

  /** Stops listening, without onLost. */
  detach(): void {
    this.over = true;
    this.stream?.destroy();
  }

  get knobs(): Readonly<SandboxKnobs> {
    return this.knobsSeen;
  }

  now(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  events(): PublicWebhookEvent[] {
    return [...this.eventsSeen.values()].reverse().map((event) => structuredClone(event));
  }

  event(id: string): PublicWebhookEvent | undefined {
    const event = this.eventsSeen.get(id);
    return event && structuredClone(event);
  }

  onChange(listener: (change: SandboxChange) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async addFault(fault: Fault): Promise<Fault> {
    const { id, ...fields } = fault;
    void id;
    const data = await this.run<{ fault: Fault; faults: Fault[] }>('addFault', fields);
    this.knobsSeen = { ...this.knobsSeen, faults: data.faults };
    return data.fault;
  }

  async removeFault(id: string): Promise<boolean> {
    const data = await this.run<{ removed: boolean; faults: Fault[] }>('removeFault', { id });
    this.knobsSeen = { ...this.knobsSeen, faults: data.faults };
    return data.removed;
  }

  async clearFaults(): Promise<number> {
    const data = await this.run<{ cleared: number }>('clearFaults');
    this.knobsSeen = { ...this.knobsSeen, faults: [] };
    return data.cleared;
  }

  async setLatency(ms: number): Promise<void> {
    this.knobsSeen = (await this.run<{ knobs: SandboxKnobs }>('setKnobs', { latencyMs: ms })).knobs;
  }

  async advanceClock(seconds: number): Promise<SandboxChange[]> {
    const data = await this.run<ClockAnswer & { changed: Pick<SandboxChange, 'transfers' | 'events'> }>('advanceClock', { seconds });
    this.seeClock(data);
    return [{ wallets: [], ...data.changed, clock: true }];
  }

  async lastPasscode(mobile: string): Promise<string | undefined> {
    try {
      return (await this.run<{ passcode: string }>('passcode', { mobile })).passcode;
    } catch (error) {
      // As the owner's own lastPasscode: none waiting is undefined; an unknown wallet is refused.
      if (error instanceof ApiError && error.errorCode === ErrorCode.notFound) return undefined;
      throw error;
    }
  }

  async setBalance(mobile: string, kobo: number): Promise<void> {
    await this.run('setBalance', { mobile, balance: kobo });
  }

  async addTransaction(mobile: string, tx: Partial<TransactionRecord>): Promise<TransactionRecord> {
    return (await this.run<{ transaction: TransactionRecord }>('addTransaction', { ...tx, mobile })).transaction;
  }

  async expireAccessTokens(mobile: string): Promise<void> {
    await this.run('expire', { mobile });
  }

  async revokeRefreshTokens(mobile: string): Promise<void> {
    await this.run('revoke', { mobile });
  }

  async resetWallet(mobile: string): Promise<void> {
    await this.run('resetWallet', { mobile });
  }

  async redeliverEvent(id: string): Promise<PublicWebhookEvent> {
    return this.keep((await this.run<{ event: PublicWebhookEvent }>('redeliverEvent', { id })).event);
  }

  async sendTestEvent(type: PublicWebhookEvent['type'], appId?: string): Promise<PublicWebhookEvent> {
    return this.keep((await this.run<{ event: PublicWebhookEvent }>('sendTestEvent', { type, appId })).event);
  }

  /** Limits for this process's copy of the journal. */
  setJournalLimits(limits: Partial<JournalLimits>): void {
    this.journal.setLimits(limits);
  }

  async clearRequests(): Promise<void> {
    await this.run('clearRequests');
    this.journal.clear();
  }

  async scenario(): Promise<ScenarioExport> {
    return this.run<ScenarioExport>('exportScenario');
  }

  async findings(): Promise<Finding[]> {
    return (await this.run<{ findings: Finding[] }>('findings')).findings;
  }

  async clearFindings(): Promise<number> {
    return (await this.run<{ cleared: number }>('clearFindings')).cleared;
  }

  /** POST /__sandbox/reset, then the reads here read everything again (the change stream also tells, later). */
  async reset(): Promise<void> {
    await this.run('reset');
    this.journal.clear();
    await this.loadAll();
  }

  private keep(event: PublicWebhookEvent): PublicWebhookEvent {
    this.eventsSeen.set(event.id, event);
    return structuredClone(event);
  }

  private connect(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let greeted = false;
      const fail = (error: Error) => {
        clearTimeout(timer);
        if (!greeted) reject(error);
        else this.lost();
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
          const change = JSON.parse(data) as SandboxChange;
          this.applying = this.applying.then(() => this.apply(change));
        } else if (event === 'request') {
          const entry = JSON.parse(data) as JournalEntry;
          if (this.arrivedWhileLoading) this.arrivedWhileLoading.push(entry);
          else this.journal.adopt(entry);
        } else if (event === 'requestsCleared') {
          if (this.arrivedWhileLoading) this.arrivedWhileLoading = [];
          this.journal.clear();
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

  private lost(): void {
    if (this.over) return;
    this.over = true;
    this.options.onLost();
  }

  private async loadAll(): Promise<void> {
    await Promise.all([this.loadKnobs(), this.loadClock(), this.loadEvents(), this.loadRequests()]);
  }

  /** The journal as the owner has it now, then what the stream brought meanwhile (adopt skips what it has). */
  private async loadRequests(): Promise<void> {
    const { requests } = await this.call(() => this.admin.call<{ requests: JournalEntry[] }>('GET', '/__sandbox/requests?secrets=true'));
    for (const entry of requests) this.journal.adopt(entry);
    for (const entry of this.arrivedWhileLoading ?? []) this.journal.adopt(entry);
    this.arrivedWhileLoading = undefined;
  }

  private async loadKnobs(): Promise<void> {
    this.knobsSeen = (await this.run<{ knobs: SandboxKnobs }>('knobs')).knobs;
  }

  private async loadClock(): Promise<void> {
    this.seeClock(await this.run<ClockAnswer>('clock'));
  }

  /** A frozen clock is read as its time: real time passing here does not move it. */
  private seeClock(clock: ClockAnswer): void {
    this.offsetMs = clock.offsetMs;
    this.frozenAt = clock.frozen ? Date.parse(clock.now) : undefined;
  }

  private async loadEvents(): Promise<void> {
    const { events } = await this.run<{ events: PublicWebhookEvent[] }>('events');
    this.eventsSeen.clear();
    for (const event of events.reverse()) this.eventsSeen.set(event.id, event);
  }

  private async loadEvent(id: string): Promise<void> {
    try {
      this.eventsSeen.set(id, (await this.run<{ event: PublicWebhookEvent }>('event', { id })).event);
    } catch (error) {
      if (!(error instanceof ApiError && error.errorCode === ErrorCode.eventNotFound)) throw error;
      this.eventsSeen.delete(id);
    }
  }

  /** Brings the copy up to date with what the change touched, then tells the listeners. */
  private async apply(change: SandboxChange): Promise<void> {
    const ids = [...new Set(change.events.map((event) => event.id))];
    try {
      await Promise.all([
        change.knobs ? this.loadKnobs() : undefined,
        change.clock ? this.loadClock() : undefined,
        ...(change.reset || ids.length > EVENT_BATCH ? [this.loadEvents()] : ids.map((id) => this.loadEvent(id))),
      ]);
    } catch {
      // The owner went away meanwhile: its stream's end says so.
    }
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // A listener's failure is its own; the others still hear.
      }
    }
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
