import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { registerSandboxMcpServer, sandboxMcpDefinitions } from './agents/mcpProvider';
import { contributedToolNames, loadToolsBundle, registerAgentTools } from './agents/registerTools';
import { HistoryRecentRequests } from './agents/historyRequests';
import { extensionToolContext } from './agents/toolContext';
import { AccountService } from './auth/accountService';
import { AccountStore } from './auth/accountStore';
import { AUTH_PROVIDER_ID, DeveloperAuthProvider } from './auth/authProvider';
import { ClientProvider } from './auth/clients';
import { EnvironmentSettings } from './auth/environments';
import { LocalSandbox } from './auth/localSandbox';
import { BankDirectory } from './banks/bankDirectory';
import { BankVerifier } from './banks/bankVerifier';
import { registerCommands } from './commands/register';
import { COMMANDS } from './common/commandIds';
import { CommandRunner } from './common/commandRunner';
import { FailureNotice } from './common/failureNotice';
import { MoneyService } from './money/moneyService';
import { TransferWatcher } from './money/transferWatcher';
import { Logger } from './common/logger';
import { VsCodeUserInput, type UserInput } from './common/userInput';
import { TRANSACTION_JSON_SCHEME, TransactionJsonProvider, TransactionRecords } from './documents/transactionJson';
import { exportedApi, type WalletConsoleApi, type WalletConsolePublicApi } from './extensionApi';
import { registerLinter } from './linter/register';
import { registerViews } from './views/register';
import { registerSandboxViews } from './views/sandboxViews';
import { SandboxWatch } from './sandboxControl/sandboxWatch';
import { EnvironmentStatus } from './views/environmentStatus';
import { registerWebview } from './webview/register';
import { EXTENSION_USER_AGENT, recordFromTransport } from './requests/capture';
import { DEFAULT_HISTORY_SIZE, RequestHistory } from './requests/requestHistory';
import { RequestReplayer } from './requests/replay';
import { registerRequestsView } from './views/requestsView';
import { DEFAULT_SANDBOX_PORT, sandboxBundle } from './auth/localSandbox';
import { WalkthroughProgress } from './walkthrough/progress';
import { walkthroughSteps } from './walkthrough/steps';
import { openWalkthroughOnFirstRun } from './walkthrough/firstRun';

let sandbox: LocalSandbox | undefined;
/** What makes the views redraw; let go first on deactivate, so a closing window draws nothing more. */
let viewSources: vscode.Disposable | undefined;

