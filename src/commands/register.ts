import { isRecord } from '../common/isRecord';
import { invocationKey } from '../common/invocationKey';
import * as vscode from 'vscode';
import type { BankDirectory } from '../banks/bankDirectory';
import type { BankVerifier } from '../banks/bankVerifier';
import { COMMANDS, type CommandId } from '../common/commandIds';
import type { CommandRunner } from '../common/commandRunner';
import type { TransactionRecords } from '../webview/transactionJson';
import type { ContextKeys } from '../views/contextKeys';
import type { WalletModel } from '../views/walletModel';
import type { DeveloperTarget } from '../views/developerTree';
import type { WalletNode, WalletTreeProvider } from '../views/walletTree';
import type { DetailPanelApi } from '../webview/panel';
import type { MoneyService } from '../money/moneyService';
import { buyAirtime } from './money/buyAirtime';
import { requeryTransfer } from './money/requeryTransfer';
import { sendToBank } from './money/sendToBank';
import { sendToPhone } from './money/sendToPhone';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import type { RequestHistory } from '../requests/requestHistory';
import { addToGitignore } from '../linter/addToGitignore';
import { addAppKey, copyAppKey, createApp, renewSandboxKey, selectApp } from './apps';
import { connectWallet, disconnectWallet, selectWallet } from './connectWallet';
import type { CommandDeps } from '../commandDeps/commandDeps';
import type { MoneyDeps } from './money/moneyDeps';
import type { SandboxCommandDeps } from './eventsAndSandboxControl/sandboxAccess';
import { exportTransactions } from './exportTransactions';
import { addSandboxSkill } from './sandboxSkill';
import { openTransactionJson, showTransaction } from './showTransaction';
import { signIn, signUp } from './signIn';
import { signOut } from './signOut';
import { switchEnvironment } from './switchEnvironment';
import { changeSandboxWallet } from './eventsAndSandboxControl/changeSandboxWallet';
import { verifyBankAccountInPanel, verifyBankAccountQuick } from './verifyBankAccount';
import { copyReference, filterTransactions, loadMoreTransactions, refresh } from './walletViews';
import type { SandboxWatch } from '../localSandbox/sandboxWatch';
import { resetSandboxToScenario, saveSandboxAsScenario } from './eventsAndSandboxControl/scenarioControls';
import { advanceSandboxClock, redeliverEvent, setWebhookUrl, showEvent, triggerTestEvent } from './eventsAndSandboxControl/eventControls';
import { sendWebhooksAsProduction } from './eventsAndSandboxControl/webhookDisorder';
import { checkWebhookHandler } from './eventsAndSandboxControl/webhookCheck';
import {
  addSandboxTransaction,
  clearAllFaults,
  clearFault,
  expireWalletToken,
  injectFault,
  refreshSandbox,
  resetSandboxWallet,
  revokeRefreshTokens,
  setSandboxBalance,
  setSandboxDelay,
} from './eventsAndSandboxControl/sandboxControls';
import {
  clearRequestFilter,
  clearRequests,
  copySandboxSettings,
  filterRequests,
  filterRequestsByPath,
  filterRequestsByStatus,
  showRequest,
} from './requests';

/** What the commands work on besides the accounts: the views' model, the panel and the bank services. */
export interface CommandTargets {
  state: vscode.Memento;
  model: WalletModel;
  walletTree: WalletTreeProvider;
  walletView: vscode.TreeView<WalletNode>;
  contextKeys: ContextKeys;
  panel: DetailPanelApi;
  banks: BankDirectory;
  verifier: BankVerifier;
  records: TransactionRecords;
  money: MoneyService;
  /** The in-process sandbox, for the Events and Sandbox views' commands. */
  watch: SandboxWatch;
  /** The Requests view's history and the sandbox it listens to. */
  requests: RequestHistory;
  sandbox: LocalSandbox;
  /** Shows a new account or app in the Developer view. */
  revealDeveloper: (target: DeveloperTarget) => Promise<void>;
}

/**
 * Money-moving commands run once at a time whatever their argument (the wallet node or the
 * palette): a double click, or a click while the palette's run is on screen, never starts a second send.
 */
const ONE_RUN_PER_COMMAND: ReadonlySet<string> = new Set([COMMANDS.sendToPhone, COMMANDS.sendToBank, COMMANDS.buyAirtime]);

/** Tree items arrive as objects; palette calls arrive with nothing. Both reduce to an id. */
function idArgument(argument: unknown, field: 'mobile' | 'appId' | 'environment'): unknown {
  if (isRecord(argument) && field in argument) return argument[field];
  return argument;
}

