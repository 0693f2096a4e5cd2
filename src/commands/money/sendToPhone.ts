import * as vscode from 'vscode';
import { validateMobile } from '../../api';
import { formatMobileForPeople } from '../../common/formatMobile';
import { inputCheck } from '../../common/validators';
import { askAmount } from './amountPrompt';
import { confirmSend } from './confirmSend';
import type { MoneyDeps } from './moneyDeps';
import { sendOrder } from './sendOrder';

/** Send to Phone: the recipient's mobile, the amount, one confirmation, then the transfer. */
export async function sendToPhone(deps: MoneyDeps): Promise<void> {
  // Refused first in production (with the way to allow it), before anything is asked.
  deps.money.requireAllowed();
  await deps.accounts.walletContext();
  const title = vscode.l10n.t('Send to Phone');
  const typed = await deps.ui().ask({
    title: vscode.l10n.t('Send to Phone (1/2)'),
    prompt: vscode.l10n.t("The recipient's wallet mobile"),
    placeholder: vscode.l10n.t('Mobile, like 0803 123 4567'),
    validate: inputCheck(validateMobile),
  });
  const mobile = validateMobile(typed);
  if (!mobile.ok) throw new Error(mobile.message);
  const recipient = formatMobileForPeople(mobile.value);
  const { kobo, after } = await askAmount(deps, vscode.l10n.t('Send to Phone (2/2)'), vscode.l10n.t('To {0}.', recipient));
  await confirmSend(deps, { title, kobo, recipient, after });
  await sendOrder(deps, { kind: 'phone', mobile: mobile.value, amount: kobo }, recipient);
}
