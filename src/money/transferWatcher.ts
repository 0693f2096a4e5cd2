import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import { Disposable, toDisposable } from '../common/lifecycle';
import type { Logger } from '../common/logger';
import type { SandboxChange } from '../sandbox';
import type { MoneyService, PendingTransfer } from './moneyService';
import { requeryDelayMs, transferState } from './transferStatus';
import { touchesWallet } from './walletChange';

/** Changes that arrive together (a transfer, its settlement, its webhook) cause one refresh. */
export const CHANGE_DEBOUNCE_MS = 150;

/**
 * Tells the views when the active wallet's money changed without a command of ours: in the
 * local sandbox, any client's transfer and every settlement (the sandbox says what it touched);
 * on remote servers, a pending bank transfer that settled, found by requerying it on a backoff
 * while the window is open.
 */
export class TransferWatcher extends Disposable {
  private readonly touched = this._register(new vscode.EventEmitter<void>());
  /** Fires (debounced) when the active wallet's balance or history changed. */
  readonly onDidTouchActiveWallet = this.touched.event;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private readonly requeries = new Map<string, { timer: ReturnType<typeof setTimeout>; attempt: number }>();

  constructor(
    private readonly accounts: AccountService,
    private readonly money: MoneyService,
    sandbox: LocalSandbox,
    private readonly logger: Logger,
  ) {
    super();
    this._register(sandbox.onDidChangeState((change) => this.onSandboxChange(change)));
    this._register(money.onDidChangePending(() => this.scheduleRequeries()));
    this._register(
      toDisposable(() => {
        clearTimeout(this.debounce);
        for (const { timer } of this.requeries.values()) clearTimeout(timer);
        this.requeries.clear();
      }),
    );
  }

  /** Called synchronously by the sandbox: only look and arm a timer. */
  private onSandboxChange(change: SandboxChange): void {
    if (this.accounts.env() !== 'local') return;
    const mobile = this.accounts.activeWallet('local')?.mobile;
    if (!mobile || !touchesWallet(change, mobile)) return;
    // Our own send is under way: the command refreshes once its answer is in.
    if (this.money.busy && change.transfers.every((transfer) => transfer.status === 'pending')) return;
    // The sandbox settles its own transfers and says so: nothing to requery.
    for (const settled of change.transfers.filter((transfer) => transfer.status !== 'pending'))
      this.money.forget({ env: 'local', mobile: settled.mobile, reference: settled.reference });
    this.notify();
  }

  private notify(): void {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => this.touched.fire(), CHANGE_DEBOUNCE_MS);
  }

  /** Remote transfers only: the local sandbox reports its settlements itself. */
  private scheduleRequeries(): void {
    const pending = this.money.pendingTransfers().filter((transfer) => transfer.env !== 'local');
    const keys = new Set(pending.map((transfer) => transfer.reference));
    for (const [reference, entry] of this.requeries)
      if (!keys.has(reference)) {
        clearTimeout(entry.timer);
        this.requeries.delete(reference);
      }
    for (const transfer of pending) if (!this.requeries.has(transfer.reference)) this.arm(transfer, 0);
  }

  private arm(transfer: PendingTransfer, attempt: number): void {
    const timer = setTimeout(() => void this.requery(transfer, attempt), requeryDelayMs(attempt));
    this.requeries.set(transfer.reference, { timer, attempt });
  }

  private async requery(transfer: PendingTransfer, attempt: number): Promise<void> {
    // Another environment or wallet is shown now: keep waiting, look again later.
    const current = this.accounts.env() === transfer.env && this.accounts.activeWallet()?.mobile === transfer.mobile;
    try {
      if (current) {
        const status = await this.money.requery(transfer.reference);
        if (transferState(status.statusCode) !== 'pending') {
          this.requeries.delete(transfer.reference);
          this.notify();
          return;
        }
      }
    } catch (error) {
      this.logger.warn(
        `Requery of pending transfer ${transfer.reference} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (this.requeries.has(transfer.reference)) this.arm(transfer, attempt + 1);
  }
}
