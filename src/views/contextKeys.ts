import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import { Disposable } from '../common/lifecycle';

/** Keeps the context keys that drive welcome views and menus in step with the accounts. */
export class ContextKeys extends Disposable {
  /** The last values set, for tests and the walkthrough. */
  readonly values: Record<string, unknown> = {};
  private readonly didSet = this._register(new vscode.EventEmitter<{ key: string; value: unknown }>());
  /** A key was set (the walkthrough's progress follows these: src/walkthrough/progress.ts). */
  readonly onDidSet = this.didSet.event;

  constructor(private readonly accounts: AccountService) {
    super();
    this._register(accounts.onDidChange(() => this.update()));
    this.update();
  }

  /**
   * A transaction was shown: completes the walkthrough step. Its onCommand event misses clicks
   * and Enter in the tree, which VS Code runs through an internal delegating command.
   */
  markTransactionShown(): void {
    this.set('transactionShown', true);
  }

  private set(key: string, value: unknown): void {
    this.values[key] = value;
    void vscode.commands.executeCommand('setContext', `walletConsole.${key}`, value);
    this.didSet.fire({ key, value });
  }

  private update(): void {
    const env = this.accounts.env();
    const state = this.accounts.accounts(env);
    const wallet = this.accounts.activeWallet(env);
    const set = (key: string, value: unknown) => this.set(key, value);
    set('environment', env);
    set('signedIn', state.developer !== undefined);
    set('hasApp', this.accounts.activeApp(env) !== undefined);
    set('walletConnected', wallet?.status === 'connected');
    // Select App and Select Wallet are in the palette only when there is another to pick.
    set('appCount', state.apps.length);
    set('walletCount', state.wallets.length);
  }
}
