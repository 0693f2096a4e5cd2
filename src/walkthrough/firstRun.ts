import * as vscode from 'vscode';

const OPENED_KEY = 'walletConsole.walkthroughOpened';

/** What deciding to open the walkthrough needs of the extension's context. */
export interface FirstRunContext {
  readonly extensionMode: vscode.ExtensionMode;
  readonly globalState: vscode.Memento;
  readonly extension: { readonly id: string };
}

/**
 * Opens the walkthrough once per profile, on the extension's first activation there, unless the
 * user turned off VS Code's own "open an extension's walkthrough on install"
 * (`workbench.welcomePage.walkthroughs.openOnInstall`). VS Code does that itself only for an
 * extension installed from the Extensions view, never for one installed from a VSIX or a command
 * line, which is how `npm start` and most teams install it. Never in an extension test run.
 * Answers whether it opened it.
 */
export async function openWalkthroughOnFirstRun(context: FirstRunContext, walkthroughId: string): Promise<boolean> {
  if (context.extensionMode === vscode.ExtensionMode.Test || context.globalState.get<boolean>(OPENED_KEY)) return false;
  if (!vscode.workspace.getConfiguration('workbench.welcomePage').get<boolean>('walkthroughs.openOnInstall', true)) return false;
  await context.globalState.update(OPENED_KEY, true);
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#${walkthroughId}`, false);
  return true;
}
