import type { Sandbox, SandboxChange, SandboxRole, SandboxServer } from '../types';
import { localPort, type WorldPort } from './port';
import { SandboxWorld } from './sandboxWorld';

// The world the editor's views and commands, the agent tools and the CLI reach: the package's
// SandboxWorld (its calls, answers and errors, one face), plus what a sandbox reached from a
// process has beyond it: where it is served, and the notices that say when to read again.

/** Where a sandbox is served: its address and the process that serves it. */
export interface Where {
  url: string;
  port: number;
  server: SandboxServer;
}

/** What a SandboxClient has beyond its world: where it is served, and when to read again. */
export interface Reach {
  where(): Where;
  onChange(listener: (change: SandboxChange) => void): () => void;
  onRequests(listener: (lastId: number) => void): () => void;
}

/**
 * A sandbox as the extension's views and commands and the agent tools reach it: the package's
 * SandboxWorld (its calls, answers and errors), on the sandbox this process serves or the one
 * another process serves on the same state file, plus where it is served and its change notices.
 */
export class SandboxClient extends SandboxWorld {
  /** Every change of the sandbox, whichever process serves it (read again what it touched); answers the unsubscribe. */
  readonly onChange: Reach['onChange'];
  /** After each change of the request journal (an entry came, it was emptied), with its newest id; answers the unsubscribe. */
  readonly onRequests: Reach['onRequests'];
  private readonly where: () => Where;

  /** @internal Use openSharedSandbox or localClient. */
  constructor(operations: WorldPort, reach: Reach) {
    super(operations);
    ({ onChange: this.onChange, onRequests: this.onRequests, where: this.where } = reach);
  }

  /** The sandbox's base URL (it follows the process that serves it). */
  get url(): string {
    return this.where().url;
  }

  /** The port it listens on. */
  get port(): number {
    return this.where().port;
  }

  /** The process that serves it: this one, or another on the same state file. */
  get server(): SandboxServer {
    return this.where().server;
  }
}

/** The sandbox this process serves as a SandboxClient: the operations of the table run here, answering copies as over HTTP. */
export function localClient(sandbox: Sandbox, role: SandboxRole): SandboxClient {
  const where = { url: sandbox.url, port: sandbox.port, server: { here: true, pid: process.pid, role } };
  return new SandboxClient(localPort(sandbox, sandbox.requests), {
    where: () => where,
    onChange: (listener) => sandbox.onChange(listener),
    onRequests: (listener) => sandbox.requests.onChange(() => listener(sandbox.requests.lastId)),
  });
}
