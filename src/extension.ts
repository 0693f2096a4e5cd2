import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { registerAgents } from './agents/vscode/register';
import { registerAccounts, registerAuthentication } from './auth/register';
import type { ClientTraffic } from './auth/clients';
import { BankDirectory } from './banks/bankDirectory';
import { BankVerifier } from './banks/bankVerifier';
import { confirmReplay } from './commands/money/confirmReplay';
import { registerCommands, type CommandTargets } from './commands/register';
import { CommandRunner } from './common/commandRunner';
import { FailureNotice } from './common/failureNotice';
import { Logger } from './common/logger';
import { VsCodeUserInput, type UserInput } from './common/userInput';
import { registerEndpointIntelligence } from './endpointIntelligence/register';
import { exportedApi, type TestHooks, type WalletConsoleApi, type WalletConsolePublicApi } from './extensionApi';
import { registerLinter } from './linter/register';
import { registerSnippets } from './snippets/snippetCompletions';
import { registerTerminals } from './terminals/register';
import type { LocalSandbox } from './localSandbox/localSandbox';
import { registerLocalSandbox, sandboxPortSetting } from './localSandbox/register';
import { registerSandboxViews } from './views/sandboxViews';
import { registerMoney } from './money/register';
import { EXTENSION_USER_AGENT, recordFromTransport } from './requests/capture';
import { DEFAULT_HISTORY_SIZE, RequestHistory } from './requests/requestHistory';
import { RequestReplayer } from './requests/replay';
import { registerViews, type Views } from './views/register';
import { registerRequestsView, type RequestsView } from './views/requestsView';
import { registerFindingsView, type FindingsView } from './views/findingsView';
import { registerFindingCommands } from './commands/findings';
import { registerWalkthrough } from './walkthrough/register';
import { registerWebview } from './webview/register';
import { registerWebhookHandlers } from './webhookHandlers/register';

let sandbox: LocalSandbox | undefined;
/** What makes the views redraw; let go first on deactivate, so a closing window draws nothing more. */
let viewSources: vscode.Disposable | undefined;

/**
 * The composition root: builds the shared services (log, prompts, request history, the local
 * sandbox, accounts), then each feature registers itself, in this order (later ones follow
 * what earlier ones created).
 */
export function activate(context: vscode.ExtensionContext): WalletConsolePublicApi | WalletConsoleApi {
  const started = performance.now();
  // Plain modules (src/common, the panel's pages) translate with @vscode/l10n: give it VS Code's bundle.
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
  const logger = new Logger(context.extensionMode !== vscode.ExtensionMode.Production);
  context.subscriptions.push(logger);
  const { ui, setUserInput } = switchableInput();

  const { requests, historySize } = requestHistory(context, (size) => sandbox?.setJournalLimits({ maxEntries: size }));
  sandbox = registerLocalSandbox(context, { logger, journalSize: historySize, ui });
  context.subscriptions.push(sandbox.onDidStart((client) => requests.attach(client)));
  const { settings, accounts } = registerAccounts(context, { logger, ui, sandbox, traffic: recordedTraffic(requests) });
  const runner = new CommandRunner(logger, new FailureNotice(logger, ui));
  const deps = { accounts, logger, ui };

  const views = registerViews(context, accounts, logger);
  const { watch, views: sandboxViews } = registerSandboxViews(context, accounts, sandbox);
  const banks = new BankDirectory(accounts, logger);
  const verifier = new BankVerifier(accounts, banks, logger);
  const money = registerMoney(context, { accounts, logger, sandbox, onActiveWalletTouched: () => void views.model.refreshAfterTransfer() });
  const replayer = new RequestReplayer(
    accounts,
    requests,
    logger,
    () => settings.requestTimeoutMs(),
    (record) => confirmReplay(ui(), banks, record),
  );
  const { panel, records } = registerWebview(context, { accounts, logger, banks, verifier, watch, requests, replayer });
  const requestsView = registerRequestsView(requests, sandbox);
  context.subscriptions.push(...requestsView.disposables);
  const findingsView = registerFindingsView(accounts, sandbox, logger);
  context.subscriptions.push(...findingsView.disposables, ...registerFindingCommands(runner, panel, sandbox, findingsView.tree));
  const followedViews = walkthroughViews(views, requestsView, findingsView);
  registerWalkthrough(context, { logger, runner, contextKeys: views.contextKeys, views: followedViews });
  const agents = registerAgents(context, { accounts, sandbox, requests, sandboxPort: sandboxPortSetting });
  const authProvider = registerAuthentication(context, accounts);
  registerLinter(context);
  registerEndpointIntelligence(context, { accounts, sandbox, requests, replayer, runner, ui });
  registerWebhookHandlers(context, runner, deps);
  registerSnippets(context);
  const terminals = registerTerminals(context, { accounts, sandbox, logger });
  const services = { panel, banks, verifier, records, money, watch, requests, sandbox };
  context.subscriptions.push(...registerCommands(runner, deps, commandTargets(context, views, services)));
  viewSources = vscode.Disposable.from(accounts, watch, requests);
  void authProvider.sync();

  const hooks = () =>
    testHooks(context, { accounts, views, sandboxViews, requests, requestsView, findingsView, setUserInput, agents, terminals });
  return exportedApi(
    context.extensionMode === vscode.ExtensionMode.Test,
    performance.now() - started,
    () => sandbox?.started ?? false,
    hooks,
  );
}

