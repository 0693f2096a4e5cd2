import * as vscode from 'vscode';
import type { SandboxClient, SandboxRole } from '../sandbox';

/** "Served by another VS Code window": which process serves the sandbox, when it is not this window. */
function servedByLabel(role: SandboxRole): string {
  switch (role) {
    case 'window':
      return vscode.l10n.t('Served by another VS Code window');
    case 'mcp':
      return vscode.l10n.t('Served by the MCP server');
    case 'cli':
      return vscode.l10n.t('Served by npm run sandbox');
    case 'program':
      return vscode.l10n.t('Served by another program');
  }
}

/** The Sandbox view's first row while another process serves the state file (docs/sandbox.md). */
export function sandboxServerItem(sandbox: SandboxClient | undefined): vscode.TreeItem {
  const server = sandbox?.server;
  const item = new vscode.TreeItem(
    server ? servedByLabel(server.role) : vscode.l10n.t('Served by another process'),
    vscode.TreeItemCollapsibleState.None,
  );
  item.description = sandbox && server ? vscode.l10n.t('pid {0} · {1}', server.pid, sandbox.url) : undefined;
  item.iconPath = new vscode.ThemeIcon('remote');
  item.contextValue = 'sandbox.server';
  item.tooltip = [
    vscode.l10n.t(
      'This window uses the local sandbox that another process serves on the same state file: every window, the agent tools and the MCP server see one world.',
    ),
    vscode.l10n.t('If that process stops, this window says so and opens the state file itself on its next read or action.'),
  ].join(' ');
  return item;
}
