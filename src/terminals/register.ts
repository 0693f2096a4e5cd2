import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import type { Logger } from '../common/logger';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import { SANDBOX_TASK_TYPE, SandboxTaskProvider } from './sandboxTask';
import { SandboxTerminalEnvironment } from './terminalEnvironment';

/** Terminals that know the local sandbox, and the `wallet-sandbox` task type. */
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
    vscode.tasks.registerTaskProvider(SANDBOX_TASK_TYPE, new SandboxTaskProvider(context.extensionUri)),
  );
  return environment;
}
