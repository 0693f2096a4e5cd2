import * as os from 'node:os';
import * as vscode from 'vscode';
import type { Transaction, TransactionType } from '../api';
import { countText } from '../common/plural';
import type { WalletModel } from '../views/walletModel';
import { typeLabel } from '../views/transactionFormat';
import type { CommandDeps } from '../commandDeps/commandDeps';
import { exportFileName, toCsv, transactionRows, type ExportFormat } from './exportFormat';

/** The API's largest page: fewest round trips for a long history. */
const EXPORT_PAGE_SIZE = 100;

/**
 * Writes every transaction of the current filter (all pages, not only the loaded ones) to a
 * CSV or JSON file: the format is chosen first, then the file; the pages load with Cancel.
 */
export async function exportTransactions(deps: CommandDeps, model: WalletModel, target?: unknown): Promise<void> {
  const { mobile } = await deps.accounts.walletContext();
  const filter = model.filter;
  const format = await deps.ui().pick<ExportFormat>(
    [
      { label: vscode.l10n.t('CSV'), description: vscode.l10n.t('one row per transaction, for spreadsheets'), value: 'csv' },
      { label: vscode.l10n.t('JSON'), description: vscode.l10n.t('the records as the API sends them'), value: 'json' },
    ],
    { title: vscode.l10n.t('Export Transactions'), placeholder: vscode.l10n.t('Choose the file format') },
  );
  let uri = target instanceof vscode.Uri ? target : undefined;
  if (!uri) {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
    uri = await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Export Transactions'),
      defaultUri: vscode.Uri.joinPath(folder, exportFileName(mobile, filter, format)),
      filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
    });
    if (!uri) return;
  }
  const items = await fetchAllPages(deps, mobile, filter);
  const content = format === 'json' ? `${JSON.stringify(items, null, 2)}\n` : toCsv(transactionRows(items));
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
  deps.logger.info(
    `Exported ${countText(items.length, `${items.length} transaction`, `${items.length} transactions`, 'en')} (${filter ?? 'all types'}) to ${uri.fsPath}.`,
  );
  offerToOpen(deps, uri, items.length, filter);
}

function fetchAllPages(deps: CommandDeps, mobile: string, type: TransactionType | undefined): Promise<Transaction[]> {
  return Promise.resolve(
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Exporting transactions'), cancellable: true },
      async (progress, token) => {
        const controller = new AbortController();
        const cancel = token.onCancellationRequested(() => controller.abort());
        try {
          const all: Transaction[] = [];
          for (let page = 1; ; page++) {
            const batch = await deps.accounts.withWallet(
              (client, credentials) =>
                client.listTransactions(
                  credentials,
                  { limit: EXPORT_PAGE_SIZE, pages: page, ...(type ? { type } : {}) },
                  { signal: controller.signal },
                ),
              mobile,
            );
            all.push(...batch);
            const n = all.length;
            progress.report({
              message: countText(n, vscode.l10n.t('{0} transaction so far…', n), vscode.l10n.t('{0} transactions so far…', n)),
            });
            if (batch.length < EXPORT_PAGE_SIZE) return all;
          }
        } finally {
          cancel.dispose();
        }
      },
    ),
  );
}

/** Not awaited: a notice with buttons stays until dismissed, and the command is done. */
function offerToOpen(deps: CommandDeps, uri: vscode.Uri, count: number, filter: TransactionType | undefined): void {
  const open = vscode.l10n.t('Open');
  const reveal = vscode.l10n.t('Reveal');
  const where = vscode.workspace.asRelativePath(uri);
  const type = filter ? typeLabel(filter).toLowerCase() : '';
  const message = filter
    ? countText(
        count,
        vscode.l10n.t('Exported {0} {1} transaction to {2}.', count, type, where),
        vscode.l10n.t('Exported {0} {1} transactions to {2}.', count, type, where),
      )
    : countText(
        count,
        vscode.l10n.t('Exported {0} transaction to {1}.', count, where),
        vscode.l10n.t('Exported {0} transactions to {1}.', count, where),
      );
  void deps
    .ui()
    .confirm(message, {}, open, reveal)
    .then(async (choice) => {
      if (choice === open) await vscode.commands.executeCommand('vscode.open', uri);
      // The OS file manager is on the user's machine; with a remote extension host, the explorer.
      else if (choice === reveal) await vscode.commands.executeCommand(vscode.env.remoteName ? 'revealInExplorer' : 'revealFileInOS', uri);
    })
    .then(undefined, (error: unknown) => deps.logger.error('Opening the exported file failed', error));
}
