import * as vscode from 'vscode';
import { formatNaira, type Account, type Transaction } from '../api';
import { maskAccountNumber } from '../masking/masking';
import type { AccountService } from '../auth/accountService';
import type { WalletInfo } from '../auth/accountState';
import { ENVIRONMENTS } from '../auth/environments';
import { COMMANDS } from '../common/commandIds';
import { formatMobileForPeople } from '../common/formatMobile';
import { formatClockTime, formatDateTime } from '../common/formatTime';
import { formatKobo } from '../common/moneyText';
import { Disposable } from '../common/lifecycle';
import { transferState } from '../money/transferStatus';
import { tidyItem } from './tidy';
import { counterparty, shortReference, transactionTooltip, typeIcon, typeLabel } from './transactionFormat';
import { accessible, spokenNaira } from './spoken';
import type { WalletModel, WalletPart } from './walletModel';

export type WalletNode =
  | { kind: 'wallet' }
  | { kind: 'balance' }
  | { kind: 'accounts' }
  | { kind: 'transactions' }
  | { kind: 'otherWallets' }
  | { kind: 'account'; account: Account; id: string }
  | { kind: 'transaction'; transaction: Transaction; reference: string }
  | { kind: 'loadMore' }
  | { kind: 'otherWallet'; wallet: WalletInfo; mobile: string }
  | { kind: 'message'; id: string; text: string; icon: string; tooltip?: string; command?: vscode.Command };

/**
 * Draws the active wallet: its balance, accounts and transactions, and the other connected
 * wallets. Each section refreshes on its own; the model owns fetching and caching.
 *
 * Every row has a stable `id`. Without one VS Code names a row by its label, so a row whose
 * label changes (the balance) gets a new handle: its parent is redrawn too, and a redraw still
 * queued while the view was hidden then looks for the old row ("Data tree node not found").
 */
