import * as vscode from 'vscode';
import { UserFacingError } from '../../common/userFacingError';
import { askBankAccount } from '../askBankAccount';
import { withProgress } from '../deps';
import { askAmount } from './amountPrompt';
import { confirmSend } from './confirmSend';
import type { MoneyDeps } from './moneyDeps';
import { sendOrder } from './sendOrder';

/**
 * Send to Bank: the bank from the list, the account number, a verification that resolves the
 * account's name (shown from then on), the amount, one confirmation, then the transfer.
 */
export async function sendToBank(deps: MoneyDeps): Promise<void> {
  // Refused first in production (with the way to allow it), before anything is asked.
  deps.money.requireAllowed();
  await deps.accounts.walletContext();
  const { bankCode, bankName, accountNumber } = await askBankAccount(deps, deps.banks, {
    bankTitle: vscode.l10n.t('Send to Bank (1/3)'),
    numberTitle: vscode.l10n.t('Send to Bank (2/3)'),
    numberPrompt: (bank) => vscode.l10n.t('Account number at {0} (10-digit NUBAN); it is verified before anything is sent', bank),
  });
  // In full: the user just typed it and is about to send to it (common/masking.ts).
  const outcome = await withProgress(vscode.l10n.t('Verifying {0} at {1}…', accountNumber, bankName), () =>
    deps.verifier.verify(bankCode, accountNumber),
  );
  if (!outcome.ok)
    throw new UserFacingError(
      vscode.l10n.t('Account {0} at {1} was not verified: {2} Nothing was sent.', outcome.accountNumber, outcome.bankName, outcome.message),
    );
  const recipient = vscode.l10n.t('{0}, {1} at {2}', outcome.accountName, outcome.accountNumber, outcome.bankName);
  const { kobo, after } = await askAmount(deps, vscode.l10n.t('Send to Bank (3/3)'), vscode.l10n.t('To {0}.', recipient));
  await confirmSend(deps, { title: vscode.l10n.t('Send to Bank'), kobo, recipient, after });
  await sendOrder(
    deps,
    {
      kind: 'bank',
      bankCode,
      bankName: outcome.bankName,
      accountNumber: outcome.accountNumber,
      accountName: outcome.accountName,
      amount: kobo,
    },
    recipient,
  );
}