/** One command: its id, the title its failure reports and log lines use, and what it runs. */
type CommandEntry = [CommandId, string, (...args: unknown[]) => unknown];

/** What every table below is built from: the shared deps objects are made once, for all commands. */
interface CommandWiring {
  deps: CommandDeps;
  moneyDeps: MoneyDeps;
  sandboxDeps: SandboxCommandDeps;
  targets: CommandTargets;
}

/** Registers every command the extension contributes, each run through the one runner. */
export function registerCommands(runner: CommandRunner, deps: CommandDeps, targets: CommandTargets): vscode.Disposable[] {
  const { money, model, banks, verifier, watch } = targets;
  const wiring: CommandWiring = { deps, moneyDeps: { ...deps, money, model, banks, verifier }, sandboxDeps: { ...deps, watch }, targets };
  const commands: CommandEntry[] = [
    ...accountCommands(wiring),
    ...walletViewCommands(wiring),
    ...logAndSettingsCommands(wiring),
    ...moneyCommands(wiring),
    ...sandboxCommands(wiring),
    ...requestCommands(wiring),
    // The key linter's quick fix (from the palette: the active editor's file).
    [COMMANDS.addToGitignore, vscode.l10n.t('Add to .gitignore'), (file) => addToGitignore(file)],
  ];
  return commands.map(([id, title, handler]) =>
    vscode.commands.registerCommand(id, (...args: unknown[]) =>
      runner.run(ONE_RUN_PER_COMMAND.has(id) ? id : invocationKey(id, args), title, () => handler(...args), id),
    ),
  );
}

/** Signing in, the apps, the wallets and the environment. */
function accountCommands({ deps, targets: { state, revealDeveloper } }: CommandWiring): CommandEntry[] {
  return [
    [COMMANDS.signIn, vscode.l10n.t('Sign In'), () => signIn(deps)],
    [COMMANDS.signUp, vscode.l10n.t('Sign Up'), () => signUp(deps, revealDeveloper)],
    [COMMANDS.signOut, vscode.l10n.t('Sign Out'), () => signOut(deps)],
    [COMMANDS.createApp, vscode.l10n.t('Create App'), () => createApp(deps, revealDeveloper)],
    [COMMANDS.addAppKey, vscode.l10n.t('Add App Key'), (listed) => addAppKey(deps, listed)],
    [COMMANDS.renewSandboxKey, vscode.l10n.t('Get New Sandbox Key'), () => renewSandboxKey(deps)],
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
  ];
}

/** The Wallet view's rows and the panel pages they open. */
function walletViewCommands({ deps, sandboxDeps, targets }: CommandWiring): CommandEntry[] {
  const { model, walletTree, walletView, contextKeys, panel, banks, verifier, records } = targets;
  return [
    // The one Refresh: a tree row refreshes what it shows; with none (palette, view title, the
    // Sandbox view's welcome) the Wallet view and, on the local sandbox, the Sandbox view.
    [
      COMMANDS.refresh,
      vscode.l10n.t('Refresh'),
      async (node) => void (await Promise.all([refresh(model, node), node === undefined && refreshSandbox(sandboxDeps)])),
    ],
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
  ];
}

/** The log and this extension's settings. */
function logAndSettingsCommands({ deps }: CommandWiring): CommandEntry[] {
  return [
    [COMMANDS.showLog, vscode.l10n.t('Show Log'), () => deps.logger.show()],
    [
      COMMANDS.openSettings,
      vscode.l10n.t('Open Settings'),
      () => vscode.commands.executeCommand('workbench.action.openSettings', '@ext:wallet-console.wallet-console'),
    ],
  ];
}

/** Sending money (each send once at a time: ONE_RUN_PER_COMMAND) and requerying a transfer. */
function moneyCommands({ moneyDeps }: CommandWiring): CommandEntry[] {
  return [
    [COMMANDS.sendToPhone, vscode.l10n.t('Send to Phone'), () => sendToPhone(moneyDeps)],
    [COMMANDS.sendToBank, vscode.l10n.t('Send to Bank'), () => sendToBank(moneyDeps)],
    [COMMANDS.buyAirtime, vscode.l10n.t('Buy Airtime'), () => buyAirtime(moneyDeps)],
    [COMMANDS.requeryTransfer, vscode.l10n.t('Requery Transfer'), (argument) => requeryTransfer(moneyDeps, argument)],
  ];
}

