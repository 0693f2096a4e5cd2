import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import type { AppInfo } from '../auth/accountState';
import { ENVIRONMENTS } from '../auth/environments';
import { COMMANDS } from '../common/commandIds';
import { formatMobileForPeople } from '../common/formatMobile';
import { Disposable } from '../common/lifecycle';
import { tidyItem } from './tidy';

export type DeveloperNode = { kind: 'developer' } | { kind: 'apps' } | { kind: 'app'; app: AppInfo; appId: string };

/** The signed-in developer of the current environment and the apps remembered for it. */
export class DeveloperTreeProvider extends Disposable implements vscode.TreeDataProvider<DeveloperNode> {
  private readonly changed = this._register(new vscode.EventEmitter<DeveloperNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly developerNode: DeveloperNode = { kind: 'developer' };
  private readonly appsNode: DeveloperNode = { kind: 'apps' };

  constructor(private readonly service: AccountService) {
    super();
    this._register(service.onDidChange(() => this.changed.fire(undefined)));
  }

  getChildren(node?: DeveloperNode): DeveloperNode[] {
    const accounts = this.service.accounts();
    if (!node) {
      // Empty when there is nothing at all: the welcome view offers Sign In / Sign Up then.
      if (!accounts.developer && accounts.apps.length === 0) return [];
      return [this.developerNode, this.appsNode];
    }
    if (node.kind === 'apps') return accounts.apps.map((app) => ({ kind: 'app', app, appId: app.id }));
    return [];
  }

  getTreeItem(node: DeveloperNode): vscode.TreeItem {
    return tidyItem(this.buildItem(node));
  }

  private buildItem(node: DeveloperNode): vscode.TreeItem {
    const env = ENVIRONMENTS[this.service.env()];
    const accounts = this.service.accounts();
    switch (node.kind) {
      case 'developer': {
        const developer = accounts.developer;
        const item = new vscode.TreeItem(developer?.email ?? vscode.l10n.t('Not signed in'));
        // Stable ids: the label changes on sign-in and sign-out (see walletTree.ts).
        item.id = 'walletConsole.developer';
        item.contextValue = developer ? 'developer' : 'developer.signedOut';
        item.iconPath = new vscode.ThemeIcon(developer ? 'account' : 'sign-in');
        // The view's own description names the environment; repeat it only when it is live.
        item.description = developer && env.live ? vscode.l10n.t('live') : undefined;
        item.tooltip = developer
          ? [
              vscode.l10n.t('Signed in to {0} as {1}', env.label, developer.email),
              developer.sandboxMobile ? vscode.l10n.t('Sandbox wallet: {0}', formatMobileForPeople(developer.sandboxMobile)) : '',
            ]
              .filter(Boolean)
              .join('\n')
          : vscode.l10n.t('Sign in to {0} to create apps.', env.label);
        if (!developer) item.command = { command: COMMANDS.signIn, title: vscode.l10n.t('Sign In') };
        return item;
      }
      case 'apps': {
        const item = new vscode.TreeItem(vscode.l10n.t('Apps'), vscode.TreeItemCollapsibleState.Expanded);
        item.id = 'walletConsole.apps';
        item.contextValue = 'apps';
        item.iconPath = new vscode.ThemeIcon('package');
        item.description = accounts.apps.length === 0 ? vscode.l10n.t('none yet') : `${accounts.apps.length}`;
        return item;
      }
      case 'app': {
        const active = node.app.id === accounts.activeAppId;
        const item = new vscode.TreeItem(node.app.name);
        item.id = `walletConsole.app.${node.app.id}`;
        item.contextValue = active ? 'app.active' : 'app';
        item.iconPath = new vscode.ThemeIcon(active ? 'pass-filled' : 'circle-large-outline');
        item.description =
          [active ? vscode.l10n.t('active') : '', node.app.origin === 'added' ? vscode.l10n.t('key added by hand') : '']
            .filter(Boolean)
            .join(' · ') || undefined;
        item.tooltip = [
          node.app.name,
          vscode.l10n.t('App id: {0}', node.app.id),
          active ? vscode.l10n.t('Its key signs every wallet call.') : vscode.l10n.t('Click to make it the active app.'),
        ].join('\n');
        if (!active) item.command = { command: COMMANDS.selectApp, title: vscode.l10n.t('Select App'), arguments: [node.app.id] };
        return item;
      }
    }
  }
}
