import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import { ENVIRONMENTS } from '../auth/environments';

/** The current environment at a glance; a click switches it. Live environments stand out. */
export class EnvironmentStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('walletConsole.environment', vscode.StatusBarAlignment.Left, 10);
  private readonly subscription: vscode.Disposable;

  constructor(private readonly accounts: AccountService) {
    this.item.name = 'Wallet Console Environment';
    this.item.command = 'walletConsole.switchEnvironment';
    this.subscription = accounts.onDidChange(() => this.update());
    this.update();
    this.item.show();
  }

  private update(): void {
    const info = ENVIRONMENTS[this.accounts.env()];
    const developer = this.accounts.accounts().developer;
    this.item.text = `${info.live ? '$(warning)' : '$(server-environment)'} ${info.label}`;
    this.item.backgroundColor = info.live ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.tooltip = `Wallet Console: ${info.label}${info.live ? ' (live)' : ''}\n${developer ? `Signed in as ${developer.email}` : 'Not signed in'}\nClick to switch environment.`;
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
