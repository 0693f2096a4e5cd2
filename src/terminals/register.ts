import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import type { Logger } from '../common/logger';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import { registerLaunchJsonCompletions } from './launchJsonCompletion';
import { registerSandboxLaunch } from './sandboxLaunch';
import { SANDBOX_TASK_TYPE, SandboxTaskProvider } from './sandboxTask';
import { SandboxTerminalEnvironment } from './terminalEnvironment';

/** Terminals, the `wallet-sandbox` task and Node launches that reach the window's local sandbox. */
export function registerTerminals(
  context: vscode.ExtensionContext,
  services: { accounts: AccountService; sandbox: LocalSandbox; logger: Logger },
): SandboxTerminalEnvironment {
  const environment = new SandboxTerminalEnvironment(
    context.environmentVariableCollection,
    services.accounts,
    services.sandbox,
    services.logger,
  );
  context.subscriptions.push(
    environment,
    vscode.tasks.registerTaskProvider(SANDBOX_TASK_TYPE, new SandboxTaskProvider(context.extensionUri, services.sandbox)),
    registerSandboxLaunch(services.accounts, services.sandbox, services.logger),
    registerLaunchJsonCompletions(),
  );
  return environment;
}
