import * as vscode from 'vscode';
import type { CommandRunner } from '../common/commandRunner';
import { addAppKey, copyAppKey, createApp, selectApp } from './apps';
import { connectWallet, disconnectWallet, selectWallet } from './connectWallet';
import type { CommandDeps } from './deps';
import { signIn, signUp } from './signIn';
import { signOut } from './signOut';
import { switchEnvironment } from './switchEnvironment';
import type { WalletModel } from '../views/walletModel';
import { copyReference, exportTransactions, filterTransactions, refresh } from './walletViews';

/** Tree items arrive as objects; palette calls arrive with nothing. Both reduce to an id. */
function idArgument(argument: unknown, field: 'mobile' | 'appId' | 'environment'): unknown {
  if (argument && typeof argument === 'object' && field in argument) return (argument as Record<string, unknown>)[field];
  return argument;
}

export function registerCommands(runner: CommandRunner, deps: CommandDeps, state: vscode.Memento, model: WalletModel): vscode.Disposable[] {
  const commands: [string, string, (...args: unknown[]) => unknown][] = [
    ['walletConsole.signIn', vscode.l10n.t('Sign In'), () => signIn(deps)],
    ['walletConsole.signUp', vscode.l10n.t('Sign Up'), () => signUp(deps)],
    ['walletConsole.signOut', vscode.l10n.t('Sign Out'), () => signOut(deps)],
    ['walletConsole.createApp', vscode.l10n.t('Create App'), () => createApp(deps)],
    ['walletConsole.addAppKey', vscode.l10n.t('Add App Key'), () => addAppKey(deps)],
    ['walletConsole.selectApp', vscode.l10n.t('Select App'), (app) => selectApp(deps, idArgument(app, 'appId'))],
    ['walletConsole.copyAppKey', vscode.l10n.t('Copy App Key'), () => copyAppKey(deps)],
    ['walletConsole.connectWallet', vscode.l10n.t('Connect Wallet'), (wallet) => connectWallet(deps, idArgument(wallet, 'mobile'))],
    ['walletConsole.selectWallet', vscode.l10n.t('Select Wallet'), (wallet) => selectWallet(deps, idArgument(wallet, 'mobile'))],
    [
      'walletConsole.disconnectWallet',
      vscode.l10n.t('Disconnect Wallet'),
      (wallet) => disconnectWallet(deps, idArgument(wallet, 'mobile')),
    ],
    [
      'walletConsole.switchEnvironment',
      vscode.l10n.t('Switch Environment'),
      (environment) => switchEnvironment(deps, state, idArgument(environment, 'environment')),
    ],
    ['walletConsole.refresh', vscode.l10n.t('Refresh'), (node) => refresh(model, node)],
    ['walletConsole.refreshBalance', vscode.l10n.t('Refresh Balance'), () => refresh(model, { kind: 'balance' })],
    ['walletConsole.loadMoreTransactions', vscode.l10n.t('Load More Transactions'), () => model.loadMoreTransactions()],
    ['walletConsole.filterTransactions', vscode.l10n.t('Filter Transactions'), (type) => filterTransactions(deps, model, type)],
    ['walletConsole.copyReference', vscode.l10n.t('Copy Reference'), (node) => copyReference(deps, node)],
    ['walletConsole.exportTransactions', vscode.l10n.t('Export Transactions'), (target) => exportTransactions(deps, model, target)],
    ['walletConsole.showLog', vscode.l10n.t('Show Log'), () => deps.logger.show()],
    [
      'walletConsole.openSettings',
      vscode.l10n.t('Open Settings'),
      () => vscode.commands.executeCommand('workbench.action.openSettings', '@ext:wallet-console.wallet-console'),
    ],
  ];
  return commands.map(([id, title, handler]) => runner.register(id, title, handler));
}
