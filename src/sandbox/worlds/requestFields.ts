import { invalid } from '../vocabulary/errors';
import { TRANSACTION_TYPES, TransactionType } from '../types';

// Checks on request fields. Each failure is a 400 that names the field and the expected form.

const MOBILE_PATTERN = /^234\d{10}$/;

export function requiredString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.length === 0) {
    throw invalid(value === undefined ? `${field} is required` : `${field} must be a non-empty string`);
  }
  return value;
}

export function mobileField(value: unknown, field = 'mobile'): string {
  if (value === undefined || value === null || value === '') {
    throw invalid(`${field} is required`);
  }
  if (typeof value !== 'string' || !MOBILE_PATTERN.test(value)) {
    throw invalid(`${field} must be 234 followed by 10 digits, e.g. 2348031234567`);
  }
  return value;
}

/**
 * A bank account as the bank transfer (its body) and the verify query (its query string) both
 * take it: a NUBAN of 10 digits (11 accepted) and the 6-digit code of a bank. Whether the code is
 * in the bank list is asked next, of domain/banks.ts bankInList (one refusal for both).
 */
export function bankAccountFields(accountNumber: string, bankCode: string): { accountNumber: string; bankCode: string } {
  if (!/^\d{10,11}$/.test(accountNumber)) {
    throw invalid('accountNumber must be a 10-digit NUBAN (11 digits are also accepted)');
  }
  if (!/^\d{6}$/.test(bankCode)) {
    throw invalid('bankCode must be the 6-digit code from the bank list');
  }
  return { accountNumber, bankCode };
}

/** One value of a query parameter; repeating it is ambiguous, so it is refused. */
export function queryParam(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  if (values.length > 1) {
    throw invalid(`${name} is given more than once`);
  }
  return values[0];
}

export function queryInt(query: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  const raw = queryParam(query, name);
  if (raw === undefined || raw === '') {
    return fallback;
  }
  if (!/^\d{1,12}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw invalid(`${name} must be a whole number from ${min} to ${max}`);
  }
  return Number(raw);
}

export function queryType(query: URLSearchParams): TransactionType | undefined {
  const raw = queryParam(query, 'type');
  if (raw === undefined || raw === '') {
    return undefined;
  }
  if (!(TRANSACTION_TYPES as readonly string[]).includes(raw)) {
    throw invalid(`type must be one of ${TRANSACTION_TYPES.join(', ')}`);
  }
  return raw as TransactionType;
}
