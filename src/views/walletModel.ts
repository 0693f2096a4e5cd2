import * as vscode from 'vscode';
import type { Account, Transaction, TransactionType, WalletBalance, WalletClient, WalletCredentials } from '../api';
import type { AccountService } from '../auth/accountService';
import { Disposable } from '../common/lifecycle';
import { describeError } from '../common/userFacingError';
import { withSlowWaitProgress } from '../common/slowWait';
import { Loadable } from './loadable';

export type WalletPart = 'balance' | 'accounts' | 'transactions';

/** Data shown again within this time is not fetched again (reopening a view costs nothing). */
export const FRESH_FOR_MS = 60_000;

export interface TransactionPages {
  items: Transaction[];
  /** The next page to ask for; undefined once a short page showed the end. */
  nextPage: number | undefined;
}

/**
 * The active wallet's data, separate from how the tree draws it. Switching environment or
 * wallet starts afresh; each part loads and refreshes on its own.
 */
export class WalletModel extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<WalletPart | undefined>());
  /** Fires with the part that changed, or undefined when everything did. */
  readonly onDidChange = this.changed.event;
  readonly balance = new Loadable<WalletBalance>(() => this.changed.fire('balance'));
  readonly accounts = new Loadable<Account[]>(() => this.changed.fire('accounts'));
  readonly transactions = new Loadable<TransactionPages>(() => this.changed.fire('transactions'));
  private filterType: TransactionType | undefined;
  private walletKey: string | undefined;

  constructor(
    private readonly service: AccountService,
    private readonly pageSize: () => number,
  ) {
    super();
    this.walletKey = this.currentKey();
    this._register(
      service.onDidChange(() => {
        const key = this.currentKey();
        if (key === this.walletKey) return;
        this.walletKey = key;
        this.filterType = undefined;
        [this.balance, this.accounts, this.transactions].forEach((part) => part.clear());
        this.changed.fire(undefined);
      }),
    );
  }

  /** Which wallet the data belongs to: environment, app and mobile. */
  private currentKey(): string | undefined {
    const env = this.service.env();
    const wallet = this.service.activeWallet(env);
    return wallet?.status === 'connected' ? `${env}|${this.service.activeApp(env)?.id}|${wallet.mobile}` : undefined;
  }

  get connected(): boolean {
    return this.walletKey !== undefined;
  }

  get filter(): TransactionType | undefined {
    return this.filterType;
  }

  private describe(error: unknown): string {
    return describeError(vscode.l10n.t('Loading'), error);
  }

  loadBalance(force = false): Promise<void> {
    return this.loadWalletPart(this.balance, force, vscode.l10n.t('Loading the balance…'), (client, credentials, signal) =>
      client.getBalance(credentials, { signal }),
    );
  }

  loadAccounts(force = false): Promise<void> {
    return this.loadWalletPart(this.accounts, force, vscode.l10n.t('Loading the linked accounts…'), (client, credentials, signal) =>
      client.listAccounts(credentials, { signal }),
    );
  }

  /** Loads one part of the wallet unless it is fresh, with a Cancel-able progress once the wait is long. */
  private loadWalletPart<T>(
    part: Loadable<T>,
    force: boolean,
    progressTitle: string,
    call: (client: WalletClient, credentials: WalletCredentials, signal: AbortSignal) => Promise<T>,
  ): Promise<void> {
    if (!force && part.isFresh(FRESH_FOR_MS)) return Promise.resolve();
    return part.load(
      () =>
        withSlowWaitProgress(progressTitle, (signal) =>
          this.service.withWallet((client, credentials) => call(client, credentials, signal)),
        ),
      (error) => this.describe(error),
    );
  }

  /** Loads the first page again (dropping what was loaded), unless it is fresh. */
  loadTransactions(force = false): Promise<void> {
    if (!force && this.transactions.isFresh(FRESH_FOR_MS)) return Promise.resolve();
    return this.transactions.load(
      () => this.fetchPage(1, []),
      (error) => this.describe(error),
    );
  }

  /** Appends the next page to what is loaded. */
  loadMoreTransactions(): Promise<void> {
    const current = this.transactions.value;
    if (!current?.nextPage) return Promise.resolve();
    return this.transactions.load(
      () => this.fetchPage(current.nextPage!, current.items),
      (error) => this.describe(error),
    );
  }

  private async fetchPage(page: number, before: Transaction[]): Promise<TransactionPages> {
    const limit = this.pageSize();
    const type = this.filterType;
    const items = await withSlowWaitProgress(vscode.l10n.t('Loading transactions…'), (signal) =>
      this.service.withWallet((client, credentials) =>
        client.listTransactions(credentials, { limit, pages: page, ...(type ? { type } : {}) }, { signal }),
      ),
    );
    return { items: [...before, ...items], nextPage: items.length < limit ? undefined : page + 1 };
  }

  async setFilter(type: TransactionType | undefined): Promise<void> {
    this.filterType = type;
    this.transactions.clear();
    this.changed.fire('transactions');
    await this.loadTransactions(true);
  }

  /**
   * After money moved: the balance and the first page of transactions, nothing else (the
   * linked accounts did not change). Transactions not loaded yet stay unloaded.
   */
  refreshAfterTransfer(): Promise<void> {
    if (!this.connected) return Promise.resolve();
    return Promise.all([
      this.loadBalance(true),
      this.transactions.value || this.transactions.error ? this.loadTransactions(true) : undefined,
    ]).then(() => undefined);
  }

  refreshAll(): Promise<void> {
    return Promise.all([
      this.loadBalance(true),
      this.accounts.value || this.accounts.error ? this.loadAccounts(true) : undefined,
      this.transactions.value || this.transactions.error ? this.loadTransactions(true) : undefined,
    ]).then(() => undefined);
  }
}
