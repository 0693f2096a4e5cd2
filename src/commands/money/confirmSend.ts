import * as vscode from 'vscode';
import { formatNaira } from '../../api';
import { ENVIRONMENTS } from '../../auth/environments';
import { formatMobileForPeople } from '../../common/formatMobile';
import { sameAmount } from '../../money/amountCheck';
import { moneyWords, type Recipient } from '../../money/recipient';
import { UserCancelledError } from '../../common/userInput';
import type { MoneyDeps } from './moneyDeps';

export interface SendSummary {
  /** "Send to Phone", as in the palette. */
  title: string;
  /** What moves: a transfer, or an airtime purchase (its question and button say "buy"). */
  kind: Recipient['kind'];
  kobo: number;
  /** Who gets it, in money/recipient.ts's words: "0909 000 0000", "ADA OBI, 1000000001 at ACCESS BANK". */
  recipient: string;
  after: number | undefined;
}

/**
 * The one confirmation every money command ends in: a modal stating amount, recipient and
 * environment, its first (default) button the safe one. In production the amount is then typed
 * again. Throws UserCancelledError unless the user confirmed.
 */
export async function confirmSend(deps: MoneyDeps, summary: SendSummary): Promise<void> {
  const env = deps.accounts.env();
  const policy = deps.money.requireAllowed(env);
  const amount = formatNaira(summary.kobo);
  const wallet = formatMobileForPeople(deps.accounts.activeWallet(env)?.mobile ?? '');
  const words = moneyWords(summary.kind, amount, summary.recipient);
  // VS Code makes a modal's first button its default (Enter) and adds its own Cancel (Escape).
  // Marking ours the close affordance instead would drop that Cancel but make the send the
  // default: so the safe answer stays an ordinary first button, and Cancel stays beside it.
  const dontSend = vscode.l10n.t("Don't Send");
  const detail = [
    vscode.l10n.t('From wallet {0} in {1}.', wallet, ENVIRONMENTS[env].label),
    summary.after === undefined ? undefined : vscode.l10n.t('Balance after: {0}.', formatNaira(summary.after)),
    ENVIRONMENTS[env].live
      ? vscode.l10n.t('This is real money and cannot be undone. You will type the amount again.')
      : vscode.l10n.t('Money moves at once and cannot be undone.'),
  ]
    .filter(Boolean)
    .join('\n');
  const answer = await deps
    .ui()
    .confirm(
      vscode.l10n.t('{0}: {1} in {2}?', summary.title, words.action, ENVIRONMENTS[env].label),
      { modal: true, level: 'warning', detail },
      dontSend,
      words.button,
    );
  if (answer !== words.button) throw new UserCancelledError();
  if (!policy.retypeAmount) return;
  await deps.ui().ask({
    title: vscode.l10n.t('{0} in {1}: type the amount again', summary.title, ENVIRONMENTS[env].label),
    prompt: vscode.l10n.t('Type {0} again to {1}. Escape cancels.', amount, words.again),
    placeholder: amount,
    validate: (value) => (sameAmount(value, summary.kobo) ? undefined : vscode.l10n.t('Type the same amount: {0}.', amount)),
  });
}
