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
    ['walletConsole.signIn', 'Sign In', () => signIn(deps)],
    ['walletConsole.signUp', 'Sign Up', () => signUp(deps)],
    ['walletConsole.signOut', 'Sign Out', () => signOut(deps)],
    ['walletConsole.createApp', 'Create App', () => createApp(deps)],
    ['walletConsole.addAppKey', 'Add App Key', () => addAppKey(deps)],
    ['walletConsole.selectApp', 'Select App', (app) => selectApp(deps, idArgument(app, 'appId'))],
    ['walletConsole.copyAppKey', 'Copy App Key', () => copyAppKey(deps)],
    ['walletConsole.connectWallet', 'Connect Wallet', (wallet) => connectWallet(deps, idArgument(wallet, 'mobile'))],
    ['walletConsole.selectWallet', 'Select Wallet', (wallet) => selectWallet(deps, idArgument(wallet, 'mobile'))],
    ['walletConsole.disconnectWallet', 'Disconnect Wallet', (wallet) => disconnectWallet(deps, idArgument(wallet, 'mobile'))],
    ['walletConsole.switchEnvironment', 'Switch Environment', (environment) => switchEnvironment(deps, state, idArgument(environment, 'environment'))],
    ['walletConsole.refresh', 'Refresh', (node) => refresh(model, node)],
    ['walletConsole.refreshBalance', 'Refresh Balance', () => refresh(model, { kind: 'balance' })],
    ['walletConsole.loadMoreTransactions', 'Load More Transactions', () => model.loadMoreTransactions()],
    ['walletConsole.filterTransactions', 'Filter Transactions', (type) => filterTransactions(deps, model, type)],
    ['walletConsole.copyReference', 'Copy Reference', (node) => copyReference(deps, node)],
    ['walletConsole.exportTransactions', 'Export Transactions', (target) => exportTransactions(deps, model, target)],
    ['walletConsole.showLog', 'Show Log', () => deps.logger.show()],
    ['walletConsole.openSettings', 'Open Settings', () => vscode.commands.executeCommand('workbench.action.openSettings', '@ext:wallet-console.wallet-console')],
  ];
  return commands.map(([id, title, handler]) => runner.register(id, title, handler));
}