/** This extension's own requests to real servers, by its own User-Agent, go into the Requests view's history too. */
function recordedTraffic(requests: RequestHistory): ClientTraffic {
  return { userAgent: EXTENSION_USER_AGENT, onRemoteExchange: (env, exchange) => requests.add(recordFromTransport(env, exchange)) };
}

/** The views whose first showing completes a Get Started step, by view id. */
function walkthroughViews(views: Views, requestsView: RequestsView, findingsView: FindingsView): [vscode.TreeView<unknown>, string][] {
  return [
    [views.developerView, 'walletConsole.developer'],
    [requestsView.view, 'walletConsole.requests'],
    [findingsView.view as vscode.TreeView<unknown>, 'walletConsole.findings'],
  ];
}

/** The prompts every command shows: VS Code's, until a host test swaps in a scripted stand-in. */
function switchableInput(): { ui: () => UserInput; setUserInput: (scripted: UserInput | undefined) => void } {
  const realInput = new VsCodeUserInput();
  let input: UserInput = realInput;
  return {
    ui: () => input,
    setUserInput: (scripted) => {
      input = scripted ?? realInput;
    },
  };
}

/** What the commands work on: the parts of the views they use, the panel and the services. */
function commandTargets(
  context: vscode.ExtensionContext,
  views: Views,
  services: Omit<CommandTargets, 'state' | 'model' | 'walletTree' | 'walletView' | 'contextKeys' | 'revealDeveloper'>,
): CommandTargets {
  const { model, walletTree, walletView, contextKeys, revealDeveloper } = views;
  return { state: context.globalState, model, walletTree, walletView, contextKeys, revealDeveloper, ...services };
}

/** The extension's inside for extension tests: exportedApi hands it out in test mode only. */
function testHooks(
  context: vscode.ExtensionContext,
  parts: Pick<TestHooks, 'accounts' | 'views' | 'sandboxViews' | 'findingsView' | 'setUserInput' | 'agents' | 'terminals'> & {
    requests: RequestHistory;
    requestsView: RequestsView;
  },
): TestHooks {
  const { accounts, views, sandboxViews, requests, requestsView, findingsView, setUserInput, agents, terminals } = parts;
  return {
    accounts,
    views,
    sandboxViews,
    requests: { history: requests, view: requestsView },
    findingsView,
    sandboxUrl: () => sandbox!.url(),
    localSandbox: () => sandbox!.inProcess(),
    stopLocalSandbox: () => sandbox!.stop(),
    setUserInput,
    agents,
    terminals,
    storagePaths: { globalStorage: context.globalStorageUri.fsPath, logs: context.logUri.fsPath },
  };
}

/**
 * The Requests view's history: the local sandbox's request journal (as many requests as the
 * setting says), and this extension's own requests to real servers. The size is read once and on
 * change, held to the setting's range (1 to 10,000) whatever settings.json says.
 */
function requestHistory(
  context: vscode.ExtensionContext,
  onSizeChange: (size: number) => void,
): { requests: RequestHistory; historySize: () => number } {
  const read = () =>
    Math.min(
      10_000,
      Math.max(
        1,
        Math.floor(vscode.workspace.getConfiguration('walletConsole').get<number>('requests.historySize', DEFAULT_HISTORY_SIZE)) || 1,
      ),
    );
  let historySize = read();
  const requests = new RequestHistory(() => historySize);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('walletConsole.requests.historySize')) return;
      historySize = read();
      onSizeChange(historySize);
      // The list holds the newest `historySize` entries it read: read again for the new size.
      void requests.refresh();
    }),
    requests,
  );
  return { requests, historySize: () => historySize };
}

export async function deactivate(): Promise<void> {
  // Changes still arriving (a secret's echo, the sandbox's last reports) would redraw views that
  // the closing workbench no longer answers for.
  viewSources?.dispose();
  await sandbox?.stop();
}
