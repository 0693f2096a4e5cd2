import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import { ENVIRONMENTS } from '../auth/environments';
import { COMMANDS } from '../common/commandIds';
import { Disposable } from '../common/lifecycle';
import { accessible } from './spoken';

/** The current environment at a glance; a click switches it. Live environments stand out. */
export class EnvironmentStatus extends Disposable {
  private readonly item = this._register(
    vscode.window.createStatusBarItem('walletConsole.environment', vscode.StatusBarAlignment.Left, 10),
  );

  constructor(private readonly accounts: AccountService) {
    super();
    this.item.name = vscode.l10n.t('Wallet Console Environment');
    this.item.command = COMMANDS.switchEnvironment;
    this._register(accounts.onDidChange(() => this.update()));
    this.update();
    this.item.show();
  }

  private update(): void {
    const info = ENVIRONMENTS[this.accounts.env()];
    const developer = this.accounts.accounts().developer;
    this.item.text = `${info.live ? '$(warning)' : '$(server-environment)'} ${info.label}`;
    this.item.accessibilityInformation = accessible(
      info.live
        ? vscode.l10n.t('Wallet Console environment: {0}, live. Switch environment', info.label)
        : vscode.l10n.t('Wallet Console environment: {0}. Switch environment', info.label),
      'button',
    );
    this.item.backgroundColor = info.live ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.tooltip = [
      info.live ? vscode.l10n.t('Wallet Console: {0} (live)', info.label) : vscode.l10n.t('Wallet Console: {0}', info.label),
      developer ? vscode.l10n.t('Signed in as {0}', developer.email) : vscode.l10n.t('Not signed in'),
      vscode.l10n.t('Click to switch environment.'),
    ].join('\n');
  }

  /** What a screen reader says for the item. */
  get accessibleLabel(): string | undefined {
    return this.item.accessibilityInformation?.label;
  }
}
