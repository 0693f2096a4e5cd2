import * as v from 'valibot';
import { ApiError, ErrorCode, invalid, userNotFound } from '../vocabulary/errors';
import { toIso } from '../domain/addedTransaction';
import { kobo } from '../domain/inputs';
import type { Wallet } from '../domain/wallet';
import type { SandboxState } from '../domain/state';
import { DEMO_WALLETS } from '../domain/seed/seedWallets';
import { isoDate } from '../scenario/format';
import { normaliseMobile } from '../scenario/parse';
import { depthOver, MAX_OBJECT_DEPTH, tooDeep } from './objectDepth';

// The checks of the world operations' input (worlds/operations.ts): each is written once and
// serves Node and HTTP alike, so both accept and refuse the same values with the same error.
// Every refusal is an ApiError: a 400 (10000) naming the field and the form it must take.

/** An operation's raw input: the call's arguments in Node, the query, path and body over HTTP. */
export type RawInput = Record<string, unknown>;

/** How big, as JSON, an object in an admin payload may be. */
export const MAX_OBJECT_BYTES = 16 * 1024;

/**
 * Every form the scenario format accepts ((\+?234|0)[789]…) and every 234… the admin API always
 * took: a wallet is found whichever way its mobile is written.
 */
const MOBILE_FORMS = /^(\+?234|0)\d{10}$/;

/** A mobile in any form the scenario format accepts (0803…, +234803…, 234803…), kept as 234…. */
export function mobileInput(value: unknown, field = 'mobile'): string {
  if (value === undefined || value === null || value === '') throw invalid(`${field} is required`);
  if (typeof value !== 'string' || !MOBILE_FORMS.test(value)) {
    throw invalid(`${field} must be a Nigerian mobile number, such as 2348031234567, 08031234567 or +2348031234567`);
  }
  return normaliseMobile(value);
}

/** The wallet of that mobile (any form); a 404 (10003) that says which wallets exist when none has it. */
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
 * A whole number from min to max. A string of digits counts (a query parameter is one), so a
 * Node caller passing "5" gets what an HTTP caller gets.
 */
export function wholeInput(value: unknown, field: string, min: number, max: number): number {
  const number = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < min || number > max) {
    throw invalid(`${field} must be a whole number from ${min} to ${max}`);
  }
  return number;
}

const KOBO_FROM = { 0: kobo(0), 1: kobo(1) };

/** Kobo as a scenario holds them (domain/inputs.ts): a whole number from `min` to Number.MAX_SAFE_INTEGER. */
export function koboInput(value: unknown, field: string, min: 0 | 1): number {
  if (!v.is(KOBO_FROM[min], value)) {
    throw invalid(`${field} must be a ${min === 1 ? 'positive' : 'whole, non-negative'} number of kobo (a whole number, at most 2^53 - 1)`);
  }
  return value;
}

export function optionalString(value: unknown, field: string, max = 1_000): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`${field} must be a string`);
  if (value.length > max) throw invalid(`${field} must be at most ${max} characters`);
  return value;
}

/**
 * A timestamp the scenario export writes back as it is: read as toIso reads it, then checked
 * against the scenario format's date (so year 275760, which toIso can still print, is refused).
 */
export function timestampInput(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  let iso: string;
  try {
    iso = toIso(value, field);
  } catch {
    iso = '';
  }
  if (!v.is(isoDate, iso)) throw invalid(`${field} must be an ISO 8601 date from year 0000 to 9999, such as "2026-01-05T09:00:00Z"`);
  return iso;
}

/** A plain object of JSON values, at most MAX_OBJECT_DEPTH deep and MAX_OBJECT_BYTES as JSON. */
export function objectInput(value: unknown, field: string): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`${field} must be an object`);
  if (depthOver(value, MAX_OBJECT_DEPTH)) throw tooDeep(field);
  const json = JSON.stringify(value);
  if (Buffer.byteLength(json) > MAX_OBJECT_BYTES) throw invalid(`${field} is over ${MAX_OBJECT_BYTES} bytes as JSON`);
  // A copy: what the world keeps is not the caller's object.
  return JSON.parse(json) as Record<string, unknown>;
}
