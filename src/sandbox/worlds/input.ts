import * as v from 'valibot';
import { ApiError, ErrorCode, userNotFound } from '../vocabulary/errors';
import { toIso } from '../domain/addedTransaction';
import { walletMobile, wholeNumber, type Range } from '../domain/inputs';
import type { Wallet } from '../domain/wallet';
import type { SandboxState } from '../domain/state';
import { DEMO_WALLETS } from '../domain/seed/seedWallets';
import { isoDate, TransactionRecipient } from '../scenario/format';
import { depthOver, MAX_OBJECT_DEPTH } from './objectDepth';
import { documentedAs, type RawInput } from './operation';

// The pieces the world operations' input schemas are made of (worlds/operations.ts), beside the
// input concepts of domain/inputs.ts: each is written once and serves Node and HTTP alike, so
// both accept and refuse the same values with the same error, and openapi.json says the same.
// Every message completes "<field> …": a refusal is a 400 (10000) naming the field.

export type { RawInput };

/** How big, as JSON, an object in an admin payload may be. */
export const MAX_OBJECT_BYTES = 16 * 1024;

/** The mobile of a wallet operation: any form a scenario takes (domain/inputs.ts), kept as 234…. */
export const mobileField = v.pipe(
  walletMobile,
  v.description(
    "The wallet's mobile in any form a scenario takes: 2348031234567, 08031234567 or +2348031234567 (answers name it as 234…).",
  ),
);

/** The wallet of that mobile (as mobileField keeps it); a 404 (10003) that says which wallets exist when none has it. */
export function walletInput(state: SandboxState, mobile: string): Wallet {
  const wallet = state.wallets.wallet(mobile);
  if (!wallet) {
    throw new ApiError(
      404,
      ErrorCode.userNotFound,
      `${userNotFound().message}: No sandbox wallet has mobile ${mobile}. ` +
        `Use a developer's sandboxMobile or a demo wallet (${DEMO_WALLETS.map((w) => w.mobile).join(', ')}).`,
    );
  }
  return wallet;
}

/**
 * A whole number in the range, or its digits: a query parameter is a string, so a Node caller
 * passing "5" gets what an HTTP caller gets.
 */
export function countField([min, max]: Range, unit?: string) {
  const text = `must be a whole number from ${min} to ${max}${unit ? ` (${unit})` : ''}`;
  const digits = v.pipe(v.string(text), v.regex(/^\d{1,16}$/, text), v.transform(Number));
  return v.pipe(v.union([v.number(text), digits], text), wholeNumber([min, max], unit));
}

/** A string of at most `max` characters. */
export function textField(max: number) {
  const text = `must be a string of at most ${max} characters`;
  return v.pipe(v.string(text), v.maxLength(max, text));
}

/** An id in a path (a fault's, an event's): what was given, cut to 200 characters. */
export const idField = v.pipe(
  v.string('is required'),
  v.minLength(1, 'is required'),
  v.transform((id) => id.slice(0, 200)),
);

const TIMESTAMP = 'must be an ISO 8601 date from year 0000 to 9999, such as "2026-01-05T09:00:00Z"';

/**
 * A timestamp the scenario export writes back as it is: any date Date.parse reads, kept in ISO
 * 8601 and checked against the scenario format's date (so year 275760, which toIso can still
 * print, is refused).
 */
export const timestampField = v.pipe(
  v.string(TIMESTAMP),
  v.transform((given) => {
    try {
      return toIso(given, '');
    } catch {
      return '';
    }
  }),
  v.check((iso) => v.is(isoDate, iso), TIMESTAMP),
  documentedAs({ type: 'string', format: 'date-time' }),
);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Its JSON's length in bytes; Infinity for a value JSON cannot write (a BigInt from Node): refused, never a 500. */
function jsonBytes(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value));
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** A plain object at most MAX_OBJECT_DEPTH deep and MAX_OBJECT_BYTES as JSON: walked with a stack, never recursively. */
const boundedObject = v.pipe(
  v.custom<Record<string, unknown>>(isPlainObject, 'must be an object'),
  v.check((value) => !depthOver(value, MAX_OBJECT_DEPTH), `nests deeper than ${MAX_OBJECT_DEPTH} levels`),
  v.check((value) => jsonBytes(value) <= MAX_OBJECT_BYTES, `must be JSON of at most ${MAX_OBJECT_BYTES} bytes`),
);

/** Whom or what a transaction was for, in a shape a scenario holds (so Save Sandbox as Scenario writes it). */
export const recipientField = v.pipe(boundedObject, TransactionRecipient);
