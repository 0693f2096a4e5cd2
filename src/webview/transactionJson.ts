import * as vscode from 'vscode';
import { validateTransactionRef, type Transaction } from '../api';
import type { AccountService } from '../auth/accountService';
import { ENVIRONMENT_IDS, type EnvironmentId } from '../auth/environments';
import { Disposable } from '../common/lifecycle';
import { UserFacingError } from '../common/userFacingError';

/** Documents under this scheme are read-only: VS Code offers no save for a content provider. */
export const TRANSACTION_JSON_SCHEME = 'wallet-console-record';

/** How many fetched records are kept for Copy JSON / Open as JSON. */
const RECORD_LIMIT = 50;

/** `wallet-console-record:/local/transaction-<reference>.json`: the .json name gives JSON highlighting. */
export function transactionJsonUri(env: EnvironmentId, reference: string): vscode.Uri {
  return vscode.Uri.from({ scheme: TRANSACTION_JSON_SCHEME, path: `/${env}/transaction-${reference}.json` });
}

function parseUri(uri: vscode.Uri): { env: EnvironmentId; reference: string } | undefined {
  const match = /^\/([a-z]+)\/transaction-(.+)\.json$/.exec(uri.path);
  const env = match?.[1] as EnvironmentId | undefined;
  const reference = match?.[2];
  if (!env || !ENVIRONMENT_IDS.includes(env) || !reference || !validateTransactionRef(reference).ok) return undefined;
  return { env, reference };
}

/** The raw records the panel fetched, newest kept, per environment and reference. */
export class TransactionRecords extends Disposable {
  private readonly records = new Map<string, Transaction>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  remember(env: EnvironmentId, transaction: Transaction): void {
    const key = `${env}/${transaction.reference}`;
    this.records.delete(key);
    this.records.set(key, transaction);
    while (this.records.size > RECORD_LIMIT) this.records.delete(this.records.keys().next().value as string);
    this.changed.fire(transactionJsonUri(env, transaction.reference));
  }

  get(env: EnvironmentId, reference: string): Transaction | undefined {
    return this.records.get(`${env}/${reference}`);
  }
}

export function recordJson(transaction: Transaction): string {
  return `${JSON.stringify(transaction, null, 2)}\n`;
}

/** Serves the read-only JSON documents: from the records the panel loaded, else fetched. */
export class TransactionJsonProvider implements vscode.TextDocumentContentProvider {
  readonly onDidChange: vscode.Event<vscode.Uri>;

  constructor(
    private readonly accounts: AccountService,
    private readonly records: TransactionRecords,
  ) {
    this.onDidChange = records.onDidChange;
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const target = parseUri(uri);
    if (!target) return `// ${vscode.l10n.t('Not a transaction record address.')}\n`;
    const known = this.records.get(target.env, target.reference);
    if (known) return recordJson(known);
    if (target.env !== this.accounts.env()) {
      const elsewhere = vscode.l10n.t(
        'Transaction {0} belongs to the {1} environment; switch to it and open the transaction again.',
        target.reference,
        target.env,
      );
      return `// ${elsewhere}\n`;
    }
    const transaction = await this.accounts.withWallet((client, credentials) => client.getTransaction(credentials, target.reference));
    this.records.remember(target.env, transaction);
    return recordJson(transaction);
  }
}

/** Fetches the record when needed (so errors surface in the command), then opens it read-only. */
export async function openTransactionJson(
  accounts: AccountService,
  records: TransactionRecords,
  reference: string,
): Promise<vscode.TextEditor> {
  const checked = validateTransactionRef(reference);
  if (!checked.ok) throw new UserFacingError(checked.message);
  const env = accounts.env();
  if (!records.get(env, checked.value)) {
    records.remember(env, await accounts.withWallet((client, credentials) => client.getTransaction(credentials, checked.value)));
  }
  let document = await vscode.workspace.openTextDocument(transactionJsonUri(env, checked.value));
  if (document.languageId !== 'json') document = await vscode.languages.setTextDocumentLanguage(document, 'json');
  return vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
}
