import { BANKS, bankByCode, POPULAR_BANK_CODES } from '../banks';
import { accountHolderName, mobileHolderName, personName } from './names';
import { makeValidAccountNumber } from '../nuban';
import { flatText, objectId, Random } from '../random';
import { Recipient, TRANSACTION_TYPES, TransactionRecord, TransactionType } from '../../types';

// Realistic wallet histories: who people pay, and how much, in kobo.

const NETWORKS: { biller: string; prefixes: string[] }[] = [
  { biller: 'mtn', prefixes: ['803', '806', '703', '706', '813', '816', '810', '814', '903', '906'] },
  { biller: 'airtel', prefixes: ['802', '808', '708', '812', '701', '902', '907', '901'] },
  { biller: 'glo', prefixes: ['805', '807', '705', '815', '811', '905'] },
  { biller: '9mobile', prefixes: ['809', '818', '817', '909', '908'] },
];

interface Biller {
  biller: string;
  billType: string;
  idDigits: number;
  amountsNaira: number[] | [min: number, max: number, step: number];
  fixed: boolean;
}

const BILLERS: Biller[] = [
  { biller: 'dstv', billType: 'cabletv', idDigits: 10, amountsNaira: [2150, 2950, 5300, 9000, 14250, 21000], fixed: true },
  { biller: 'gotv', billType: 'cabletv', idDigits: 10, amountsNaira: [900, 1900, 2800, 4150], fixed: true },
  { biller: 'startimes', billType: 'cabletv', idDigits: 11, amountsNaira: [900, 1700, 2500, 4200], fixed: true },
  { biller: 'ikedc', billType: 'electricity', idDigits: 11, amountsNaira: [1000, 30000, 500], fixed: false },
  { biller: 'ekedc', billType: 'electricity', idDigits: 11, amountsNaira: [1000, 30000, 500], fixed: false },
  { biller: 'aedc', billType: 'electricity', idDigits: 11, amountsNaira: [1000, 25000, 500], fixed: false },
  { biller: 'phed', billType: 'electricity', idDigits: 11, amountsNaira: [1000, 20000, 500], fixed: false },
  { biller: 'spectranet', billType: 'internet', idDigits: 9, amountsNaira: [5000, 10000, 15000, 20000], fixed: true },
  { biller: 'smile', billType: 'internet', idDigits: 10, amountsNaira: [3500, 7500, 12500, 17000], fixed: true },
];

const AIRTIME_NAIRA = [100, 100, 200, 200, 500, 500, 500, 1000, 1000, 1500, 2000, 5000];

// Bank transfers dominate a wallet's history, BVN lookups are rare.
const TYPE_WEIGHTS: [TransactionType, number][] = [
  ['bank', 0.35],
  ['vtu', 0.25],
  ['phone', 0.2],
  ['bills', 0.15],
  ['bvn', 0.05],
];

function pickType(rng: Random): TransactionType {
  let roll = rng.next();
  for (const [type, weight] of TYPE_WEIGHTS) {
    roll -= weight;
    if (roll < 0) {
      return type;
    }
  }
  return 'bank';
}

export function randomMobile(rng: Random): string {
  return mobileOn(rng, rng.pick(NETWORKS));
}

function mobileOn(rng: Random, network: { prefixes: string[] }): string {
  return flatText(['234', rng.pick(network.prefixes), rng.digits(7)]);
}

/** Naira in [min, max] on a rough log scale (small payments are commoner), rounded to `step`. */
function nairaBetween(rng: Random, min: number, max: number, step: number): number {
  const value = Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
  return Math.max(min, Math.round(value / step) * step);
}