export function activate(context: vscode.ExtensionContext): WalletConsolePublicApi | WalletConsoleApi {
  const started = performance.now();
  // Plain modules (src/common, the panel's pages) translate with @vscode/l10n: give it VS Code's bundle.
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
  const logger = new Logger(context.extensionMode !== vscode.ExtensionMode.Production);
  const realInput = new VsCodeUserInput();
  let input: UserInput = realInput;
  const ui = () => input;

  const config = () => vscode.workspace.getConfiguration('walletConsole');
  // The Requests view: the local sandbox's request journal (as many requests as the setting
  // says), and this extension's own requests to real servers. Read once and on change.
  // Held to the setting's range (1 to 10,000) whatever settings.json says: the journal refuses others.
  const readHistorySize = () =>
    Math.min(10_000, Math.max(1, Math.floor(config().get<number>('requests.historySize', DEFAULT_HISTORY_SIZE)) || 1));
  let historySize = readHistorySize();
  const requests = new RequestHistory(() => historySize);
  const sandboxPort = () => config().get<number>('sandbox.port', DEFAULT_SANDBOX_PORT);
  sandbox = new LocalSandbox(context.globalStorageUri, logger, sandboxBundle(context.extensionUri), {
    port: sandboxPort,
    journal: () => ({ maxEntries: historySize }),
  });
  const localSandbox = sandbox;
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('walletConsole.requests.historySize')) return;
      historySize = readHistorySize();
      localSandbox.setJournalLimits({ maxEntries: historySize });
    }),
    sandbox.onDidStart((client) => requests.attach(client)),
  );
  const settings = new EnvironmentSettings();
  const store = new AccountStore(context.globalState, context.secrets);
  const clients = new ClientProvider(settings, sandbox, logger, {
    userAgent: EXTENSION_USER_AGENT,
    onRemoteExchange: (env, exchange) => requests.add(recordFromTransport(env, exchange)),
  });
  const accounts = new AccountService(settings, store, clients, logger, ui);
  const runner = new CommandRunner(logger, new FailureNotice(logger, ui));
  const deps = { accounts, logger, ui };

  const views = registerViews(accounts);
  const watch = new SandboxWatch(sandbox);
  const sandboxViews = registerSandboxViews(accounts, watch);
  const banks = new BankDirectory(accounts, logger);
  const verifier = new BankVerifier(accounts, banks, logger);
  const records = new TransactionRecords();
  const money = new MoneyService(accounts, logger);
  const transferWatcher = new TransferWatcher(accounts, money, sandbox, logger);
  const replayer = new RequestReplayer(accounts, requests, logger, ui, () => settings.requestTimeoutMs(), banks);
  const webview = registerWebview(context, { accounts, logger, banks, verifier, records, watch, requests, replayer });
  const requestsView = registerRequestsView(requests, sandbox);
  // What the user has already done (signed in, a wallet connected, in a previous run too) shows as done.
  const walkthrough = new WalkthroughProgress(walkthroughSteps(context.extension.id, context.extension.packageJSON), logger);
  walkthrough.followContextKeys(views.contextKeys);
  walkthrough.followView(views.developerView, 'walletConsole.developer');
  walkthrough.followView(requestsView.view, 'walletConsole.requests');
  void openWalkthroughOnFirstRun(context, 'walletConsole.gettingStarted');
  const agentTools = registerAgentTools(
    contributedToolNames(context.extension.packageJSON),
    extensionToolContext(accounts, sandbox, new HistoryRecentRequests(requests)),
    loadToolsBundle(context.extensionUri),
  );
  const mcpDefinitions = sandboxMcpDefinitions(context.extensionPath, context.globalStorageUri.fsPath, sandboxPort);
  const mcpRegistration = registerSandboxMcpServer(mcpDefinitions);
  const authProvider = new DeveloperAuthProvider(
    accounts,
    () => vscode.commands.executeCommand(COMMANDS.signIn),
    () => vscode.commands.executeCommand(COMMANDS.signOut),
  );

  context.subscriptions.push(
    logger,
    requests,
    ...requestsView.disposables,
    sandbox,
    settings,
    store,
    accounts,
    authProvider,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'Wallet Console', authProvider, {
      supportsMultipleAccounts: false,
    }),
    new EnvironmentStatus(accounts),
    ...views.disposables,
    watch,
    ...sandboxViews.disposables,
    records,
    money,
    transferWatcher,
    transferWatcher.onDidTouchActiveWallet(() => void views.model.refreshAfterTransfer()),
    vscode.workspace.registerTextDocumentContentProvider(TRANSACTION_JSON_SCHEME, new TransactionJsonProvider(accounts, records)),
    ...webview.disposables,
    ...registerLinter(),
    ...agentTools.disposables,
    ...(mcpRegistration ? [mcpRegistration] : []),
    walkthrough,
    ...registerCommands(runner, deps, {
      state: context.globalState,
      model: views.model,
      walletTree: views.walletTree,
      walletView: views.walletView,
      contextKeys: views.contextKeys,
      panel: webview.panel,
      banks,
      verifier,
      records,
      money,
      watch,
      requests,
      sandbox,
      onCommand: (id) => walkthrough.commandRan(id),
    }),
  );
  viewSources = vscode.Disposable.from(accounts, watch, requests);
  void authProvider.sync();

  const hooks = () => ({
    accounts,
    views,
    sandboxViews,
    requests: { history: requests, view: requestsView },
    sandboxUrl: () => sandbox!.url(),
    localSandbox: () => sandbox!.inProcess(),
    stopLocalSandbox: () => sandbox!.stop(),
    setUserInput: (scripted: UserInput | undefined) => {
      input = scripted ?? realInput;
    },
    agents: { tools: agentTools.tools, mcpServerRegistered: mcpRegistration !== undefined, mcpDefinitions },
    storagePaths: { globalStorage: context.globalStorageUri.fsPath, logs: context.logUri.fsPath },
  });
  return exportedApi(
    context.extensionMode === vscode.ExtensionMode.Test,
    performance.now() - started,
    () => sandbox?.started ?? false,
    hooks,
  );
}

export async function deactivate(): Promise<void> {
  // Changes still arriving (a secret's echo, the sandbox's last reports) would redraw views that
  // the closing workbench no longer answers for.
  viewSources?.dispose();
  await sandbox?.stop();
}
