import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import type { Logger } from '../common/logger';
import type { UserInput } from '../common/userInput';
import { AccountService } from './accountService';
import { AccountStore } from './accountStore';
import { AUTH_PROVIDER_ID, DeveloperAuthProvider } from './authProvider';
import { ClientProvider, type ClientTraffic, type LocalSandboxUrl } from './clients';
import { EnvironmentSettings } from './environments';

export interface AccountDeps {
  logger: Logger;
  ui: () => UserInput;
  /** The local sandbox's address, from the composition root (auth does not start it). */
  sandbox: LocalSandboxUrl;
  traffic: ClientTraffic;
}

/** The accounts every feature asks: per-environment settings, secrets and API clients. */
export function registerAccounts(
  context: vscode.ExtensionContext,
  deps: AccountDeps,
): { settings: EnvironmentSettings; accounts: AccountService } {
  const settings = new EnvironmentSettings();
  const store = new AccountStore(context.globalState, context.secrets);
  const clients = new ClientProvider(settings, deps.sandbox, deps.logger, deps.traffic);
  const accounts = new AccountService(settings, store, clients, deps.logger, deps.ui);
  context.subscriptions.push(settings, store, accounts);
  return { settings, accounts };
}

/** The signed-in developer in VS Code's Accounts menu. Call `sync` once everything is registered. */
export function registerAuthentication(context: vscode.ExtensionContext, accounts: AccountService): DeveloperAuthProvider {
  const provider = new DeveloperAuthProvider(
    accounts,
    () => vscode.commands.executeCommand(COMMANDS.signIn),
    () => vscode.commands.executeCommand(COMMANDS.signOut),
  );
  context.subscriptions.push(
    provider,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'Wallet Console', provider, { supportsMultipleAccounts: false }),
  );
  return provider;
}
