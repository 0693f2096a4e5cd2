import * as vscode from 'vscode';
import { AccountService } from './auth/accountService';
import { AccountStore } from './auth/accountStore';
import { AUTH_PROVIDER_ID, DeveloperAuthProvider } from './auth/authProvider';
import { ClientProvider } from './auth/clients';
import { EnvironmentSettings } from './auth/environments';
import { LocalSandbox } from './auth/localSandbox';
import { registerCommands } from './commands/register';
import { CommandRunner } from './common/commandRunner';
import { Logger } from './common/logger';
import { VsCodeUserInput, type UserInput } from './common/userInput';
import { registerViews, type Views } from './views/register';
import { EnvironmentStatus } from './views/environmentStatus';
import { registerWebview } from './webview/register';

/** What the extension hands to other extensions; tests use it to script prompts. */
export interface WalletConsoleApi {
  accounts: AccountService;
  views: Views;
  sandboxUrl(): Promise<string>;
  /** Milliseconds spent in activate() (npm run bench reads it). */
  activationMs: number;
  /** Whether the local sandbox has been started; it never is during activation. */
  readonly sandboxStarted: boolean;
  /** Replaces the prompts with a scripted stand-in (extension tests only). */
  setUserInput?(input: UserInput | undefined): void;
  /** Where VS Code keeps this extension's files (extension tests only: the secret audit reads them). */
  storagePaths?: { globalStorage: string; logs: string };
}

let sandbox: LocalSandbox | undefined;

export function activate(context: vscode.ExtensionContext): WalletConsoleApi {
  const started = performance.now();
  const logger = new Logger();
  const realInput = new VsCodeUserInput();
  let input: UserInput = realInput;
  const ui = () => input;

  sandbox = new LocalSandbox(context.globalStorageUri, logger);
  const settings = new EnvironmentSettings();
  const store = new AccountStore(context.globalState, context.secrets);
  const accounts = new AccountService(settings, store, new ClientProvider(settings, sandbox, logger), logger, ui);
  const runner = new CommandRunner(logger, ui);
  const deps = { accounts, sandbox, logger, ui };

  const views = registerViews(accounts);
  const authProvider = new DeveloperAuthProvider(
    accounts,
    () => vscode.commands.executeCommand('walletConsole.signIn'),
    () => vscode.commands.executeCommand('walletConsole.signOut'),
  );

  context.subscriptions.push(
    logger,
    sandbox,
    store,
    accounts,
    authProvider,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'Wallet Console', authProvider, { supportsMultipleAccounts: false }),
    new EnvironmentStatus(accounts),
    ...views.disposables,
    ...registerCommands(runner, deps, context.globalState, views.model),
    ...registerWebview(context, runner, deps),
  );
  void authProvider.sync();

  const api: WalletConsoleApi = {
    accounts,
    views,
    sandboxUrl: () => sandbox!.url(),
    activationMs: 0,
    get sandboxStarted() {
      return sandbox?.started ?? false;
    },
  };
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    api.setUserInput = (scripted) => {
      input = scripted ?? realInput;
    };
    api.storagePaths = { globalStorage: context.globalStorageUri.fsPath, logs: context.logUri.fsPath };
  }
  api.activationMs = performance.now() - started;
  return api;
}

export async function deactivate(): Promise<void> {
  await sandbox?.stop();
}
