import * as vscode from 'vscode';
import { formatNaira, validateTransactionRef, type TransferStatus } from '../../api';
import { isRecord } from '../../common/isRecord';
import { inputCheck } from '../../common/validators';
import type { LostOrder } from '../../money/orders';
import { transferState } from '../../money/transferStatus';
import { withProgress } from '../../commandDeps/commandDeps';
import type { MoneyDeps } from './moneyDeps';

const TYPE_REFERENCE = '\u0000type';

function isLostOrder(argument: unknown): argument is LostOrder {
  return isRecord(argument) && isRecord(argument.order) && typeof argument.sentAt === 'number';
}

/** A reference passed by a transaction row or typed in the palette. */
function referenceOf(argument: unknown): string | undefined {
  if (typeof argument === 'string') return argument;
  return isRecord(argument) && typeof argument.reference === 'string' ? argument.reference : undefined;
}

/**
 * Requery Transfer: asks the server for a bank transfer's status (from a transaction row, the
 * palette, or an "outcome unknown" notice, where it looks for the lost send in the history).
 */
export async function requeryTransfer(deps: MoneyDeps, argument?: unknown): Promise<void> {
  await deps.accounts.walletContext();
  if (isLostOrder(argument)) return requeryLost(deps, argument);
  const reference = referenceOf(argument) ?? (await pickReference(deps));
  const status = await withProgress(vscode.l10n.t('Requerying {0}…', reference), () => deps.money.requery(reference));
  await deps.model.refreshAfterTransfer();
  void deps.ui().confirm(vscode.l10n.t('Bank transfer {0}: {1}.', reference, statusWords(status)), { level: 'info' });
}

function statusWords(status: TransferStatus): string {
  switch (transferState(status.statusCode)) {
    case 'pending':
      return vscode.l10n.t('still pending ({0})', status.statusCode);
    case 'success':
      return vscode.l10n.t('succeeded ({0})', status.statusCode);
    case 'failed':
      return vscode.l10n.t('failed ({0}); the money came back to the wallet', status.statusCode);
    default:
      return `${status.statusMessage} (${status.statusCode})`;
  }
}

/** The bank transfers on the first page (pending first), or a typed reference. */
async function pickReference(deps: MoneyDeps): Promise<string> {
  await deps.model.loadTransactions();
  const banks = (deps.model.transactions.value?.items ?? []).filter((transaction) => transaction.type === 'bank');
  const pending = (statusCode: string | undefined) => (transferState(statusCode) === 'pending' ? 0 : 1);
  const items = [...banks]
    .sort((a, b) => pending(a.statusCode) - pending(b.statusCode))
    .map((transaction) => ({
      label: `${formatNaira(transaction.amount)} ${transaction.recipient.accountName ?? ''}`.trim(),
      description: [transferState(transaction.statusCode) === 'pending' ? vscode.l10n.t('pending') : undefined, transaction.reference]
        .filter(Boolean)
        .join(' · '),
      value: transaction.reference,
    }));
  const chosen = await deps.ui().pick([...items, { label: vscode.l10n.t('Type a reference…'), value: TYPE_REFERENCE }], {
    title: vscode.l10n.t('Requery Transfer'),
    placeholder: vscode.l10n.t('A bank transfer of this wallet'),
  });
  if (chosen !== TYPE_REFERENCE) return chosen;
  return deps.ui().ask({
    title: vscode.l10n.t('Requery Transfer'),
    prompt: vscode.l10n.t("The bank transfer's reference"),
    validate: inputCheck(validateTransactionRef),
  });
}

/** After "outcome unknown": is the send in the history? If it is a bank transfer, what is its status? */
async function requeryLost(deps: MoneyDeps, lost: LostOrder): Promise<void> {
  const amount = formatNaira(lost.order.amount);
  const found = await withProgress(vscode.l10n.t('Looking for the {0} send in the history…', amount), () => deps.money.findLost(lost));
  await deps.model.refreshAfterTransfer();
  if (!found) {
    void deps
      .ui()
      .confirm(
        [
          vscode.l10n.t('No send of {0} is in the wallet’s history yet, so as far as the server shows, the money has not moved.', amount),
          vscode.l10n.t('Requery again in a minute before sending it again.'),
        ].join(' '),
        { level: 'warning' },
      );
    return;
  }
  if (lost.order.kind !== 'bank') {
    void deps.ui().confirm(vscode.l10n.t('The send of {0} went through: reference {1}.', amount, found.reference), { level: 'info' });
    return;
  }
  const status = await deps.money.requery(found.reference);
  if (transferState(status.statusCode) === 'pending')
    deps.money.watch({ env: deps.accounts.env(), mobile: lost.mobile, reference: found.reference });
  void deps
    .ui()
    .confirm(vscode.l10n.t('The bank transfer of {0} went through: reference {1}, {2}.', amount, found.reference, statusWords(status)), {
      level: 'info',
    });
}