export class WalletTreeProvider extends Disposable implements vscode.TreeDataProvider<WalletNode> {
  private readonly changed = this._register(new vscode.EventEmitter<WalletNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly sections = {
    wallet: { kind: 'wallet' } as WalletNode,
    balance: { kind: 'balance' } as WalletNode,
    accounts: { kind: 'accounts' } as WalletNode,
    transactions: { kind: 'transactions' } as WalletNode,
    otherWallets: { kind: 'otherWallets' } as WalletNode,
  };
  private readonly transactionItems = new WeakMap<Transaction, vscode.TreeItem>();
  // One node object per record: TreeView.reveal finds an element by identity.
  private readonly transactionNodes = new WeakMap<Transaction, WalletNode>();

  constructor(
    private readonly service: AccountService,
    readonly model: WalletModel,
  ) {
    super();
    let drawn = this.serviceShape();
    this._register(model.onDidChange((part) => this.changed.fire(this.nodeFor(part))));
    // Only when what the tree draws from the service changed. A redraw from the root makes
    // VS Code forget every row; a section fetch of the workbench still under way then gets
    // "No tree item with id" and an empty section (seen after token saves and settings).
    this._register(
      service.onDidChange(() => {
        const shape = this.serviceShape();
        if (shape === drawn) return;
        drawn = shape;
        this.changed.fire(undefined);
      }),
    );
  }

  /** What the tree shows from the account service: environment, active wallet and app, other wallets. */
  private serviceShape(): string {
    const wallet = this.service.activeWallet();
    const others = this.otherWallets().map((other) => [other.mobile, other.status]);
    return JSON.stringify([this.service.env(), wallet?.mobile, wallet?.status, this.service.activeApp()?.name, others]);
  }

  private nodeFor(part: WalletPart | undefined): WalletNode | undefined {
    return part ? this.sections[part] : undefined;
  }

  async getChildren(node?: WalletNode): Promise<WalletNode[]> {
    if (!node) return this.roots();
    switch (node.kind) {
      case 'wallet':
        return [this.sections.balance, this.sections.accounts, this.sections.transactions];
      // A part whose last load failed is not fetched again here: drawing its error fires a
      // change, and VS Code asks for the children again. Refresh and Retry load it.
      case 'accounts':
        if (this.model.accounts.error === undefined) await this.model.loadAccounts();
        return this.accountChildren();
      case 'transactions':
        if (this.model.transactions.error === undefined) await this.model.loadTransactions();
        return this.transactionChildren();
      case 'otherWallets':
        return this.otherWallets().map((wallet) => ({ kind: 'otherWallet', wallet, mobile: wallet.mobile }));
      default:
        return [];
    }
  }

  private otherWallets(): WalletInfo[] {
    const active = this.service.activeWallet();
    return this.service.accounts().wallets.filter((wallet) => wallet.mobile !== active?.mobile);
  }

  private async roots(): Promise<WalletNode[]> {
    const others: WalletNode[] = this.otherWallets().length > 0 ? [this.sections.otherWallets] : [];
    if (!this.model.connected) return this.setLoadFailed(false, others);
    // The parts shown expanded load at once, in parallel (a failed part waits for Refresh).
    if (this.model.transactions.error === undefined) void this.model.loadTransactions();
    await this.model.loadBalance();
    // Nothing could be loaded at all: an empty tree lets the error welcome (with Retry) show.
    if (this.model.balance.error && !this.model.balance.value) return this.setLoadFailed(true, []);
    return this.setLoadFailed(false, [this.sections.wallet, ...others]);
  }

  private setLoadFailed(failed: boolean, nodes: WalletNode[]): WalletNode[] {
    void vscode.commands.executeCommand('setContext', 'walletConsole.walletLoadFailed', failed);
    return nodes;
  }

  private accountChildren(): WalletNode[] {
    const { value, error } = this.model.accounts;
    if (!value) return error ? [retryNode(error, this.sections.accounts, 'accounts')] : [];
    if (value.length === 0)
      return [{ kind: 'message', id: messageId('accounts'), text: vscode.l10n.t('No linked bank accounts'), icon: 'info' }];
    const ids = new UniqueIds();
    const nodes: WalletNode[] = value.map((account) => ({
      kind: 'account',
      account,
      id: ids.next(`walletConsole.account.${account.bankCode ?? account.bankName ?? ''}.${account.accountNumber}`),
    }));
    return error ? [staleNode(error, 'accounts'), ...nodes] : nodes;
  }

  private transactionChildren(): WalletNode[] {
    const { value, error } = this.model.transactions;
    if (!value) return error ? [retryNode(error, this.sections.transactions, 'transactions')] : [];
    const filter = this.model.filter;
    if (value.items.length === 0)
      return [
        {
          kind: 'message',
          id: messageId('transactions'),
          text: filter ? vscode.l10n.t('No {0} transactions', typeLabel(filter).toLowerCase()) : vscode.l10n.t('No transactions yet'),
          icon: 'info',
        },
      ];
    const nodes: WalletNode[] = value.items.map((transaction) => this.transactionNode(transaction));
    if (value.nextPage) nodes.push({ kind: 'loadMore' });
    return error ? [staleNode(error, 'transactions'), ...nodes] : nodes;
  }

  /** The row of a loaded transaction, the same object each time (for reveal). */
  transactionNode(transaction: Transaction): WalletNode {
    let node = this.transactionNodes.get(transaction);
    if (!node) this.transactionNodes.set(transaction, (node = { kind: 'transaction', transaction, reference: transaction.reference }));
    return node;
  }

  /** Needed by TreeView.reveal (focus on the first new row after Load more). */
  getParent(node: WalletNode): WalletNode | undefined {
    switch (node.kind) {
      case 'balance':
      case 'accounts':
      case 'transactions':
        return this.sections.wallet;
      case 'account':
        return this.sections.accounts;
      case 'transaction':
      case 'loadMore':
        return this.sections.transactions;
      case 'otherWallet':
        return this.sections.otherWallets;
      default:
        return undefined;
    }
  }

  getTreeItem(node: WalletNode): vscode.TreeItem {
    return tidyItem(this.buildItem(node));
  }

  private buildItem(node: WalletNode): vscode.TreeItem {
    switch (node.kind) {
      case 'wallet':
        return this.walletItem();
      case 'balance':
        return this.balanceItem();
      case 'accounts':
        return sectionItem(
          vscode.l10n.t('Accounts'),
          'accounts',
          'account',
          this.model.accounts,
          vscode.TreeItemCollapsibleState.Collapsed,
          (value) => `${value.length}`,
        );
      case 'transactions':
        return this.transactionsItem();
      case 'otherWallets':
        return otherWalletsItem();
      case 'account':
        return accountItem(node.account, node.id);
      case 'transaction':
        return this.keptTransactionItem(node.transaction);
      case 'loadMore':
        return loadMoreItem(this.model.transactions.loading);
      case 'otherWallet':
        return otherWalletItem(node.wallet);
      case 'message':
        return messageItem(node);
    }
  }

  /** Tooltips are built on hover only: a Markdown tooltip per row is costly for long histories. */
  resolveTreeItem(item: vscode.TreeItem, node: WalletNode): vscode.TreeItem {
    if (node.kind === 'transaction' && !item.tooltip) item.tooltip = transactionTooltip(node.transaction);
    return item;
  }

  private walletItem(): vscode.TreeItem {
    const wallet = this.service.activeWallet();
    const app = this.service.activeApp();
    const mobile = wallet ? formatMobileForPeople(wallet.mobile) : '';
    const item = new vscode.TreeItem(mobile || vscode.l10n.t('Wallet'), vscode.TreeItemCollapsibleState.Expanded);
    item.id = 'walletConsole.activeWallet';
    item.contextValue = 'wallet';
    item.iconPath = new vscode.ThemeIcon('device-mobile');
    item.description = app ? vscode.l10n.t('via {0}', app.name) : undefined;
    const envLabel = ENVIRONMENTS[this.service.env()].label;
    item.tooltip = app
      ? vscode.l10n.t('Active wallet {0} in {1}, reached through the app "{2}".', mobile, envLabel, app.name)
      : vscode.l10n.t('Active wallet {0} in {1}.', mobile, envLabel);
    return item;
  }

  /** The Transactions section, which says when a type filter hides the others. */
  private transactionsItem(): vscode.TreeItem {
    const item = sectionItem(
      vscode.l10n.t('Transactions'),
      'transactions',
      'history',
      this.model.transactions,
      vscode.TreeItemCollapsibleState.Expanded,
      (value) => `${value.items.length}${value.nextPage ? '+' : ''}`,
    );
    const filter = this.model.filter;
    if (filter)
      item.description = item.description
        ? vscode.l10n.t('{0} only · {1}', typeLabel(filter), item.description)
        : vscode.l10n.t('{0} only', typeLabel(filter));
    return item;
  }

  /** Items are kept per record: loading page 20 must not rebuild pages 1 to 19. */
  private keptTransactionItem(transaction: Transaction): vscode.TreeItem {
    let item = this.transactionItems.get(transaction);
    if (!item) this.transactionItems.set(transaction, (item = transactionItem(transaction)));
    return item;
  }

  private balanceItem(): vscode.TreeItem {
    const { value, error, loading, updatedAt } = this.model.balance;
    const item = new vscode.TreeItem(
      value ? formatNaira(value.balance) : loading ? vscode.l10n.t('Balance') : vscode.l10n.t('Balance unavailable'),
    );
    item.id = 'walletConsole.balance';
    item.contextValue = 'balance';
    item.iconPath = new vscode.ThemeIcon(loading ? 'loading~spin' : error ? 'warning' : 'credit-card');
    const when = updatedAt ? formatClockTime(updatedAt) : undefined;
    const [shown, state] = balanceState(loading, Boolean(error), Boolean(value), when);
    item.description = shown;
    item.accessibilityInformation = accessible(
      [vscode.l10n.t('Balance'), value ? spokenNaira(value.balance) : '', state].filter(Boolean).join(', '),
    );
    item.tooltip = error ? `${error}\n${vscode.l10n.t('Click refresh to try again.')}` : value ? formatKobo(value.balance) : undefined;
    return item;
  }
}

function sectionItem<T>(
  label: string,
  contextValue: string,
  icon: string,
  part: { value: T | undefined; error: string | undefined; loading: boolean },
  state: vscode.TreeItemCollapsibleState,
  count: (value: T) => string,
): vscode.TreeItem {
  const item = new vscode.TreeItem(label, state);
  item.id = `walletConsole.${contextValue}`;
  item.contextValue = contextValue;
  item.iconPath = new vscode.ThemeIcon(part.loading ? 'loading~spin' : part.error ? 'warning' : icon);
  item.description = part.loading
    ? vscode.l10n.t('loading…')
    : part.error && part.value
      ? vscode.l10n.t('stale · {0}', count(part.value))
      : part.value
        ? count(part.value)
        : undefined;
  item.tooltip = part.error;
  return item;
}

function accountItem(account: Account, id: string): vscode.TreeItem {
  const item = new vscode.TreeItem(account.accountName ?? maskAccountNumber(account.accountNumber));
  item.id = id;
  item.contextValue = 'account';
  item.iconPath = new vscode.ThemeIcon('credit-card');
  item.description = `${account.bankName ?? account.bankCode ?? ''} ${maskAccountNumber(account.accountNumber)}`.trim();
  // Masked here (masking/masking.ts); Enter or a click opens it in full, filled in to verify or copy.
  item.tooltip = vscode.l10n.t('Open in the verification page, with the full number, to verify or copy it.');
  item.command = { command: COMMANDS.verifyBankAccount, title: vscode.l10n.t('Verify Bank Account'), arguments: [account] };
  return item;
}

function transactionItem(transaction: Transaction): vscode.TreeItem {
  const item = new vscode.TreeItem(`${formatNaira(transaction.amount)} ${typeLabel(transaction.type)}`);
  item.id = `walletConsole.transaction.${transaction.reference}`;
  item.contextValue = 'transaction';
  // A bank transfer not settled yet, or failed, says so first: it changes when it settles.
  const state = transferState(transaction.statusCode);
  item.iconPath =
    state === 'pending'
      ? new vscode.ThemeIcon('clock', new vscode.ThemeColor('list.warningForeground'))
      : state === 'failed'
        ? new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'))
        : typeIcon(transaction.type);
  const stateLabel = state === 'pending' ? vscode.l10n.t('pending') : state === 'failed' ? vscode.l10n.t('failed') : undefined;
  item.description = [
    stateLabel,
    formatDateTime(transaction.createdAt, undefined, 'minutes'),
    counterparty(transaction),
    shortReference(transaction.reference),
  ]
    .filter(Boolean)
    .join(' · ');
  item.command = { command: COMMANDS.showTransaction, title: vscode.l10n.t('Show Transaction'), arguments: [transaction.reference] };
  item.accessibilityInformation = accessible(
    [
      `${typeLabel(transaction.type)} ${spokenNaira(transaction.amount)}`,
      stateLabel,
      formatDateTime(transaction.createdAt, undefined, 'minutes'),
      counterparty(transaction),
    ]
      .filter(Boolean)
      .join(', '),
  );
  return item;
}

function otherWalletsItem(): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Other wallets'), vscode.TreeItemCollapsibleState.Expanded);
  item.id = 'walletConsole.otherWallets';
  item.contextValue = 'otherWallets';
  item.iconPath = new vscode.ThemeIcon('layers');
  return item;
}

