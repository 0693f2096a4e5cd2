// Input checks shared by the UI (input-box validateInput) and the client.
// Every function is pure and never throws: it answers ok with a normalised
// value, or not ok with a message a person can act on.

import { TRANSACTION_TYPES, type TransactionType } from './schemas';

export type Validation<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Validation<T> => ({ ok: true, value });
const fail = <T>(message: string): Validation<T> => ({ ok: false, message });

const MOBILE_EXAMPLE = 'like 0803 123 4567 or +234 803 123 4567';
const MOBILE_HELP = `Enter a Nigerian mobile number ${MOBILE_EXAMPLE}.`;

// Separators people type inside phone numbers and account numbers.
const SEPARATORS = /[\s\-.()]/g;

/**
 * Normalises a Nigerian mobile number to `234` + 10 digits.
 *
 * Accepted: `0803 123 4567`, `08031234567`, `+234 803 123 4567`, `234 803-123-4567`,
 * `2348031234567`, and `+234 (0) 803 123 4567` (the trunk 0 after 234 is dropped).
 * Spaces, dashes, dots and brackets are ignored. Only ASCII digits count: other
 * scripts' digits are rejected rather than guessed at.
 *
 * The first digit after 234 must be 7, 8 or 9 (all Nigerian mobile ranges: 070x, 080x,
 * 081x, 090x, 091x). The second digit is not checked: new ranges keep being issued and
 * the server is the judge of whether a wallet exists.
 */
export function validateMobile(input: string): Validation<string> {
  if (typeof input !== 'string' || input.trim() === '') {
    return fail(MOBILE_HELP);
  }
  const compact = input.replace(SEPARATORS, '');
  if (!/^\+?[0-9]+$/.test(compact)) {
    return fail(`Use digits only (spaces and dashes are fine), ${MOBILE_EXAMPLE}.`);
  }
  const international = compact.startsWith('+');
  const digits = international ? compact.slice(1) : compact;
  if (international && !digits.startsWith('234')) {
    return fail(`Only Nigerian numbers (+234) are supported, ${MOBILE_EXAMPLE}.`);
  }
  let national: string;
  if (digits.startsWith('2340') && digits.length === 14) {
    national = digits.slice(4);
  } else if (digits.startsWith('234') && digits.length === 13) {
    national = digits.slice(3);
  } else if (!international && digits.startsWith('0') && digits.length === 11) {
    national = digits.slice(1);
  } else {
    return fail(`That is not a Nigerian mobile number: use 11 digits starting with 0, ${MOBILE_EXAMPLE}.`);
  }
  if (!/^[789]/.test(national)) {
    return fail(`A Nigerian mobile number starts with 07, 08 or 09, ${MOBILE_EXAMPLE}.`);
  }
  return ok(`234${national}`);
}

/** A NUBAN is 10 digits in practice; the contract says 11, so both are accepted. */
export function validateAccountNumber(input: string): Validation<string> {
  const help = 'Enter the 10-digit NUBAN account number, like 2079151995.';
  if (typeof input !== 'string') return fail(help);
  const digits = input.replace(SEPARATORS, '');
  return /^[0-9]{10,11}$/.test(digits) ? ok(digits) : fail(help);
}

export function validateBankCode(input: string): Validation<string> {
  const code = typeof input === 'string' ? input.trim() : '';
  return /^[0-9]{6}$/.test(code) ? ok(code) : fail('A bank code has 6 digits, like 000014; pick the bank from the list.');
}

export function validatePasscode(input: string): Validation<string> {
  const code = typeof input === 'string' ? input.replace(/\s/g, '') : '';
  return /^[0-9]{6}$/.test(code) ? ok(code) : fail('Enter the 6-digit passcode sent by SMS.');
}

export function validateEmail(input: string): Validation<string> {
  const email = typeof input === 'string' ? input.trim() : '';
  // Deliberately loose: the server decides; this only catches slips.
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)
    ? ok(email)
    : fail('Enter an e-mail address, like ada@example.com.');
}

