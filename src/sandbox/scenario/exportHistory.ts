import { isDeepStrictEqual } from 'node:util';
import * as v from 'valibot';
import { bankByCode } from '../domain/banks';
import { kobo } from '../domain/inputs';
import type { WalletRecord } from '../domain/wallet';
import { HISTORY_SPAN_MS, historyOf, type GeneratedHistory } from '../domain/seed/seededHistory';
import { TRANSACTION_TYPES, type TransactionRecord } from '../types';
import { reference, TransactionRecipient, type ScenarioTransaction, type ScenarioWallet } from './format';

// A wallet's history as Save Sandbox as Scenario writes it: the part the sandbox generated and
// nobody changed as its count and seed (a hundred records in three numbers), every other record
// with all its details, so that loading the file gives back the same transactions exactly.

/** A transaction's amount as a scenario holds it (domain/inputs.ts): what the admin API takes. */
const AMOUNT = kobo(1);

/** Histories longer than this are written as a count (the seed makes them again), not one by one. */
export const MAX_WRITTEN_TRANSACTIONS = 1_000;

type Seeds = Omit<GeneratedHistory, 'untilMs'>;
type WrittenHistory = Pick<ScenarioWallet, 'transactions' | 'generatedHistory'>;

/** `seeds`: the count and seed each way the wallet's history may have been generated (seededHistorySeeds, the scenario's). */
export function writtenHistory(wallet: WalletRecord, seeds: Seeds[], notes: string[]): WrittenHistory {
  const history = wallet.transactions;
  const found = findGeneratedHistory(history, seeds);
  const rest = found?.rest ?? history;
  if (rest.length > MAX_WRITTEN_TRANSACTIONS) {
    const count = Math.min(history.length, 10_000);
    notes.push(`Wallet ${wallet.mobile} has ${history.length} transactions: written as a count of ${count}, made again by the seed.`);
    return { transactions: count };
  }
  const transactions = rest.filter((tx) => v.is(AMOUNT, tx.amount)).map(scenarioTransaction);
  if (!found) return { transactions };
  const { count, seed, untilMs } = found.generated;
  return { generatedHistory: { count, seed, until: new Date(untilMs).toISOString() }, ...(transactions.length ? { transactions } : {}) };
}

/**
 * The generated history inside `history`, every record of it unchanged, and the records added
 * since. Which records a seed makes does not depend on the time they end at, only their dates:
 * the newest one made at a known end finds its own copy in the history, and the gap between the
 * two dates is the end to check (a millisecond either side, for rounding).
 */
export function findGeneratedHistory(
  history: readonly TransactionRecord[],
  seeds: readonly Seeds[],
): { generated: GeneratedHistory; rest: TransactionRecord[] } | undefined {
  const byId = new Map(history.map((tx) => [tx._id, tx]));
  for (const { count, seed } of seeds) {
    if (count === 0 || count > history.length) continue;
    const newest = historyOf({ count, seed, untilMs: HISTORY_SPAN_MS }).at(-1)!;
    const copy = history.find((tx) => tx._id.length === newest._id.length && tx._id.slice(8) === newest._id.slice(8));
    if (!copy) continue;
    const end = HISTORY_SPAN_MS + Date.parse(copy.createdAt) - Date.parse(newest.createdAt);
    for (const untilMs of [end, end + 1, end - 1]) {
      const generated = historyOf({ count, seed, untilMs });
      if (!generated.every((tx) => isDeepStrictEqual(byId.get(tx._id), tx))) continue;
      const ids = new Set(generated.map((tx) => tx._id));
      return { generated: { count, seed, untilMs }, rest: history.filter((tx) => !ids.has(tx._id)) };
    }
  }
  return undefined;
}

/** One record with everything the API shows of it: loading it gives back the same record. */
function scenarioTransaction(tx: TransactionRecord): ScenarioTransaction {
  const recipient = writtenRecipient(tx.recipient);
  return {
    type: (TRANSACTION_TYPES as readonly string[]).includes(tx.type) ? tx.type : 'bills',
    amount: tx.amount,
    ...(v.is(reference, tx.reference) ? { reference: tx.reference } : {}),
    createdAt: tx.createdAt,
    ...(tx.updatedAt !== tx.createdAt ? { updatedAt: tx.updatedAt } : {}),
    ...(recipient ? { recipient } : {}),
    ...(tx.direction ? { direction: tx.direction } : {}),
    ...(tx.statusCode === '000000' || tx.statusCode === '000001' || tx.statusCode === '000002' ? { statusCode: tx.statusCode } : {}),
    ...(tx.reversalOf && v.is(reference, tx.reversalOf) ? { reversalOf: tx.reversalOf } : {}),
  };
}

/**
 * The recipient in a shape the scenario format holds (its own schema decides), or none: a record
 * the admin API took is always one; an older state file's may not be, and is written without it.
 */
function writtenRecipient(given: TransactionRecord['recipient']): ScenarioTransaction['recipient'] {
  const recipient = given as Partial<Record<'bankCode' | 'accountNumber' | 'accountName' | 'bankName' | 'mobile' | 'name', string>> & {
    metadata?: Record<string, string>;
  };
  const { bankCode, accountNumber, accountName, bankName, mobile, name, metadata } = recipient;
  // A bank's name is written only when it is not the one its code gives (the loader gives that back).
  const ownBankName = bankName && bankCode && bankName !== bankByCode(bankCode)?.bankName ? { bankName: bankName.slice(0, 100) } : {};
  const candidate = metadata
    ? { metadata: { ...metadata } }
    : bankCode && bankByCode(bankCode)
      ? { bankCode, accountNumber, accountName: accountName?.slice(0, 100), ...ownBankName }
      : { mobile, ...(name?.trim() ? { name: name.slice(0, 100) } : {}) };
  return v.is(TransactionRecipient, candidate) ? candidate : undefined;
}
