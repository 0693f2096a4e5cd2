import * as vscode from 'vscode';
import type { SandboxExchange } from '../sandbox';
import type { Logger } from '../common/logger';
import { DEFAULT_SANDBOX_PORT, LocalSandbox, sandboxBundle } from './localSandbox';

export interface LocalSandboxDeps {
  logger: Logger;
  /** Every exchange the sandbox answers (the Requests view); must not throw. */
  onExchange(exchange: SandboxExchange, sandboxUrl: string): void;
}

/** The port `walletConsole.sandbox.port` asks for, read on each start. */
export function sandboxPortSetting(): number {
  return vscode.workspace.getConfiguration('walletConsole').get<number>('sandbox.port', DEFAULT_SANDBOX_PORT);
}

/** The local sandbox of this window: nothing starts until something uses it (never during activation). */
export function registerLocalSandbox(context: vscode.ExtensionContext, deps: LocalSandboxDeps): LocalSandbox {
  const sandbox = new LocalSandbox(context.globalStorageUri, deps.logger, sandboxBundle(context.extensionUri), {
    port: sandboxPortSetting,
    onExchange: (exchange, url) => deps.onExchange(exchange, url),
  });
  context.subscriptions.push(sandbox);
  return sandbox;
}