/**
 * A new password (sign-up) needs at least 8 characters; logging in only needs one that
 * is not empty, since the account may predate this rule. The value is never trimmed.
 */
export function validatePassword(input: string, purpose: 'sign-up' | 'log-in' = 'sign-up'): Validation<string> {
  if (typeof input !== 'string' || input.length === 0) return fail('Enter a password.');
  if (purpose === 'sign-up' && [...input].length < 8) {
    return fail('Use a password of at least 8 characters.');
  }
  return ok(input);
}

/** 1-64 characters after trimming, none of them control characters. */
export function validateAppName(input: string): Validation<string> {
  const name = typeof input === 'string' ? input.trim() : '';
  const length = [...name].length;
  if (length === 0) return fail('Enter a name for the app.');
  if (length > 64) return fail(`Use at most 64 characters for the app name (this one has ${length}).`);
  // Control characters and lone surrogates are invisible or break JSON and logs.
  if (/[\p{Cc}\p{Cs}]/u.test(name)) return fail('Use printable characters only in the app name.');
  return ok(name);
}

export function isTransactionType(input: unknown): input is TransactionType {
  return typeof input === 'string' && (TRANSACTION_TYPES as readonly string[]).includes(input);
}

export function validateTransactionType(input: string): Validation<TransactionType> {
  const type = typeof input === 'string' ? input.trim().toLowerCase() : '';
  return isTransactionType(type) ? ok(type) : fail(`Choose a transaction type: ${TRANSACTION_TYPES.join(', ')}.`);
}

/**
 * References are 24 hex characters in practice; other ids made of letters, digits and
 * `_ - . :` are let through. Slashes, whitespace and dot-only values are refused because
 * they would change the URL path.
 */
export function validateTransactionRef(input: string): Validation<string> {
  const ref = typeof input === 'string' ? input.trim() : '';
  if (ref === '') return fail('Enter a transaction reference, like 5f1a2b3c4d5e6f7a8b9c0d1e.');
  if (ref.length > 128 || !/^[A-Za-z0-9_.:-]+$/.test(ref) || /^\.+$/.test(ref)) {
    return fail('A transaction reference has only letters, digits, dashes and underscores.');
  }
  return ok(ref);
}

/** A transfer amount: a whole number of kobo, at least 1 (₦0.01). */
export function validateAmountKobo(input: number): Validation<number> {
  return typeof input === 'number' && Number.isSafeInteger(input) && input > 0
    ? ok(input)
    : fail('The amount must be a whole number of kobo greater than 0 (10000 kobo is ₦100).');
}

export const AIRTIME_PROVIDERS = ['mtn', 'glo', 'airtel', 'etisalat'] as const;
export type AirtimeProvider = (typeof AIRTIME_PROVIDERS)[number];

export function validateAirtimeProvider(input: string): Validation<AirtimeProvider> {
  const value = typeof input === 'string' ? input.trim().toLowerCase() : '';
  return (AIRTIME_PROVIDERS as readonly string[]).includes(value)
    ? ok(value as AirtimeProvider)
    : fail(`Choose the network: ${AIRTIME_PROVIDERS.join(', ')}.`);
}

/** The account holder's name as the bank has it (compare with what verify returns). */
export function validateAccountName(input: string): Validation<string> {
  const value = typeof input === 'string' ? input.trim().replace(/\s+/g, ' ') : '';
  return value.length > 0 && value.length <= 200 ? ok(value) : fail('Enter the account name (as verifying the account shows it).');
}

/** An http(s) URL for webhooks, or '' to clear it. */
export function validateCallbackUrl(input: string): Validation<string> {
  const value = typeof input === 'string' ? input.trim() : '';
  if (value === '') return ok('');
  const url = URL.canParse(value) ? new URL(value) : undefined;
  return url && (url.protocol === 'http:' || url.protocol === 'https:')
    ? ok(value)
    : fail('Enter an http(s) URL such as http://localhost:3000/webhooks, or leave it empty to clear it.');
}
