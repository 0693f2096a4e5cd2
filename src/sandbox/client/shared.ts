import { request } from 'node:http';
import { startSandbox } from '../owner/start';
import type { JournalLimits } from '../requests/journal';
import { StateFileInUse, type OwnerRecord } from '../sharing/ownerLock';
import { eventReader, OWNER_TOKEN_HEADER, WATCH_PATH } from '../sharing/wire';
import type { Sandbox, SandboxChange, SandboxOptions } from '../types';
import { listeners } from '../vocabulary/listeners';
import { AdminHttp, httpPort } from './httpPort';
import { localPort, type WorldPort } from './port';
import { SandboxClient, type Where } from './sandboxClient';

// One world per state file, whoever asks first. The first process to open a state file serves
// its sandbox (it holds the owner file: sharing/ownerLock.ts); the others (a second VS Code
// window, the MCP server VS Code starts) use that one over its admin API and keep no copy of it:
// every read asks it, and its change stream (GET /__sandbox/watch) only says when to read again.
// When it goes away they say so (onLost), and the next call opens the file here, on the same port
// when it is free, so the URL apps were given keeps working (or uses whoever opened it first).

const OPEN_TIMEOUT_MS = 5_000;

/** onExchange sees the answers of the sandbox while it is served here (the journal has every one: client.requests). */
export type SharedSandboxOptions = SandboxOptions & Required<Pick<SandboxOptions, 'dataFile' | 'role'>>;

/** How the sandbox is reached now: served here, or by another process (`lost` once that one went away). */
interface Way {
  where: Where;
  port: WorldPort;
  served?: Sandbox;
  lost?: boolean;
  /** Stops hearing of its changes, telling no one. */
  stop(): void;
}

/** The sandbox of one state file, served here or by another process. */
export class SharedSandbox {
  /** The sandbox as it is reached now: one client throughout, whose url, port and server follow the process that serves it. */
  readonly client: SandboxClient;
  private way!: Way;
  private readonly changes = listeners<SandboxChange>();
  private readonly notices = listeners<number>();
  private readonly lostTo = listeners<number>();
  private readonly servedTo = listeners<SandboxClient>();
  private readonly log: (line: string) => void;
  private switching: Promise<void> | undefined;
  private closed = false;
  /** The process that served it went away (its pid): the next call opens the file again. */
  readonly onLost = this.lostTo.add;
  /** Another process serves it now, or this one took it over. */
  readonly onServed = this.servedTo.add;

  private constructor(private readonly options: SharedSandboxOptions) {
    this.log = options.log ?? ((line) => console.warn(line));
    // Each call goes to the side that serves the file when it is made.
    const via = <K extends keyof WorldPort>(method: K): WorldPort[K] =>
      (async (...args: unknown[]) => {
        await this.ready();
        return (this.way.port[method] as (...given: unknown[]) => unknown)(...args);
      }) as WorldPort[K];
    const port: WorldPort = {
      run: via('run'),
      listRequests: via('listRequests'),
      newestRequests: via('newestRequests'),
      waitForRequest: via('waitForRequest'),
      waitForEvent: via('waitForEvent'),
    };
    this.client = new SandboxClient(port, { where: () => this.way.where, onChange: this.changes.add, onRequests: this.notices.add });
  }

  static async open(options: SharedSandboxOptions): Promise<SharedSandbox> {
    const shared = new SharedSandbox(options);
    await shared.serve(options.port);
    return shared;
  }

  /** The sandbox itself while this process serves it. */
  get inProcess(): Sandbox | undefined {
    return this.way.served;
  }

  /** New limits for the request journal: the sandbox's when served here; kept for when this process opens the file. */
  setJournalLimits(limits: Partial<JournalLimits>): void {
    this.options.journal = { ...this.options.journal, ...limits };
    this.way.served?.requests.setLimits(limits);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.switching?.catch(() => undefined);
    this.way.stop();
    await this.way.served?.close();
  }

