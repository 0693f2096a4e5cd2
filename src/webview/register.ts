import * as vscode from 'vscode';
import { DetailPanel, type DetailPanelDeps, type PanelSnapshot } from './panel';
import { PANEL_VIEW_TYPE } from './protocol';

/** Registered only when the extension runs under tests: returns a {@link WebviewTestHandle}. */
export const WEBVIEW_TEST_COMMAND = 'walletConsole.test.webview';

/** What host tests get from {@link WEBVIEW_TEST_COMMAND}. */
export interface WebviewTestHandle {
  snapshot(): PanelSnapshot;
  /** Delivers a message as if the page had posted it (it goes through the same guard). */
  receive(message: unknown): Promise<void>;
  whenIdle(): Promise<void>;
  /** Runs the serializer's restore on a panel the test created. */
  restore(panel: vscode.WebviewPanel, state: unknown): Promise<void>;
}

/**
 * The panel (transaction detail, bank verification) and its serializer. The commands that
 * open it are registered with every other command (src/commands/register.ts).
 */
export function registerWebview(
  context: vscode.ExtensionContext,
  deps: Omit<DetailPanelDeps, 'extensionUri'>,
): { panel: DetailPanel; disposables: vscode.Disposable[] } {
  const panel = new DetailPanel({ ...deps, extensionUri: context.extensionUri });

  const disposables: vscode.Disposable[] = [
    panel,
    deps.accounts.onDidChange(() => panel.environmentMaybeChanged()),
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      deserializeWebviewPanel: (restored, state: unknown) => panel.restore(restored, state),
    }),
  ];

  if (context.extensionMode === vscode.ExtensionMode.Test) {
    const handle: WebviewTestHandle = {
      snapshot: () => panel.snapshot(),
      receive: (message) => panel.receive(message),
      whenIdle: () => panel.whenIdle(),
      restore: (restored, state) => panel.restore(restored, state),
    };
    disposables.push(vscode.commands.registerCommand(WEBVIEW_TEST_COMMAND, () => handle));
  }
  return { panel, disposables };
}