/** The Events and Sandbox views' commands: webhooks, the clock, faults, the wallet's state, scenarios, the agents' skill. */
function sandboxCommands({ deps, sandboxDeps, targets: { model, panel, sandbox } }: CommandWiring): CommandEntry[] {
  return [
    [COMMANDS.setWebhookUrl, vscode.l10n.t('Set Webhook URL'), () => setWebhookUrl(sandboxDeps)],
    [COMMANDS.showEvent, vscode.l10n.t('Show Event'), (event) => showEvent(sandboxDeps, panel, event)],
    [COMMANDS.redeliverEvent, vscode.l10n.t('Redeliver Event'), (event) => redeliverEvent(sandboxDeps, event)],
    [COMMANDS.checkWebhookHandler, vscode.l10n.t('Check Webhook Handler'), (url) => checkWebhookHandler(sandboxDeps, panel, url)],
    [COMMANDS.triggerTestEvent, vscode.l10n.t('Trigger Test Event'), (type) => triggerTestEvent(sandboxDeps, type)],
    [
      COMMANDS.sendWebhooksAsProduction,
      vscode.l10n.t('Send Webhooks as Production Does'),
      (event) => sendWebhooksAsProduction(sandboxDeps, event),
    ],
    [COMMANDS.advanceSandboxClock, vscode.l10n.t('Advance Sandbox Clock'), (seconds) => advanceSandboxClock(sandboxDeps, seconds)],
    [COMMANDS.injectFault, vscode.l10n.t('Inject Sandbox Fault'), () => injectFault(sandboxDeps)],
    [COMMANDS.setSandboxDelay, vscode.l10n.t('Set Sandbox Delay'), () => setSandboxDelay(sandboxDeps)],
    [COMMANDS.clearFault, vscode.l10n.t('Clear Sandbox Fault'), (node) => clearFault(sandboxDeps, node)],
    [COMMANDS.clearAllFaults, vscode.l10n.t('Clear All Sandbox Faults and Delay'), () => clearAllFaults(sandboxDeps)],
    [COMMANDS.setSandboxBalance, vscode.l10n.t('Set Sandbox Balance'), (node) => setSandboxBalance(sandboxDeps, model, node)],
    [COMMANDS.addSandboxTransaction, vscode.l10n.t('Add Sandbox Transaction'), (node) => addSandboxTransaction(sandboxDeps, model, node)],
    [COMMANDS.expireWalletToken, vscode.l10n.t('Expire Wallet Access Token'), (node) => expireWalletToken(sandboxDeps, node)],
    [COMMANDS.revokeRefreshTokens, vscode.l10n.t('Revoke Wallet Refresh Tokens'), (node) => revokeRefreshTokens(sandboxDeps, node)],
    [COMMANDS.resetSandboxWallet, vscode.l10n.t('Reset Sandbox Wallet'), (node) => resetSandboxWallet(sandboxDeps, model, node)],
    [COMMANDS.changeSandboxWallet, vscode.l10n.t('Change Sandbox Wallet'), () => changeSandboxWallet(sandboxDeps)],
    [COMMANDS.saveSandboxAsScenario, vscode.l10n.t('Save Sandbox as Scenario'), (target) => saveSandboxAsScenario(sandboxDeps, target)],
    [COMMANDS.resetSandboxToScenario, vscode.l10n.t('Reset Sandbox to Scenario'), () => resetSandboxToScenario(sandboxDeps, sandbox)],
    [COMMANDS.addSandboxSkill, vscode.l10n.t('Add Sandbox Skill for Coding Agents'), () => addSandboxSkill(deps)],
  ];
}

/** The Requests view's commands. */
function requestCommands({ deps, targets: { requests, panel, sandbox } }: CommandWiring): CommandEntry[] {
  return [
    [COMMANDS.showRequest, vscode.l10n.t('Show Request'), (id) => showRequest(deps, requests, panel, id)],
    [COMMANDS.filterRequestsByStatus, vscode.l10n.t('Filter Requests by Status'), () => filterRequestsByStatus(deps, requests)],
    [COMMANDS.filterRequestsByPath, vscode.l10n.t('Filter Requests by Path'), () => filterRequestsByPath(deps, requests)],
    [COMMANDS.filterRequests, vscode.l10n.t('Filter Requests'), () => filterRequests(deps, requests)],
    [COMMANDS.clearRequestFilter, vscode.l10n.t('Clear Request Filter'), () => clearRequestFilter(requests)],
    [COMMANDS.clearRequests, vscode.l10n.t('Clear Requests'), () => clearRequests(requests)],
    [COMMANDS.copySandboxSettings, vscode.l10n.t('Copy Sandbox Settings for Your App'), () => copySandboxSettings(deps, sandbox)],
  ];
}