  /** Serves the file here, or uses the process that does. */
  private async serve(port: number | undefined): Promise<void> {
    for (let unreached: string | undefined; ;) {
      try {
        const served = await startSandbox({ ...this.options, port });
        const { url, requests } = served;
        const stops = [served.onChange(this.changes.tell), requests.onChange(() => this.notices.tell(requests.lastId))];
        const server = { here: true, pid: process.pid, role: this.options.role };
        const stop = () => stops.forEach((unsubscribe) => unsubscribe());
        this.way = { where: { url, port: served.port, server }, port: localPort(served, requests), served, stop };
        return;
      } catch (error) {
        // An owner gone before it was reached is looked past (the file is then free, or has the next owner); one
        // not reached twice in a row is the answer, as is one that holds the file without answering.
        if (!(error instanceof StateFileInUse) || error.unresponsive || error.owner.instance === unreached) throw error;
        const way = await this.attach(error.owner).catch(() => undefined);
        if (way) return void (this.way = way);
        unreached = error.owner.instance;
      }
    }
  }

  /** `client` once it reaches a live sandbox: when the process that served it went away, the file is opened again first (one attempt at a time). */
  async ready(): Promise<SandboxClient> {
    const gone = this.way;
    if (!gone.lost) return this.client;
    if (this.closed) throw new Error(`The sandbox of ${this.options.dataFile} was closed`);
    this.switching ??= this.serve(gone.where.port)
      .then(() => this.servedTo.tell(this.client))
      .catch((error: unknown) => {
        const reason = (error as Error)?.message ?? String(error);
        const message = `Could not open ${this.options.dataFile} after pid ${gone.where.server.pid} went away: ${reason}`;
        this.log(`Wallet sandbox: ${message}; the next call tries again.`);
        throw new Error(message, { cause: error });
      })
      .finally(() => (this.switching = undefined));
    await this.switching;
    return this.client;
  }

  /**
   * The sandbox `owner` serves (over the package's HTTP port; claimStateFile saw it answer as that
   * sandbox), once its change stream is open: heard until the stream ends (then `lost`) or close stops it.
   */
  private async attach(owner: OwnerRecord): Promise<Way> {
    const url = owner.url!; // StateFileInUse names where its owner answered (but when unresponsive)
    const admin = new AdminHttp(url, { ownerToken: owner.secret, who: `pid ${owner.pid}` });
    const server = { here: false, pid: owner.pid, role: owner.role };
    const way: Way = { where: { url, port: Number(new URL(url).port), server }, port: httpPort(admin), stop: () => undefined };
    const read = eventReader({ change: this.changes.tell, requests: ({ lastId }) => this.notices.tell(lastId) });
    way.stop = await watch(owner, read, () => {
      way.lost = true;
      this.log(`Wallet sandbox: pid ${owner.pid}, which served ${this.options.dataFile}, went away; the next call opens it here.`);
      this.lostTo.tell(owner.pid);
    });
    return way;
  }
}

/** Opens the sandbox of a state file: serves it here, or uses the process that does. */
export const openSharedSandbox = SharedSandbox.open;

/**
 * Opens the owner's change stream: resolves, once it is open, with what stops it; then hands on
 * each chunk, and calls `lost` when the stream ends unless stopped.
 */
function watch(owner: OwnerRecord, read: (chunk: string) => void, lost: () => void): Promise<() => void> {
  const url = `${owner.url}${WATCH_PATH}`;
  return new Promise((resolve, reject) => {
    let stopped = false;
    const stream = request(url, { headers: { Accept: 'text/event-stream', [OWNER_TOKEN_HEADER]: owner.secret }, timeout: OPEN_TIMEOUT_MS });
    stream.on('timeout', () => stream.destroy(new Error(`${url} did not answer`)));
    stream.on('error', reject); // once open, the response's close says it
    stream.on('response', (response) => {
      stream.setTimeout(0); // open: the stream may then be quiet for hours
      if (response.statusCode !== 200) {
        response.resume();
        return void stream.destroy(new Error(`${url} answered ${response.statusCode}`));
      }
      resolve(() => ((stopped = true), stream.destroy()));
      response.setEncoding('utf8');
      response.on('data', read);
      response.on('close', () => stopped || lost());
    });
    stream.end();
  });
}
