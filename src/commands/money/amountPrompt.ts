import * as vscode from 'vscode';
import { amountPrompt, checkAmount } from '../../money/amountCheck';
import type { MoneyDeps } from './moneyDeps';

/** The wallet's balance now (fetched unless fresh), or undefined when it cannot be had. */
async function currentBalance(deps: MoneyDeps): Promise<number | undefined> {
  await deps.model.loadBalance();
  return deps.model.balance.error ? undefined : deps.model.balance.value?.balance;
}

/** Asks for an amount in naira, checked as typed, the prompt showing the balance after it. Returns kobo. */
export async function askAmount(deps: MoneyDeps, title: string, what: string): Promise<{ kobo: number; after: number | undefined }> {
  const balance = await currentBalance(deps);
  const typed = await deps.ui().ask({
    title,
    prompt: `${what} ${amountPrompt('', balance)}`,
    placeholder: vscode.l10n.t('Amount in naira, like 1,500 or 1500.50'),
    validate: (value) => {
      const check = checkAmount(value, balance);
      return check.ok ? undefined : check.message;
    },
    describe: (value) => `${what} ${amountPrompt(value, balance)}`,
  });
  const check = checkAmount(typed, balance);
  // The box validated it already; a stand-in that skipped validation still cannot send a bad amount.
  if (!check.ok) throw new Error(check.message);
  return { kobo: check.kobo, after: check.after };
}
