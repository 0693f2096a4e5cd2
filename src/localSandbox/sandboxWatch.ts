import * as vscode from 'vscode';
import type { LocalSandbox } from './localSandbox';
import { Disposable, toDisposable } from '../common/lifecycle';
import type { SandboxClient } from '../sandbox';

/** Changes arriving closer together than this are drawn once (a redelivery touches an event several times). */
export const WATCH_DEBOUNCE_MS = 100;

export interface WatchedChange {
  /** Webhook events were created, attempted or redelivered. */
  events: boolean;
  /** What the Sandbox view shows changed: the knobs (faults, the delay), the clock, or the process that serves it. */
  sandbox: boolean;
}

const EVERYTHING: WatchedChange = { events: true, sandbox: true };

/**
 * The local sandbox as the Events and Sandbox views see it: known once something started it (a
 * view never starts it), its changes collapsed into one event per short burst. The sandbox
 * reports every change itself (its state, its knobs, its clock), whoever made it: a control
 * here, an agent tool, the admin API, a request that used a fault up, another window.
 */
export class SandboxWatch extends Disposable {
  private running: SandboxClient | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: WatchedChange | undefined;
  private readonly changed = this._register(new vscode.EventEmitter<WatchedChange>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly local: LocalSandbox) {
    super();
    this._register(local.onDidStart((sandbox) => this.attach(sandbox)));
    // The views read again: those reads are the next call, which opens the state file here.
    this._register(local.onDidLoseServer(() => this.schedule(EVERYTHING)));
    this._register(
      local.onDidChangeState((change) =>
        this.schedule({ events: change.events.length > 0, sandbox: change.knobs === true || change.clock === true }),
      ),
    );
    this._register(toDisposable(() => clearTimeout(this.timer)));
  }

  /** The running sandbox, or undefined while nothing has started it. */
  get current(): SandboxClient | undefined {
    return this.running;
  }

  /** The sandbox, started if need be: for the controls, which act on it. */
  instance(): Promise<SandboxClient> {
    return this.local.instance();
  }

  /** Draws everything again (the clock moves on its own). */
  redraw(): void {
    this.schedule(EVERYTHING);
  }

  private attach(sandbox: SandboxClient): void {
    this.running = sandbox;
    this.schedule(EVERYTHING);
  }

  private schedule(change: WatchedChange): void {
    this.pending = {
      events: (this.pending?.events ?? false) || change.events,
      sandbox: (this.pending?.sandbox ?? false) || change.sandbox,
    };
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      const fired = this.pending ?? EVERYTHING;
      this.pending = undefined;
      this.changed.fire(fired);
      if (fired.sandbox) void this.followFaults();
    }, WATCH_DEBOUNCE_MS);
  }

  /** Clear All Sandbox Faults is in the palette only while there is a fault to clear. */
  private async followFaults(): Promise<void> {
    const faults = await this.running?.knobs().then(
      (knobs) => knobs.faults.length,
      () => undefined,
    );
    if (faults !== undefined) void vscode.commands.executeCommand('setContext', 'walletConsole.sandboxHasFaults', faults > 0);
  }
}
