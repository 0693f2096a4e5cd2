import { BANKS, bankByCode, POPULAR_BANK_CODES, WALLET_BANK_CODE } from '../banks';
import { GeneratedHistory, historyOf } from './seededHistory';
import { nigerianName } from './names';
import { makeValidAccountNumber } from '../nuban';
import { hashSeed, Random, walletUserId } from '../random';
import { BankAccount, WalletRecord } from '../wallet';

// A sandbox wallet as first created: the same seed and mobile always give the same wallet.

/** The most transactions a new wallet's generated history holds (it holds 60 or more). */
export const MAX_NEW_WALLET_HISTORY = 120;

/** Wallets every app can connect to, matching the numbers in the public samples. */
export const DEMO_WALLETS: { mobile: string; id?: string; balance: number }[] = [
  { mobile: '2348000000000', id: 'OKHN8E4SS', balance: 526548935 },
  { mobile: '2349090000000', balance: 73450050 },
];

type Fixed = { id?: string; balance?: number };

/** A wallet with an owner, one or two bank accounts, a balance and a few months of history. */
export function seededWallet(seedBase: number, mobile: string, nowMs: number, fixed: Fixed): WalletRecord {
  const { record, history } = seededParts(seedBase, mobile, nowMs, fixed);
  return { ...record, transactions: historyOf(history) };
}

/**
 * The count and seed of the history seededWallet gives `mobile`, whichever way it was made (its
 * balance drawn or fixed): Save Sandbox as Scenario writes such a history as these numbers.
 */
export function seededHistorySeeds(seedBase: number, mobile: string): Omit<GeneratedHistory, 'untilMs'>[] {
  return [{}, { balance: 0 }].map((fixed) => {
    const { count, seed } = seededParts(seedBase, mobile, 0, fixed).history;
    return { count, seed };
  });
}

function seededParts(seedBase: number, mobile: string, nowMs: number, fixed: Fixed) {
  const rng = new Random(hashSeed(seedBase, mobile));
  const name = nigerianName(rng);
  const walletBank = bankByCode(WALLET_BANK_CODE) ?? (BANKS[0] as (typeof BANKS)[number]);
  const accounts: BankAccount[] = [
    { accountNumber: mobile.slice(3), accountName: name, bankCode: walletBank.bankCode, bankName: walletBank.bankName },
  ];
  if (rng.next() < 0.7) {
    const bank = bankByCode(rng.pick(POPULAR_BANK_CODES)) ?? walletBank;
    accounts.push({
      accountNumber: makeValidAccountNumber(bank.bankCode, rng.digits(9)),
      accountName: name,
      bankCode: bank.bankCode,
      bankName: bank.bankName,
    });
  }
  const untilMs = nowMs - rng.int(10, 180) * 60 * 1000;
  const record: Omit<WalletRecord, 'transactions'> = {
    id: fixed.id ?? walletUserId(mobile),
    mobile,
    name,
    balance: fixed.balance ?? rng.int(50_000, 5_000_000) * 100 + rng.int(0, 99),
    accounts,
  };
  const count = rng.int(60, MAX_NEW_WALLET_HISTORY);
  // The rest of the generator's sequence makes the history: its state now is the history's seed.
  return { record, history: { count, seed: rng.seedState, untilMs } satisfies GeneratedHistory };
}
