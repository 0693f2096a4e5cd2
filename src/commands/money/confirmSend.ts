import * as vscode from 'vscode';
import { formatNaira } from '../../api';
import { ENVIRONMENTS } from '../../auth/environments';
import { sameAmount } from '../../money/amountCheck';
import { UserCancelledError } from '../../common/userInput';
import type { MoneyDeps } from './moneyDeps';

export interface SendSummary {
  /** "Send to Phone", as in the palette. */
  title: string;
  kobo: number;
  /** Who gets it, as people read it: "0803 123 4567", "ADA OBI, 2079151995 at Access Bank". */
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
  const wallet = deps.accounts.activeWallet(env)?.mobile ?? '';
  const send = vscode.l10n.t('Send {0}', amount);
  // A modal's first button is its default (Enter): make that the safe choice.
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
      vscode.l10n.t('{0}: send {1} to {2} in {3}?', summary.title, amount, summary.recipient, ENVIRONMENTS[env].label),
      { modal: true, level: 'warning', detail },
      dontSend,
      send,
    );
  if (answer !== send) throw new UserCancelledError();
  if (!policy.retypeAmount) return;
  await deps.ui().ask({
    title: vscode.l10n.t('{0} in {1}: type the amount again', summary.title, ENVIRONMENTS[env].label),
    prompt: vscode.l10n.t('Type {0} again to send it to {1}. Escape cancels.', amount, summary.recipient),
    placeholder: amount,
    validate: (value) => (sameAmount(value, summary.kobo) ? undefined : vscode.l10n.t('Type the same amount: {0}.', amount)),
  });
}
