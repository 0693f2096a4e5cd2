import { makeRecipient } from './seed/seededHistory';
import { objectId, type Random } from './random';
import { Recipient, TRANSACTION_TYPES, TransactionRecord, TransactionType } from '../types';
import type { Wallet } from './wallet';

// A transaction record an admin or test call adds to a wallet's history (Sandbox.addTransaction,
// POST /__sandbox/transactions): checked, dated and given an id before it goes into the state.

export type TransactionInput = Partial<TransactionRecord> & { type: TransactionType; amount: number };

/** The record for `input`, as `wallet` will hold it; throws a plain Error that says what is wrong. */
export function addedTransaction(wallet: Wallet, input: TransactionInput, nowMs: number, rng: Random): TransactionRecord {
  if (!TRANSACTION_TYPES.includes(input.type)) {
    throw new Error(`type must be one of ${TRANSACTION_TYPES.join(', ')}`);
  }
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new Error('amount must be a positive whole number of kobo');
  }
  // A new transaction is the newest one unless the caller dates it.
  const newest = wallet.newest();
  let at = nowMs;
  if (newest && Date.parse(newest.createdAt) >= at) {
    at = Date.parse(newest.createdAt) + 1;
  }
  const createdAt = input.createdAt === undefined ? new Date(at).toISOString() : toIso(input.createdAt, 'createdAt');
  const updatedAt = input.updatedAt === undefined ? createdAt : toIso(input.updatedAt, 'updatedAt');
  const id = input._id ?? input.reference ?? uniqueId(wallet, rng, Date.parse(createdAt));
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) {
    throw new Error('_id/reference must be 1 to 64 letters, digits, "_" or "-"');
  }
  if (wallet.hasReference(id)) {
    throw new Error(`transaction ${id} already exists`);
  }
  return {
    _id: id,
    amount: input.amount,
    reference: id,
    type: input.type,
    recipient: input.recipient === undefined ? makeRecipient(rng, input.type) : savable(input.recipient),
    createdAt,
    updatedAt,
  };
}

/**
 * A copy of the recipient as the state file will hold it. Whatever enters the state must save:
 * a value JSON cannot write (nested too deep, circular, a BigInt) is refused here rather than
 * stopping every later save of the world.
 */
function savable(recipient: Recipient): Recipient {
  try {
    return JSON.parse(JSON.stringify(recipient)) as Recipient;
  } catch (error) {
    throw new Error(`recipient cannot be saved as JSON (${(error as Error).message}); send a plain object a few levels deep`, {
      cause: error,
    });
  }
}

/** A Mongo-style id no record of the wallet has. */
export function uniqueId(wallet: Wallet, rng: Random, ms: number): string {
  let id = objectId(rng, ms);
  while (wallet.hasReference(id)) {
    id = objectId(rng, ms);
  }
  return id;
}

/** Timestamps are stored in one ISO form, so string order is time order. */
export function toIso(value: unknown, field: string): string {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) {
    throw new Error(`${field} must be an ISO 8601 date`);
  }
  return new Date(ms).toISOString();
}
