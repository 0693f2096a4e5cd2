import { startSandbox } from '../owner/start';
import type { JournalLimits } from '../requests/journal';
import type { Sandbox, SandboxChange, SandboxClient, SandboxOptions, SandboxRole } from '../types';
import { localClient } from './localClient';
import { StateFileInUse } from '../sharing/ownerLock';
import { RemoteSandbox } from './remote';

// One world per state file, whoever asks first. The first process to open a state file serves
// its sandbox (it holds the owner file); the others (a second VS Code window, the MCP server
// VS Code starts) are HTTP clients of that one, and keep no copy of it. Nobody takes a live
// server's file (ownerLock.ts): when the serving process has gone away, a process that used it
// says so (onLost) and, on its next call, opens the file itself, on the same port when it is
// free, so the URL apps were given keeps working (or uses whichever process opened it first).

/** How many times a start that found an owner which then went away is tried again. */
const ROUNDS = 5;

/** onExchange sees the answers of the sandbox while it is served here (the journal has every one: client.requests). */
export interface SharedSandboxOptions extends Omit<SandboxOptions, 'dataFile' | 'role'> {
  dataFile: string;
  role: SandboxRole;
}

/** The sandbox of one state file, served here or by another process; `client` is the current way to it. */
export class SharedSandbox {
  private current!: SandboxClient;
  private served: Sandbox | undefined;
  private remote: RemoteSandbox | undefined;
  private stopWatching: () => void = () => undefined;
  private readonly changeListeners = new Set<(change: SandboxChange) => void>();
  private readonly servedListeners = new Set<(client: SandboxClient) => void>();
  private readonly lostListeners = new Set<(pid: number) => void>();
  private switching: Promise<void> | undefined;
  private closed = false;

  private constructor(private readonly options: SharedSandboxOptions) {}

  static async open(options: SharedSandboxOptions): Promise<SharedSandbox> {
    const shared = new SharedSandbox(options);
    await shared.serve(options.port);
    return shared;
  }

  /** The sandbox as it is reached now (it changes when the serving process goes away). */
  get client(): SandboxClient {
    return this.current;
  }

  /** `client` once it reaches a live sandbox: when the process that served it went away, the file is opened again first. */
  async ready(): Promise<SandboxClient> {
    if (this.remote?.lost) return this.reopen(this.remote);
    return this.current;
  }

  /** The sandbox itself while this process serves it. */
  get inProcess(): Sandbox | undefined {
    return this.served;
  }

  /** Every change of the sandbox, whichever process serves it. */
  onChange(listener: (change: SandboxChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  }

  /** The process that served it went away (its pid): the next call through `client` opens the file again. */
  onLost(listener: (pid: number) => void): () => void {
    this.lostListeners.add(listener);
    return () => void this.lostListeners.delete(listener);
  }

  /** Called when another process starts serving it, or this one took it over. */
  onServed(listener: (client: SandboxClient) => void): () => void {
    this.servedListeners.add(listener);
    return () => void this.servedListeners.delete(listener);
  }

  /** New limits for the request journal: the sandbox's when served here; kept for when this process opens the file. */
  setJournalLimits(limits: Partial<JournalLimits>): void {
    this.options.journal = { ...this.options.journal, ...limits };
    this.served?.requests.setLimits(limits);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.switching?.catch(() => undefined);
    this.stopWatching();
    this.remote?.detach();
    await this.served?.close();
  }

  private log(line: string): void {
    (this.options.log ?? ((text: string) => console.warn(text)))(line);
  }

  private async serve(port: number | undefined): Promise<void> {
    const options = this.options;
    for (let round = 1; ; round++) {
      try {
        const sandbox = await startSandbox({ ...options, port });
        this.use(localClient(sandbox, options.role), sandbox, undefined);
        return;
      } catch (error) {
        if (!(error instanceof StateFileInUse) || round >= ROUNDS) throw error;
        try {
          // Its stream may end before attach() resolves: then it is not the one in use, and ignored.
          const attaching: { remote?: RemoteSandbox } = {};
          attaching.remote = await RemoteSandbox.attach(error.owner, {
            onLost: () => this.lost(attaching.remote),
            reopen: () => this.reopen(attaching.remote),
          });
          this.use(attaching.remote, undefined, attaching.remote);
          return;
        } catch (attachError) {
          // The owner went away between the two: look again.
          if (round >= ROUNDS) throw attachError;
        }
      }
    }
  }

  private use(client: SandboxClient, served: Sandbox | undefined, remote: RemoteSandbox | undefined): void {
    this.stopWatching();
    this.current = client;
    this.served = served;
    this.remote = remote;
    this.stopWatching = client.onChange((change) => {
      for (const listener of this.changeListeners) listener(change);
    });
  }

  /** The serving process went away: say so; the next call opens the file (reopen). */
  private lost(remote: RemoteSandbox | undefined): void {
    if (this.closed || !remote || remote !== this.remote) return;
    this.log(`Wallet sandbox: pid ${remote.server.pid}, which served ${this.options.dataFile}, went away; the next call opens it here.`);
    for (const listener of this.lostListeners) listener(remote.server.pid);
  }

  /** The way to the file after `remote` was lost: served here, or by whoever opened it first (one attempt at a time). */
  private async reopen(remote: RemoteSandbox | undefined): Promise<SandboxClient> {
    if (this.closed) throw new Error(`The sandbox of ${this.options.dataFile} was closed`);
    if (!remote || remote !== this.remote) return this.current;
    this.switching ??= this.serve(remote.port)
      .then(() => {
        for (const listener of this.servedListeners) listener(this.current);
      })
      .catch((error: unknown) => {
        const reason = (error as Error)?.message ?? String(error);
        const message = `Could not open ${this.options.dataFile} after pid ${remote.server.pid} went away: ${reason}`;
        this.log(`Wallet sandbox: ${message}; the next call tries again.`);
        throw new Error(message, { cause: error });
      })
      .finally(() => (this.switching = undefined));
    await this.switching;
    return this.current;
  }
}

export const openSharedSandbox = (options: SharedSandboxOptions): Promise<SharedSandbox> => SharedSandbox.open(options);
