import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { registerSandboxMcpServer, sandboxMcpDefinitions } from './agents/mcpProvider';
import { contributedToolNames, loadToolsBundle, registerAgentTools } from './agents/registerTools';
import { SandboxRequestLog } from './agents/sandboxRequests';
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
import { Logger } from './common/logger';
import { VsCodeUserInput, type UserInput } from './common/userInput';
import { TRANSACTION_JSON_SCHEME, TransactionJsonProvider, TransactionRecords } from './documents/transactionJson';
import { exportedApi, type WalletConsoleApi, type WalletConsolePublicApi } from './extensionApi';
import { registerViews } from './views/register';
import { EnvironmentStatus } from './views/environmentStatus';
import { registerWebview } from './webview/register';

let sandbox: LocalSandbox | undefined;

export function activate(context: vscode.ExtensionContext): WalletConsolePublicApi | WalletConsoleApi {
  const started = performance.now();
  // Plain modules (src/common, the panel's pages) translate with @vscode/l10n: give it VS Code's bundle.
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
  const logger = new Logger(context.extensionMode !== vscode.ExtensionMode.Production);
  const realInput = new VsCodeUserInput();
  let input: UserInput = realInput;
  const ui = () => input;

  sandbox = new LocalSandbox(context.globalStorageUri, logger);
  const settings = new EnvironmentSettings();
  const store = new AccountStore(context.globalState, context.secrets);
  const accounts = new AccountService(settings, store, new ClientProvider(settings, sandbox, logger), logger, ui);
  const runner = new CommandRunner(logger, new FailureNotice(logger, ui));
  const deps = { accounts, logger, ui };

  const views = registerViews(accounts);
  const banks = new BankDirectory(accounts, logger);
  const verifier = new BankVerifier(accounts, banks, logger);
  const records = new TransactionRecords();
  const webview = registerWebview(context, { accounts, logger, banks, verifier, records });
  const agentTools = registerAgentTools(
    contributedToolNames(context.extension.packageJSON),
    extensionToolContext(accounts, sandbox, new SandboxRequestLog(sandbox)),
    loadToolsBundle(context.extensionUri),
  );
  const mcpDefinitions = sandboxMcpDefinitions(context.extensionPath, context.globalStorageUri.fsPath);
  const mcpRegistration = registerSandboxMcpServer(mcpDefinitions);
  const authProvider = new DeveloperAuthProvider(
    accounts,
    () => vscode.commands.executeCommand(COMMANDS.signIn),
    () => vscode.commands.executeCommand(COMMANDS.signOut),
  );

  context.subscriptions.push(
    logger,
    sandbox,
    store,
    accounts,
    authProvider,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'Wallet Console', authProvider, {
      supportsMultipleAccounts: false,
    }),
    new EnvironmentStatus(accounts),
    ...views.disposables,
    records,
    vscode.workspace.registerTextDocumentContentProvider(TRANSACTION_JSON_SCHEME, new TransactionJsonProvider(accounts, records)),
    ...webview.disposables,
    ...agentTools.disposables,
    ...(mcpRegistration ? [mcpRegistration] : []),
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
    }),
  );
  void authProvider.sync();

  const hooks = () => ({
    accounts,
    views,
    sandboxUrl: () => sandbox!.url(),
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
  await sandbox?.stop();
}
