import * as vscode from 'vscode';
import { DetailPanel, type DetailPanelDeps } from './panel';
import { PanelRecorder, WEBVIEW_TEST_COMMAND, webviewTestHandle } from './panelRecorder';
import { PANEL_VIEW_TYPE } from './protocol';
import { TRANSACTION_JSON_SCHEME, TransactionJsonProvider, TransactionRecords } from './transactionJson';

/**
 * The panel (transaction detail, bank verification, requests, events) with its serializer, and
 * the read-only transaction JSON documents. The commands that open them are registered with
 * every other command (src/commands/register.ts).
 */
export function registerWebview(
  context: vscode.ExtensionContext,
  deps: Omit<DetailPanelDeps, 'extensionUri' | 'recorder' | 'records'>,
): { panel: DetailPanel; records: TransactionRecords } {
  const records = new TransactionRecords();
  const recorder = context.extensionMode === vscode.ExtensionMode.Test ? new PanelRecorder() : undefined;
  const panel = new DetailPanel({ ...deps, records, extensionUri: context.extensionUri, recorder });

  const disposables: vscode.Disposable[] = [
    records,
    vscode.workspace.registerTextDocumentContentProvider(TRANSACTION_JSON_SCHEME, new TransactionJsonProvider(deps.accounts, records)),
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
  context.subscriptions.push(...disposables);
  return { panel, records };
}
