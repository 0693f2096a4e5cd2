import * as vscode from 'vscode';
import type { Logger } from '../common/logger';
import { DEFAULT_SANDBOX_PORT, LocalSandbox, sandboxBundle } from './localSandbox';

export interface LocalSandboxDeps {
  logger: Logger;
  /** How many requests the sandbox's journal keeps (walletConsole.requests.historySize), read on each start. */
  journalSize(): number;
}

/** The port `walletConsole.sandbox.port` asks for, read on each start. */
export function sandboxPortSetting(): number {
  return vscode.workspace.getConfiguration('walletConsole').get<number>('sandbox.port', DEFAULT_SANDBOX_PORT);
}

/** The local sandbox of this window: nothing starts until something uses it (never during activation). */
export function registerLocalSandbox(context: vscode.ExtensionContext, deps: LocalSandboxDeps): LocalSandbox {
  const sandbox = new LocalSandbox(context.globalStorageUri, deps.logger, sandboxBundle(context.extensionUri), {
    port: sandboxPortSetting,
    journal: () => ({ maxEntries: deps.journalSize() }),
  });
  context.subscriptions.push(sandbox);
  return sandbox;
}
