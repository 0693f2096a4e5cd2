// What the amount box says as the user types: the kobo it reads, and the balance after.
// Plain data: no vscode (unit-tested); words go through @vscode/l10n.

import * as l10n from '@vscode/l10n';
import { formatNaira, parseNairaToKobo } from '../api';

export type AmountCheck = { ok: true; kobo: number; after: number | undefined } | { ok: false; message: string };

/**
 * Reads a naira amount to send (`1,500`, `1500.50`, `₦1,500`). Zero and amounts above a known
 * balance are refused here, before any request: the server would refuse them anyway.
 */
export function checkAmount(text: string, balanceKobo: number | undefined): AmountCheck {
  const parsed = parseNairaToKobo(text);
  if (!parsed.ok) return parsed;
  if (parsed.value <= 0) return { ok: false, message: l10n.t('Enter an amount greater than ₦0.00.') };
  if (balanceKobo === undefined) return { ok: true, kobo: parsed.value, after: undefined };
  const after = balanceKobo - parsed.value;
  if (after < 0) return { ok: false, message: l10n.t('That is more than the balance of {0}.', formatNaira(balanceKobo)) };
  return { ok: true, kobo: parsed.value, after };
}

/** The prompt under the amount box: the balance now, or after the amount typed so far. */
export function amountPrompt(text: string, balanceKobo: number | undefined): string {
  if (balanceKobo === undefined) return l10n.t('Amount in naira, like 1,500 or 1500.50.');
  const check = checkAmount(text, balanceKobo);
  return check.ok && check.after !== undefined
    ? l10n.t('Balance after: {0} (now {1}).', formatNaira(check.after), formatNaira(balanceKobo))
    : l10n.t('Balance: {0}. Amount in naira, like 1,500 or 1500.50.', formatNaira(balanceKobo));
}

/** Whether a retyped amount (production's second confirmation) is the same number of kobo. */
export function sameAmount(text: string, kobo: number): boolean {
  const parsed = parseNairaToKobo(text);
  return parsed.ok && parsed.value === kobo;
}