function loadMoreItem(loading: boolean): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Load more…'));
  item.id = 'walletConsole.loadMore';
  item.contextValue = 'loadMore';
  item.iconPath = new vscode.ThemeIcon(loading ? 'loading~spin' : 'ellipsis');
  item.command = { command: COMMANDS.loadMoreTransactions, title: vscode.l10n.t('Load More Transactions') };
  return item;
}

/** A connected wallet other than the active one: a click makes it active. */
function otherWalletItem(wallet: WalletInfo): vscode.TreeItem {
  const shown = formatMobileForPeople(wallet.mobile);
  const item = new vscode.TreeItem(shown);
  item.id = `walletConsole.otherWallet.${wallet.mobile}`;
  item.contextValue = `otherWallet.${wallet.status}`;
  item.description = wallet.status === 'disconnected' ? vscode.l10n.t('disconnected') : undefined;
  item.iconPath = new vscode.ThemeIcon(wallet.status === 'disconnected' ? 'debug-disconnect' : 'device-mobile');
  item.tooltip = vscode.l10n.t('Click to make {0} the active wallet.', shown);
  item.command = { command: COMMANDS.selectWallet, title: vscode.l10n.t('Select Wallet'), arguments: [wallet.mobile] };
  return item;
}

function messageItem(node: Extract<WalletNode, { kind: 'message' }>): vscode.TreeItem {
  const item = new vscode.TreeItem(node.text);
  item.id = node.id;
  item.contextValue = 'message';
  item.iconPath = new vscode.ThemeIcon(node.icon);
  item.tooltip = node.tooltip;
  item.command = node.command;
  return item;
}

