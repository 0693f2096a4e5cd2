import * as vscode from 'vscode';
import type { Logger } from '../common/logger';
import type { UserInput } from '../common/userInput';
import { DEFAULT_SANDBOX_PORT, LocalSandbox, sandboxBundle } from './localSandbox';
import { scenarioNotices } from './scenarioNotices';
import { findWorkspaceScenario } from './workspaceScenario';

export interface LocalSandboxDeps {
  logger: Logger;
  /** How many requests the sandbox's journal keeps (walletConsole.requests.historySize), read on each start. */
  journalSize(): number;
  /** Where the notices about the workspace's scenario go (a getter: host tests swap in a stand-in). */
  ui: () => UserInput;
}

/** The port `walletConsole.sandbox.port` asks for, read on each start. */
export function sandboxPortSetting(): number {
  return vscode.workspace.getConfiguration('walletConsole').get<number>('sandbox.port', DEFAULT_SANDBOX_PORT);
}

/** The local sandbox of this window: nothing starts until something uses it (never during activation). */
export function registerLocalSandbox(context: vscode.ExtensionContext, deps: LocalSandboxDeps): LocalSandbox {
  const sandbox = new LocalSandbox(context.globalStorageUri, deps.logger, sandboxBundle, {
    port: sandboxPortSetting,
    journal: () => ({ maxEntries: deps.journalSize() }),
    scenario: findWorkspaceScenario,
    onScenario: scenarioNotices(deps.ui),
  });
  context.subscriptions.push(sandbox);
  return sandbox;
}
