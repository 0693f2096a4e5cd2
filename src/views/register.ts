import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import type { Logger } from '../common/logger';
import { ENVIRONMENTS } from '../auth/environments';
import { typeLabel } from './transactionFormat';
import { AutoRefresh } from './autoRefresh';
import { BalanceStatus } from './balanceStatus';
import { ContextKeys } from './contextKeys';
import { AppListing } from './appListing';
import { DeveloperTreeProvider, revealDeveloperItem, type DeveloperNode, type DeveloperTarget } from './developerTree';
import { EnvironmentStatus } from './environmentStatus';
import { WalletModel } from './walletModel';
import { WalletTreeProvider, type WalletNode } from './walletTree';

export interface Views {
  model: WalletModel;
  walletTree: WalletTreeProvider;
  developerTree: DeveloperTreeProvider;
  balanceStatus: BalanceStatus;
  contextKeys: ContextKeys;
  walletView: vscode.TreeView<WalletNode>;
  developerView: vscode.TreeView<DeveloperNode>;
  /** Shows the developer or an app in the Developer view after a command made it (never taking focus). */
  revealDeveloper(target: DeveloperTarget): Promise<void>;
  disposables: vscode.Disposable[];
}

function setting<T>(key: string, fallback: T): T {
  return vscode.workspace.getConfiguration('walletConsole').get<T>(key, fallback);
}

/** Creates the two tree views and the balance and environment items, and keeps their descriptions current. */
export function registerViews(context: vscode.ExtensionContext, service: AccountService, logger: Logger): Views {
  const model = new WalletModel(service, () => Math.max(1, Math.min(100, setting('transactions.pageSize', 20))));
  const appListing = new AppListing(service, logger);
  const developerTree = new DeveloperTreeProvider(service, appListing);
  const walletTree = new WalletTreeProvider(service, model);
  const developerView = vscode.window.createTreeView('walletConsole.developer', {
    treeDataProvider: developerTree,
    showCollapseAll: false,
  });
  const walletView = vscode.window.createTreeView('walletConsole.wallet', { treeDataProvider: walletTree, showCollapseAll: true });
  const balanceStatus = new BalanceStatus(service, model, () => setting('statusBar.showBalance', true));

  const contextKeys = new ContextKeys(service);
  const describe = () => {
    const env = ENVIRONMENTS[service.env()];
    const envText = env.live ? vscode.l10n.t('{0} (live)', env.label) : env.label;
    developerView.description = envText;
    walletView.description = model.filter ? vscode.l10n.t('{0} · {1} only', envText, typeLabel(model.filter)) : envText;
  };
  describe();

  const disposables: vscode.Disposable[] = [
    model,
    contextKeys,
    appListing,
    developerTree,
    walletTree,
    developerView,
    walletView,
    balanceStatus,
    service.onDidChange(describe),
    model.onDidChange(describe),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('walletConsole.statusBar.showBalance')) balanceStatus.update();
    }),
    new AutoRefresh(
      walletView as vscode.TreeView<unknown>,
      () => setting('autoRefreshSeconds', 0),
      () => model.refreshAll(),
    ),
  ];
  context.subscriptions.push(...disposables, new EnvironmentStatus(service));
  const revealDeveloper = (target: DeveloperTarget) =>
    revealDeveloperItem(developerView, developerTree, target).catch((error: unknown) =>
      logger.warn(`Developer view: not revealed (${String(error)})`),
    );
  return { model, walletTree, developerTree, balanceStatus, contextKeys, disposables, walletView, developerView, revealDeveloper };
}
