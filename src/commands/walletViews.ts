import * as vscode from 'vscode';
import { formatNaira, TRANSACTION_TYPES, type TransactionType } from '../api';
import { UserFacingError } from '../common/userFacingError';
import type { WalletModel } from '../views/walletModel';
import type { WalletNode, WalletTreeProvider } from '../views/walletTree';
import { counterparty, typeLabel } from '../views/transactionFormat';
import { formatDateTime } from '../common/formatTime';
import { referenceArgument } from './showTransaction';
import type { CommandDeps } from '../commandDeps/commandDeps';

/**
 * Refreshes exactly what a node shows (with no node, everything loaded). A failure shows where
 * the data would (the tree's warning, Retry and "last loaded" rows, the status bar), never as a
 * notification: one would stay on screen after the next refresh had fixed it.
 */
export async function refresh(model: WalletModel, node?: unknown): Promise<void> {
  if (!model.connected) return;
  const kind = (node as WalletNode | undefined)?.kind;
  if (kind === 'balance') await model.loadBalance(true);
  else if (kind === 'accounts') await model.loadAccounts(true);
  else if (kind === 'transactions') await model.loadTransactions(true);
  else await model.refreshAll();
}

export async function filterTransactions(deps: CommandDeps, model: WalletModel, type?: unknown): Promise<void> {
  const chosen =
    type === 'all' || TRANSACTION_TYPES.includes(type as TransactionType)
      ? (type as TransactionType | 'all')
      : await deps.ui().pick<TransactionType | 'all'>(
          [
            { label: vscode.l10n.t('All types'), value: 'all' as const, picked: model.filter === undefined },
            ...TRANSACTION_TYPES.map((candidate) => ({
              label: typeLabel(candidate),
              description: candidate,
              value: candidate,
              picked: model.filter === candidate,
            })),
          ],
          { title: vscode.l10n.t('Filter Transactions'), placeholder: vscode.l10n.t('Show only transactions of this type') },
        );
  await model.setFilter(chosen === 'all' ? undefined : chosen);
}

/** Copies a row's reference; from the palette (no row), the user picks one of the loaded transactions. */
export async function copyReference(deps: CommandDeps, model: WalletModel, node?: unknown): Promise<void> {
  const reference = referenceArgument(node) ?? (await pickLoadedTransaction(deps, model, vscode.l10n.t('Copy Reference')));
  await vscode.env.clipboard.writeText(reference);
  deps.logger.info(`Copied transaction reference ${reference}.`);
}

async function pickLoadedTransaction(deps: CommandDeps, model: WalletModel, title: string): Promise<string> {
  await deps.accounts.walletContext(); // fails early, with a Connect Wallet button
  if (!model.transactions.value) await model.loadTransactions();
  const items = model.transactions.value?.items ?? [];
  if (items.length === 0) throw new UserFacingError(model.transactions.error ?? vscode.l10n.t('There are no transactions to choose from.'));
  return deps.ui().pick(
    items.map((transaction) => ({
      label: `${formatNaira(transaction.amount)} ${typeLabel(transaction.type)}`,
      description: [formatDateTime(transaction.createdAt, undefined, 'minutes'), counterparty(transaction)].filter(Boolean).join(' · '),
      detail: transaction.reference,
      value: transaction.reference,
    })),
    { title, placeholder: vscode.l10n.t('Choose a transaction (type to search amount, type, recipient or reference)') },
  );
}

/** Appends the next page and moves the keyboard focus to its first row, so ↓ continues there. */
export async function loadMoreTransactions(model: WalletModel, tree: WalletTreeProvider, view: vscode.TreeView<WalletNode>): Promise<void> {
  const before = model.transactions.value?.items.length ?? 0;
  await model.loadMoreTransactions();
  const first = model.transactions.value?.items[before];
  if (first && before > 0 && view.visible) await view.reveal(tree.transactionNode(first), { focus: true, select: true });
}
