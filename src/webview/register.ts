import * as vscode from 'vscode';
import { openTransactionJson, showTransaction } from '../commands/showTransaction';
import { verifyBankAccountInPanel, verifyBankAccountQuick } from '../commands/verifyBankAccount';
import type { CommandDeps } from '../commands/deps';
import type { CommandRunner } from '../common/commandRunner';
import { BankDirectory } from './bankDirectory';
import { DetailPanel } from './panel';
import { PanelRecorder, WEBVIEW_TEST_COMMAND, webviewTestHandle } from './panelRecorder';
import { PANEL_VIEW_TYPE } from './protocol';
import { TRANSACTION_JSON_SCHEME, TransactionJsonProvider, TransactionRecords } from './transactionJson';
import { BankVerifier } from './verification';

/**
 * The panel (transaction detail, bank verification), its serializer, the read-only JSON
 * documents and the commands that open them.
 */
export function registerWebview(context: vscode.ExtensionContext, runner: CommandRunner, deps: CommandDeps): vscode.Disposable[] {
  const banks = new BankDirectory(deps.accounts, deps.logger);
  const verifier = new BankVerifier(deps.accounts, banks, deps.logger);
  const records = new TransactionRecords();
  const recorder = context.extensionMode === vscode.ExtensionMode.Test ? new PanelRecorder() : undefined;
  const panel = new DetailPanel({
    accounts: deps.accounts,
    logger: deps.logger,
    banks,
    verifier,
    records,
    extensionUri: context.extensionUri,
    recorder,
  });

  const disposables: vscode.Disposable[] = [
    panel,
    records,
    deps.accounts.onDidChange(() => panel.environmentMaybeChanged()),
    vscode.workspace.registerTextDocumentContentProvider(TRANSACTION_JSON_SCHEME, new TransactionJsonProvider(deps.accounts, records)),
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      deserializeWebviewPanel: (restored, state: unknown) => panel.restore(restored, state),
    }),
    runner.register('walletConsole.showTransaction', vscode.l10n.t('Show Transaction'), (argument) =>
      showTransaction(deps, panel, argument),
    ),
    runner.register('walletConsole.verifyBankAccount', vscode.l10n.t('Verify Bank Account'), () => verifyBankAccountInPanel(deps, panel)),
    runner.register('walletConsole.verifyBankAccountQuick', vscode.l10n.t('Verify Bank Account'), () =>
      verifyBankAccountQuick(deps, banks, verifier),
    ),
    runner.register('walletConsole.openTransactionJson', vscode.l10n.t('Open Transaction as JSON'), (argument) =>
      openTransactionJson(deps, panel, records, argument),
    ),
  ];

  if (recorder) {
    const handle = webviewTestHandle(panel, recorder);
    disposables.push(vscode.commands.registerCommand(WEBVIEW_TEST_COMMAND, () => handle));
  }
  return disposables;
}
