import * as vscode from 'vscode';
import type { VerificationOutcome } from '../../banks/bankVerifier';
import { UserFacingError } from '../../common/userFacingError';
import { recipientWords } from '../../money/recipient';
import { askBankAccount } from '../askBankAccount';
import { SANDBOX_ACCOUNT } from '../sandboxSamples';
import { askAmount } from './amountPrompt';
import { confirmSend } from './confirmSend';
import type { MoneyDeps } from './moneyDeps';
import { sendOrder } from './sendOrder';

/**
 * Send to Bank: the bank from the list, the account number, a verification that resolves the
 * account's name (shown from then on), the amount, one confirmation, then the transfer. An
 * account that does not verify keeps the number box open with the reason, to be corrected.
 */
export async function sendToBank(deps: MoneyDeps): Promise<void> {
  // Refused first in production (with the way to allow it), before anything is asked.
  deps.money.requireAllowed();
  await deps.accounts.walletContext();
  const local = deps.accounts.env() === 'local';
  let verified: Extract<VerificationOutcome, { ok: true }> | undefined;
  const { bankCode } = await askBankAccount(deps, deps.banks, {
    bankTitle: vscode.l10n.t('Send to Bank (1/3)'),
    numberTitle: vscode.l10n.t('Send to Bank (2/3)'),
    numberPrompt: (bank) => vscode.l10n.t('Account number at {0} (10-digit NUBAN); it is verified before anything is sent.', bank),
    check: async (account) => {
      // In full: the user just typed it and is about to send to it (masking/masking.ts).
      const outcome = await deps.verifier.verify(account.bankCode, account.accountNumber);
      if (outcome.ok) {
        verified = outcome;
        return undefined;
      }
      const reason = vscode.l10n.t('{0} at {1} was not verified: {2}', outcome.accountNumber, outcome.bankName, outcome.message);
      return local ? vscode.l10n.t('{0} In the sandbox, {1} always verifies.', reason, SANDBOX_ACCOUNT) : reason;
    },
  });
  // The box closes only on a verified account; a stand-in that skipped the check cannot send unverified.
  if (!verified) throw new UserFacingError(vscode.l10n.t('The account was not verified. Nothing was sent.'));
  const recipient = recipientWords({ kind: 'bank', ...verified });
  const { kobo, after } = await askAmount(deps, vscode.l10n.t('Send to Bank (3/3)'), vscode.l10n.t('To {0}.', recipient));
  await confirmSend(deps, { title: vscode.l10n.t('Send to Bank'), kind: 'bank', kobo, recipient, after });
  await sendOrder(
    deps,
    {
      kind: 'bank',
      bankCode,
      bankName: verified.bankName,
      accountNumber: verified.accountNumber,
      accountName: verified.accountName,
      amount: kobo,
    },
    recipient,
  );
}
