// Amounts travel as integer kobo (1/100 naira); people read and type naira.

import type { Validation } from './validation';

/** Shown for an amount that is not a whole number of kobo, so the UI never throws. */
export const UNKNOWN_AMOUNT = '₦—';

/**
 * `526548935` -> `₦5,265,489.35`, `-150` -> `-₦1.50`. Any non-integer or non-finite
 * input gives {@link UNKNOWN_AMOUNT} instead of throwing: a bad amount from the server
 * must not break a whole list.
 */
export function formatNaira(kobo: number): string {
  if (typeof kobo !== 'number' || !Number.isInteger(kobo)) return UNKNOWN_AMOUNT;
  // BigInt keeps every digit of very large values exact.
  const abs = BigInt(Math.abs(kobo));
  const naira = (abs / 100n).toString().replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${kobo < 0 ? '-' : ''}₦${naira}.${rest}`;
}

/** Kobo as a naira number, for charts and sorting; NaN for non-numbers. */
export function koboToNaira(kobo: number): number {
  return typeof kobo === 'number' ? kobo / 100 : NaN;
}

const AMOUNT_HELP = 'Enter an amount in naira, like 1,234.50.';

/**
 * Reads a naira amount as typed (`1,234.50`, `₦1,234.5`, `NGN 1234`, `0.99`) and returns
 * integer kobo. Commas must group thousands correctly; at most 2 decimals. Negative
 * amounts are refused unless `allowNegative` (amounts to send are never negative).
 */
export function parseNairaToKobo(text: string, options: { allowNegative?: boolean } = {}): Validation<number> {
  if (typeof text !== 'string') return { ok: false, message: AMOUNT_HELP };
  let rest = text.trim();
  const negative = rest.startsWith('-');
  if (negative) rest = rest.slice(1).trimStart();
  rest = rest.replace(/^(₦|NGN|N)\s*/i, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{1,2}))?$/.exec(rest);
  const whole = match?.[1];
  const fraction = match?.[2];
  if (!match || (whole === undefined && fraction === undefined)) {
    return { ok: false, message: AMOUNT_HELP };
  }
  if (negative && !options.allowNegative) {
    return { ok: false, message: 'Enter an amount of zero or more.' };
  }
  // Digit strings, not float maths, so 0.29 is exactly 29 kobo.
  const digits = (whole ?? '0').replace(/,/g, '') + (fraction ?? '').padEnd(2, '0');
  const kobo = Number(digits);
  if (!Number.isSafeInteger(kobo)) return { ok: false, message: 'That amount is too large.' };
  return { ok: true, value: negative && kobo !== 0 ? -kobo : kobo };
}
