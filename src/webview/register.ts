import * as vscode from 'vscode';
import { DetailPanel, type DetailPanelDeps } from './panel';
import { PanelRecorder, WEBVIEW_TEST_COMMAND, webviewTestHandle } from './panelRecorder';
import { PANEL_VIEW_TYPE } from './protocol';

/**
 * The panel (transaction detail, bank verification) and its serializer. The commands that
 * open it are registered with every other command (src/commands/register.ts).
 */
export function registerWebview(
  context: vscode.ExtensionContext,
  deps: Omit<DetailPanelDeps, 'extensionUri' | 'recorder'>,
): { panel: DetailPanel; disposables: vscode.Disposable[] } {
  const recorder = context.extensionMode === vscode.ExtensionMode.Test ? new PanelRecorder() : undefined;
  const panel = new DetailPanel({ ...deps, extensionUri: context.extensionUri, recorder });

  const disposables: vscode.Disposable[] = [
    panel,
    deps.accounts.onDidChange(() => panel.environmentMaybeChanged()),
    deps.watch.onDidChange((change) => {
      if (change.events) panel.eventsChanged();
    }),
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      deserializeWebviewPanel: (restored, state: unknown) => panel.restore(restored, state),
    }),
  ];

  if (recorder) {
    const handle = webviewTestHandle(panel, recorder);
    disposables.push(vscode.commands.registerCommand(WEBVIEW_TEST_COMMAND, () => handle));
  }
  return { panel, disposables };
}