function make(rng: Random, type: TransactionType): { amount: number; recipient: Recipient } {
  switch (type) {
    case 'bank': {
      const bank = rng.next() < 0.8 ? (bankByCode(rng.pick(POPULAR_BANK_CODES)) ?? rng.pick(BANKS)) : rng.pick(BANKS);
      const naira = nairaBetween(rng, 1000, 250000, 50);
      // Some transfers carry kobo, so formatting of odd amounts gets exercised.
      const kobo = rng.next() < 0.1 ? rng.int(1, 99) : 0;
      const accountNumber = makeValidAccountNumber(bank.bankCode, rng.digits(9));
      return {
        amount: naira * 100 + kobo,
        recipient: {
          accountNumber,
          accountName: accountHolderName(bank.bankCode, accountNumber),
          bankCode: bank.bankCode,
          bankName: bank.bankName,
        },
      };
    }
    case 'phone': {
      const mobile = randomMobile(rng);
      const recipient: Recipient = rng.next() < 0.8 ? { mobile, name: mobileHolderName(mobile) } : { mobile };
      return { amount: nairaBetween(rng, 200, 50000, 50) * 100, recipient };
    }
    case 'vtu': {
      const network = rng.pick(NETWORKS);
      return {
        amount: rng.pick(AIRTIME_NAIRA) * 100,
        recipient: {
          metadata: { billerName: network.biller, billCustomerID: mobileOn(rng, network), billType: 'vtu' },
        },
      };
    }
    case 'bills': {
      const biller = rng.pick(BILLERS);
      const [min = 1000, max = 1000, step = 100] = biller.amountsNaira;
      const naira = biller.fixed ? rng.pick(biller.amountsNaira) : nairaBetween(rng, min, max, step);
      return {
        amount: naira * 100,
        recipient: { metadata: { billerName: biller.biller, billCustomerID: rng.digits(biller.idDigits), billType: biller.billType } },
      };
    }
    case 'bvn': {
      const person = personName(rng);
      return {
        amount: rng.pick([5000, 5000, 10000]),
        recipient: { metadata: { bvn: `22${rng.digits(9)}`, firstName: person.firstName, lastName: person.lastName, billType: 'bvn' } },
      };
    }
  }
}

export function makeRecipient(rng: Random, type: TransactionType): Recipient {
  return make(rng, type).recipient;
}

export function makeTransaction(rng: Random, type: TransactionType, atMs: number): TransactionRecord {
  const { amount, recipient } = make(rng, type);
  const id = objectId(rng, atMs);
  const createdAt = new Date(atMs).toISOString();
  // Settlement takes a moment, so updatedAt trails createdAt a little.
  const updatedAt = new Date(atMs + rng.int(200, 4000)).toISOString();
  return { _id: id, amount, reference: id, type, recipient, createdAt, updatedAt };
}

/** A generated history as a scenario names it: `count` transactions made by `seed` over the span before `untilMs`. */
export interface GeneratedHistory {
  count: number;
  seed: number;
  untilMs: number;
}

/** How far back a seeded wallet's history reaches. */
export const HISTORY_SPAN_MS = 120 * 24 * 3600 * 1000;

/** The history a GeneratedHistory names: the same three numbers always give the same transactions. */
export function historyOf(history: GeneratedHistory): TransactionRecord[] {
  return generateHistory(new Random(history.seed), history.count, history.untilMs - HISTORY_SPAN_MS, history.untilMs, true);
}

/**
 * `count` transactions between startMs and endMs, oldest first. With `allTypes` the first five
 * picks cover every type, so every seeded wallet shows each kind at least once.
 */
export function generateHistory(rng: Random, count: number, startMs: number, endMs: number, allTypes: boolean): TransactionRecord[] {
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    times[i] = Math.floor(startMs + rng.next() * (endMs - startMs));
  }
  times.sort();
  const types: TransactionType[] = [];
  for (let i = 0; i < count; i++) {
    types.push(allTypes && i < TRANSACTION_TYPES.length ? (TRANSACTION_TYPES[i] as TransactionType) : pickType(rng));
  }
  if (allTypes) {
    // Spread the forced types through time instead of leaving them all at the oldest end.
    for (let i = types.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [types[i], types[j]] = [types[j] as TransactionType, types[i] as TransactionType];
    }
  }
  const out: TransactionRecord[] = new Array<TransactionRecord>(count);
  for (let i = 0; i < count; i++) {
    out[i] = makeTransaction(rng, types[i] as TransactionType, times[i] as number);
  }
  return out;
}
