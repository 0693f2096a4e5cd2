import * as vscode from 'vscode';

/** The product's default for walletConsole.sandbox.port. */
export const DEFAULT_WINDOW_PORT = 4010;

/**
 * The port walletConsole.sandbox.port asks for in this run. scripts/host/run-tests.mjs gives each
 * VS Code version's suite a range of its own (the first keeps the default), so two suites running
 * at once never take each other's port.
 */
export function windowSandboxPort(): number {
  return vscode.workspace.getConfiguration('walletConsole').get<number>('sandbox.port', DEFAULT_WINDOW_PORT);
}

/** The port the launcher gave this run (WALLET_CONSOLE_TEST_SANDBOX_PORT), the default without one. */
export function launcherSandboxPort(): number {
  return Number(process.env.WALLET_CONSOLE_TEST_SANDBOX_PORT ?? DEFAULT_WINDOW_PORT);
}

/** A port for a task's standalone sandbox: inside this run's range, past the window's (its port to +19). */
export function taskSandboxPort(): number {
  return windowSandboxPort() + 31;
}
