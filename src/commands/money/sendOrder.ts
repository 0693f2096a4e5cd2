import * as vscode from 'vscode';
import { formatNaira } from '../../api';
import { COMMANDS } from '../../common/commandIds';
import { lostOrderOf, OutcomeUnknownError, type SendResult } from '../../money/moneyService';
import type { MoneyOrder } from '../../money/orders';
import { transferState } from '../../money/transferStatus';
import type { MoneyDeps } from './moneyDeps';

/**
 * Sends a confirmed order, refreshes the balance and the first page of transactions, and says
 * how it went. A lost answer is "outcome unknown" with Requery, never "failed"; other failures
 * (a refusal: nothing moved) go to the command runner's report.
 */
export async function sendOrder(deps: MoneyDeps, order: MoneyOrder, recipient: string): Promise<SendResult | undefined> {
  const amount = formatNaira(order.amount);
  let result: SendResult;
  try {
    result = await deps.money.send(order);
  } catch (error) {
    const lost = lostOrderOf(error);
    if (!lost) throw error;
    await deps.model.refreshAfterTransfer();
    const status = answeredStatus(error);
    // Not awaited: the command is done; the notice may wait in the notification center.
    void offerRequery(
      deps,
      lost,
      status
        ? vscode.l10n.t(
            'Outcome unknown: sending {0} to {1} was answered {2}, an error that may still have moved money. Do not send it again; requery first.',
            amount,
            recipient,
            status,
          )
        : vscode.l10n.t(
            'Outcome unknown: the answer to sending {0} to {1} never arrived, so the money may or may not have moved. Do not send it again; requery first.',
            amount,
            recipient,
          ),
    );
    return undefined;
  }
  await deps.model.refreshAfterTransfer();
  const message =
    result.kind === 'payment'
      ? order.kind === 'airtime'
        ? vscode.l10n.t('Bought {0} of airtime for {1}. Reference {2}.', amount, recipient, result.payment.reference)
        : vscode.l10n.t('Sent {0} to {1}. Reference {2}.', amount, recipient, result.payment.reference)
      : transferState(result.transfer.statusCode) === 'pending'
        ? vscode.l10n.t(
            'Bank transfer of {0} to {1} is pending (reference {2}). The Wallet view shows when it settles.',
            amount,
            recipient,
            result.transfer.transactionReference,
          )
        : vscode.l10n.t(
            'Bank transfer of {0} to {1}: {2} (reference {3}).',
            amount,
            recipient,
            stateWord(result.transfer.statusCode),
            result.transfer.transactionReference,
          );
  // Not awaited: a notice without buttons stays until dismissed, and the command is done.
  void deps.ui().confirm(message, { level: 'info' });
  return result;
}

/** The 5xx a lost send was answered with (undefined: no answer came). */
function answeredStatus(error: unknown): number | undefined {
  return error instanceof OutcomeUnknownError && error.cause.kind === 'http' ? error.cause.status : undefined;
}

function stateWord(statusCode: string): string {
  const state = transferState(statusCode);
  return state === 'success' ? vscode.l10n.t('succeeded') : state === 'failed' ? vscode.l10n.t('failed, the money came back') : statusCode;
}

async function offerRequery(deps: MoneyDeps, lost: unknown, message: string): Promise<void> {
  const requery = vscode.l10n.t('Requery');
  const showLog = vscode.l10n.t('Show Log');
  const choice = await deps.ui().confirm(message, { level: 'warning' }, requery, showLog);
  if (choice === requery) await vscode.commands.executeCommand(COMMANDS.requeryTransfer, lost);
  if (choice === showLog) deps.logger.show();
}
