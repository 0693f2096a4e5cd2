import { isRecord } from '../common/isRecord';
import { invocationKey } from '../common/invocationKey';
import * as vscode from 'vscode';
import type { BankDirectory } from '../banks/bankDirectory';
import type { BankVerifier } from '../banks/bankVerifier';
import { COMMANDS, type CommandId } from '../common/commandIds';
import type { CommandRunner } from '../common/commandRunner';
import type { TransactionRecords } from '../documents/transactionJson';
import type { ContextKeys } from '../views/contextKeys';
import type { WalletModel } from '../views/walletModel';
import type { WalletNode, WalletTreeProvider } from '../views/walletTree';
import type { DetailPanel } from '../webview/panel';
import { addToGitignore } from '../linter/addToGitignore';
import { addAppKey, copyAppKey, createApp, selectApp } from './apps';
import { connectWallet, disconnectWallet, selectWallet } from './connectWallet';
import type { CommandDeps } from './deps';
import { exportTransactions } from './exportTransactions';
import { openTransactionJson, showTransaction } from './showTransaction';
import { signIn, signUp } from './signIn';
import { signOut } from './signOut';
import { switchEnvironment } from './switchEnvironment';
import { verifyBankAccountInPanel, verifyBankAccountQuick } from './verifyBankAccount';
import { copyReference, filterTransactions, loadMoreTransactions, refresh } from './walletViews';

/** What the commands work on besides the accounts: the views' model, the panel and the bank services. */
export interface CommandTargets {
  state: vscode.Memento;
  model: WalletModel;
  walletTree: WalletTreeProvider;
  walletView: vscode.TreeView<WalletNode>;
  contextKeys: ContextKeys;
  panel: DetailPanel;
  banks: BankDirectory;
  verifier: BankVerifier;
  records: TransactionRecords;
}

/** Tree items arrive as objects; palette calls arrive with nothing. Both reduce to an id. */
function idArgument(argument: unknown, field: 'mobile' | 'appId' | 'environment'): unknown {
  if (isRecord(argument) && field in argument) return argument[field];
  return argument;
}

/** Registers every command the extension contributes, each run through the one runner. */
export function registerCommands(runner: CommandRunner, deps: CommandDeps, targets: CommandTargets): vscode.Disposable[] {
  const { state, model, walletTree, walletView, contextKeys, panel, banks, verifier, records } = targets;
  const commands: [CommandId, string, (...args: unknown[]) => unknown][] = [
    [COMMANDS.signIn, vscode.l10n.t('Sign In'), () => signIn(deps)],
    [COMMANDS.signUp, vscode.l10n.t('Sign Up'), () => signUp(deps)],
    [COMMANDS.signOut, vscode.l10n.t('Sign Out'), () => signOut(deps)],
    [COMMANDS.createApp, vscode.l10n.t('Create App'), () => createApp(deps)],
    [COMMANDS.addAppKey, vscode.l10n.t('Add App Key'), () => addAppKey(deps)],
    [COMMANDS.selectApp, vscode.l10n.t('Select App'), (app) => selectApp(deps, idArgument(app, 'appId'))],
    [COMMANDS.copyAppKey, vscode.l10n.t('Copy App Key'), () => copyAppKey(deps)],
    [COMMANDS.connectWallet, vscode.l10n.t('Connect Wallet'), (wallet) => connectWallet(deps, idArgument(wallet, 'mobile'))],
    [COMMANDS.selectWallet, vscode.l10n.t('Select Wallet'), (wallet) => selectWallet(deps, idArgument(wallet, 'mobile'))],
    [COMMANDS.disconnectWallet, vscode.l10n.t('Disconnect Wallet'), (wallet) => disconnectWallet(deps, idArgument(wallet, 'mobile'))],
    [
      COMMANDS.switchEnvironment,
      vscode.l10n.t('Switch Environment'),
      (environment) => switchEnvironment(deps, state, idArgument(environment, 'environment')),
    ],
    [COMMANDS.refresh, vscode.l10n.t('Refresh'), (node) => refresh(model, node)],
    [COMMANDS.refreshBalance, vscode.l10n.t('Refresh Balance'), () => refresh(model, { kind: 'balance' })],
    [COMMANDS.loadMoreTransactions, vscode.l10n.t('Load More Transactions'), () => loadMoreTransactions(model, walletTree, walletView)],
    [COMMANDS.filterTransactions, vscode.l10n.t('Filter Transactions'), (type) => filterTransactions(deps, model, type)],
    [COMMANDS.copyReference, vscode.l10n.t('Copy Reference'), (node) => copyReference(deps, model, node)],
    [COMMANDS.exportTransactions, vscode.l10n.t('Export Transactions'), (target) => exportTransactions(deps, model, target)],
    [
      COMMANDS.showTransaction,
      vscode.l10n.t('Show Transaction'),
      (argument) => showTransaction(deps, panel, argument, () => contextKeys.markTransactionShown()),
    ],
    [
      COMMANDS.openTransactionJson,
      vscode.l10n.t('Open Transaction as JSON'),
      (argument) => openTransactionJson(deps, panel, records, argument),
    ],
    [COMMANDS.verifyBankAccount, vscode.l10n.t('Verify Bank Account'), (target) => verifyBankAccountInPanel(deps, panel, target)],
    [COMMANDS.verifyBankAccountQuick, vscode.l10n.t('Verify Bank Account'), () => verifyBankAccountQuick(deps, banks, verifier)],
    [COMMANDS.showLog, vscode.l10n.t('Show Log'), () => deps.logger.show()],
    [
      COMMANDS.openSettings,
      vscode.l10n.t('Open Settings'),
      () => vscode.commands.executeCommand('workbench.action.openSettings', '@ext:wallet-console.wallet-console'),
    ],
    [COMMANDS.addToGitignore, vscode.l10n.t('Add to .gitignore'), (file) => addToGitignore(file)],
  ];
  return commands.map(([id, title, handler]) =>
    vscode.commands.registerCommand(id, (...args: unknown[]) => runner.run(invocationKey(id, args), title, () => handler(...args), id)),
  );
}