/** The one message row a section can show (an error, a note that it is empty or stale). */
function messageId(section: 'accounts' | 'transactions'): string {
  return `walletConsole.${section}.message`;
}

/** Ids for rows of a list the server sends: a row the server repeats gets `#2`, `#3`, not a clash. */
class UniqueIds {
  private readonly seen = new Map<string, number>();

  next(base: string): string {
    const count = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, count);
    return count === 1 ? base : `${base}#${count}`;
  }
}

function retryNode(error: string, sectionNode: WalletNode, section: 'accounts' | 'transactions'): WalletNode {
  return {
    kind: 'message',
    id: messageId(section),
    text: vscode.l10n.t('Could not load. Click to retry.'),
    icon: 'warning',
    tooltip: error,
    command: { command: COMMANDS.refresh, title: vscode.l10n.t('Retry'), arguments: [sectionNode] },
  };
}

function staleNode(error: string, section: 'accounts' | 'transactions'): WalletNode {
  return {
    kind: 'message',
    id: messageId(section),
    text: vscode.l10n.t('Showing the last loaded data (refresh failed)'),
    icon: 'warning',
    tooltip: error,
  };
}

/** What the balance row says of its freshness, as shown and as spoken. */
function balanceState(loading: boolean, failed: boolean, hasValue: boolean, when: string | undefined): [shown: string, spoken: string] {
  if (loading) return [vscode.l10n.t('loading…'), vscode.l10n.t('loading')];
  if (failed && !hasValue) return [vscode.l10n.t('could not load'), vscode.l10n.t('could not load')];
  if (failed && when) return [vscode.l10n.t('stale · updated {0}', when), vscode.l10n.t('stale, updated {0}', when)];
  if (failed) return [vscode.l10n.t('stale'), vscode.l10n.t('stale')];
  return when ? [vscode.l10n.t('balance · updated {0}', when), vscode.l10n.t('updated {0}', when)] : [vscode.l10n.t('balance'), ''];
}
