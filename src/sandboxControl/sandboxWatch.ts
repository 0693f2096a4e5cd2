import * as vscode from 'vscode';
import type { LocalSandbox } from '../auth/localSandbox';
import { Disposable, toDisposable } from '../common/lifecycle';
import type { Sandbox } from '../sandbox';

/** Changes arriving closer together than this are drawn once (a redelivery touches an event several times). */
export const WATCH_DEBOUNCE_MS = 100;

export interface WatchedChange {
  /** Webhook events were created, attempted or redelivered. */
  events: boolean;
}

/**
 * The in-process sandbox as the Events and Sandbox views see it: known once something started
 * it (a view never starts it), its changes collapsed into one event per short burst. The
 * sandbox reports state changes itself; knobs (faults, latency) it does not, so the controls
 * that change them call `touched()`.
 */
export class SandboxWatch extends Disposable {
  private running: Sandbox | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: WatchedChange | undefined;
  private readonly changed = this._register(new vscode.EventEmitter<WatchedChange>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly local: LocalSandbox) {
    super();
    this._register(local.onDidStart((sandbox) => this.attach(sandbox)));
    this._register(local.onDidChangeState((change) => this.schedule({ events: change.events.length > 0 })));
    this._register(toDisposable(() => clearTimeout(this.timer)));
  }

  /** The running sandbox, or undefined while nothing has started it. */
  get current(): Sandbox | undefined {
    return this.running;
  }

  /** The sandbox, started if need be: for the controls, which act on it. */
  instance(): Promise<Sandbox> {
    return this.local.instance();
  }

  /** A control changed what the sandbox does not report (faults, latency). */
  touched(change: WatchedChange = { events: false }): void {
    this.schedule(change);
  }

  private attach(sandbox: Sandbox): void {
    this.running = sandbox;
    this.schedule({ events: true });
  }

  private schedule(change: WatchedChange): void {
    this.pending = { events: (this.pending?.events ?? false) || change.events };
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      const fired = this.pending ?? { events: false };
      this.pending = undefined;
      this.changed.fire(fired);
    }, WATCH_DEBOUNCE_MS);
  }
}
