import * as vscode from 'vscode';
import { Disposable, toDisposable } from '../common/lifecycle';

/** Refreshes on a timer only while the view is visible, and never on top of itself. */
export class AutoRefresh extends Disposable {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly view: vscode.TreeView<unknown>,
    private readonly seconds: () => number,
    private readonly refresh: () => Promise<void>,
    /** The shortest period allowed, so a typo cannot hammer the API. */
    private readonly minimumSeconds = 15,
  ) {
    super();
    this._register(toDisposable(() => clearInterval(this.timer)));
    this._register(view.onDidChangeVisibility(() => this.reschedule()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('walletConsole.autoRefreshSeconds')) this.reschedule();
      }),
    );
    this.reschedule();
  }

  private reschedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const seconds = this.seconds();
    if (seconds <= 0 || !this.view.visible) return;
    let running = false;
    this.timer = setInterval(
      () => {
        if (running) return;
        running = true;
        void this.refresh().finally(() => (running = false));
      },
      Math.max(this.minimumSeconds, seconds) * 1000,
    );
  }
}
