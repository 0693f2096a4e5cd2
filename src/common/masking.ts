// The one masking rule of Wallet Console, applied by every surface that shows account
// numbers or mobiles:
//
// - Secrets (passwords, tokens, app keys, passcodes) are never shown anywhere (redact.ts is
//   the last line of defence for the log and for messages).
// - Account numbers and mobiles are the developer's own test data. They are shown in FULL
//   where the user opens one record on purpose: the transaction panel, Open as JSON, the
//   result of a verification they just asked for, a copy, an export file. Masking there only
//   sends the user to Open as JSON one click away, and stops them copying or verifying.
// - They are MASKED (last four digits) on passive and aggregate surfaces that show many at a
//   glance, may be screen-shared, or are persisted: tree descriptions and tooltips, the
//   status bar, the recent-verifications list, and the log (a log is pasted into bug reports).
//   The wallet view's own wallet rows are the exception: a connected wallet is named by its
//   mobile, and the user picks between them by it.
//
// Why this split: a developer tool must let its user check the exact number a call used,
// but a shared screen or a log file should not list every counterparty it has seen.

import { maskAccountNumber } from '../api/validation';

export { maskAccountNumber };

/** A mobile with its country code and last four digits: `2348031234567` -> `234******4567`. */
export function maskMobile(mobile: string): string {
  if (typeof mobile !== 'string') return '';
  const value = mobile.trim();
  if (value.startsWith('234') && value.length > 7) return `234${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
  return maskAccountNumber(value);
}

// In log text: Nigerian mobiles (234 + 10 digits, or 0 + 10 digits) and 10-digit NUBANs,
// each standing alone (not part of a longer number, an id or a decimal).
const MOBILE_IN_TEXT = /(?<![\w.,])(?:234[789]\d{9}|0[789]\d{9})(?!\w|[.,]\d)/g;
const NUBAN_IN_TEXT = /(?<![\w.,])\d{10}(?!\w|[.,]\d)/g;

/** Masks every mobile and account number in a line meant for the log. */
export function maskNumbersInText(text: string): string {
  return text.replace(MOBILE_IN_TEXT, (mobile) => maskMobile(mobile)).replace(NUBAN_IN_TEXT, (nuban) => maskAccountNumber(nuban));
}
