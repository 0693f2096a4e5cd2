import * as vscode from 'vscode';
import { AIRTIME_PROVIDERS, validateMobile } from '../../api';
import { formatBillerName } from '../../common/billerName';
import { inputCheck } from '../../common/validators';
import { recipientWords } from '../../money/recipient';
import { airtimePlaceholder } from '../sandboxSamples';
import { askAmount } from './amountPrompt';
import { confirmSend } from './confirmSend';
import type { MoneyDeps } from './moneyDeps';
import { sendOrder } from './sendOrder';

/** Buy Airtime: the network, the line, the amount, one confirmation, then the purchase. */
export async function buyAirtime(deps: MoneyDeps): Promise<void> {
  // Refused first in production (with the way to allow it), before anything is asked.
  deps.money.requireAllowed();
  await deps.accounts.walletContext();
  const provider = await deps.ui().pick(
    AIRTIME_PROVIDERS.map((code) => ({ label: formatBillerName(code), value: code })),
    { title: vscode.l10n.t('Buy Airtime (1/3)'), placeholder: vscode.l10n.t('The network of the line') },
  );
  const network = formatBillerName(provider);
  const typed = await deps.ui().ask({
    title: vscode.l10n.t('Buy Airtime (2/3)'),
    prompt: vscode.l10n.t('The {0} line to top up', network),
    placeholder: airtimePlaceholder(deps.accounts.env() === 'local', provider, network),
    validate: inputCheck(validateMobile),
  });
  const mobile = validateMobile(typed);
  if (!mobile.ok) throw new Error(mobile.message);
  const recipient = recipientWords({ kind: 'airtime', mobile: mobile.value, provider });
  const { kobo, after } = await askAmount(deps, vscode.l10n.t('Buy Airtime (3/3)'), vscode.l10n.t('For {0}.', recipient));
  await confirmSend(deps, { title: vscode.l10n.t('Buy Airtime'), kind: 'airtime', kobo, recipient, after });
  await sendOrder(deps, { kind: 'airtime', mobile: mobile.value, provider, amount: kobo }, recipient);
}
