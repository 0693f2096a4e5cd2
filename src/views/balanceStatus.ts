import * as vscode from 'vscode';
import { formatNaira } from '../api';
import type { AccountService } from '../auth/accountService';
import { ENVIRONMENTS } from '../auth/environments';
import { COMMANDS } from '../common/commandIds';
import { formatClockTime } from '../common/formatTime';
import { maskMobile } from '../masking/masking';
import { Disposable, toDisposable } from '../common/lifecycle';
import { accessible, spokenNaira } from './spoken';
import type { WalletModel } from './walletModel';

/** The active wallet's balance at a glance; a click refreshes it. Hidden without a wallet. */
export class BalanceStatus extends Disposable {
  private readonly item = this._register(vscode.window.createStatusBarItem('walletConsole.balance', vscode.StatusBarAlignment.Left, 9));

  constructor(
    private readonly service: AccountService,
    private readonly model: WalletModel,
    private readonly enabled: () => boolean,
  ) {
    super();
    this.item.name = vscode.l10n.t('Wallet Console Balance');
    this.item.command = COMMANDS.refreshBalance;
    this._register(
      model.onDidChange((part) => {
        if (part === undefined || part === 'balance') this.update();
      }),
    );
    this._register(service.onDidChange(() => this.update()));
    // Not during activation: the first balance (and so the local sandbox) comes just after.
    const first = setTimeout(() => this.update(), 0);
    this._register(toDisposable(() => clearTimeout(first)));
  }

  /** What the item shows now (undefined while hidden). */
  get text(): string | undefined {
    return this.visible ? this.item.text : undefined;
  }

  /** What a screen reader says for the item. */
  get accessibleLabel(): string | undefined {
    return this.visible ? this.item.accessibilityInformation?.label : undefined;
  }

  get tooltip(): string | undefined {
    return typeof this.item.tooltip === 'string' ? this.item.tooltip : undefined;
  }

  private visible = false;

  /** Shown when a wallet is connected; loads the balance the first time it is shown. */
  update(): void {
    const wallet = this.service.activeWallet();
    if (!this.enabled() || !this.model.connected || !wallet) {
      this.item.hide();
      this.visible = false;
      return;
    }
    const env = ENVIRONMENTS[this.service.env()];
    const { value, error, loading, updatedAt } = this.model.balance;
    if (!value && !loading && !error) void this.model.loadBalance();
    const amount = value ? formatNaira(value.balance) : '₦…';
    const marker = this.service.env() === 'local' ? '' : ` [${env.label}]`;
    this.item.text = `${loading ? '$(sync~spin)' : error ? '$(warning)' : '$(credit-card)'} ${amount}${marker}`;
    const spokenAmount = value ? spokenNaira(value.balance) : vscode.l10n.t('not loaded yet');
    const state = loading ? vscode.l10n.t(', loading') : error ? vscode.l10n.t(', last refresh failed') : '';
    const where = this.service.env() === 'local' ? '' : vscode.l10n.t(', {0}', env.label);
    this.item.accessibilityInformation = accessible(
      vscode.l10n.t('Wallet balance {0}{1}{2}. Refresh balance', spokenAmount, where, state),
      'button',
    );
    this.item.backgroundColor = env.live ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const when = updatedAt ? formatClockTime(updatedAt) : vscode.l10n.t('not yet');
    this.item.tooltip = [
      vscode.l10n.t('Wallet {0}', maskMobile(wallet.mobile)),
      env.live ? vscode.l10n.t('Environment: {0} (live)', env.label) : vscode.l10n.t('Environment: {0}', env.label),
      vscode.l10n.t('Updated {0}', when),
      error ? vscode.l10n.t('Last refresh failed: {0}', error) : '',
      vscode.l10n.t('Click to refresh the balance.'),
    ]
      .filter(Boolean)
      .join('\n');
    this.item.show();
    this.visible = true;
  }
}
