import * as vscode from 'vscode';
import { validateMobile } from '../../api';
import { recipientWords } from '../../money/recipient';
import { inputCheck } from '../../common/validators';
import { phonePlaceholder, samplePhoneRecipient } from '../sandboxSamples';
import { askAmount } from './amountPrompt';
import { confirmSend } from './confirmSend';
import type { MoneyDeps } from './moneyDeps';
import { sendOrder } from './sendOrder';

/**
 * Send to Phone: the recipient's mobile (checked with the server before anything else is
 * asked: a number that is no wallet keeps the box open with why), the amount, one
 * confirmation, then the transfer.
 */
export async function sendToPhone(deps: MoneyDeps): Promise<void> {
  // Refused first in production (with the way to allow it), before anything is asked.
  deps.money.requireAllowed();
  await deps.accounts.walletContext();
  const title = vscode.l10n.t('Send to Phone');
  const typed = await deps.ui().ask({
    title: vscode.l10n.t('Send to Phone (1/2)'),
    prompt: vscode.l10n.t("The recipient's wallet mobile; it is checked before the amount"),
    placeholder: phonePlaceholder(deps.accounts),
    validate: inputCheck(validateMobile),
    onAccept: async (value) => {
      const problem = await deps.money.phoneRecipientProblem(validMobile(value));
      if (problem === undefined) return undefined;
      const sample = samplePhoneRecipient(deps.accounts);
      const reason = vscode.l10n.t('{0} cannot receive it: {1}.', value.trim(), problem.replace(/[.!]+$/, ''));
      return sample ? vscode.l10n.t('{0} In the sandbox, try {1}.', reason, sample) : reason;
    },
  });
  const mobile = validMobile(typed);
  const recipient = recipientWords({ kind: 'phone', mobile });
  const { kobo, after } = await askAmount(deps, vscode.l10n.t('Send to Phone (2/2)'), vscode.l10n.t('To {0}.', recipient));
  await confirmSend(deps, { title, kind: 'phone', kobo, recipient, after });
  await sendOrder(deps, { kind: 'phone', mobile, amount: kobo }, recipient);
}

function validMobile(typed: string): string {
  const mobile = validateMobile(typed);
  // The box refuses an invalid mobile as it is typed; only a scripted answer gets here with one.
  if (!mobile.ok) throw new Error(mobile.message);
  return mobile.value;
}
