import * as vscode from 'vscode';

// A thin first version: the wiring grows as the auth, views and webview layers land.
export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Wallet Console', { log: true });
  context.subscriptions.push(log, vscode.commands.registerCommand('walletConsole.showLog', () => log.show()));
}

export function deactivate(): void {}
