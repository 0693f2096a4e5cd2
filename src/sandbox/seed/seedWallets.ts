import { BANKS, bankByCode, POPULAR_BANK_CODES, WALLET_BANK_CODE } from '../domain/banks';
import { generateHistory } from './seededHistory';
import { walletUserId } from '../domain/ids';
import { nigerianName } from './names';
import { makeValidAccountNumber } from '../domain/nuban';
import { hashSeed, Random } from '../domain/random';
import { BankAccount, WalletRecord } from '../domain/wallet';

// A sandbox wallet as first created: the same seed and mobile always give the same wallet.

/** Wallets every app can connect to, matching the numbers in the public samples. */
export const DEMO_WALLETS: { mobile: string; id?: string; balance: number }[] = [
  { mobile: '2348000000000', id: 'OKHN8E4SS', balance: 526548935 },
  { mobile: '2349090000000', balance: 73450050 },
];

const HISTORY_SPAN_MS = 120 * 24 * 3600 * 1000;

/** A wallet with an owner, one or two bank accounts, a balance and a few months of history. */
export function seededWallet(seedBase: number, mobile: string, nowMs: number, fixed: { id?: string; balance?: number }): WalletRecord {
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
  const end = nowMs - rng.int(10, 180) * 60 * 1000;
  return {
    id: fixed.id ?? walletUserId(mobile),
    mobile,
    name,
    balance: fixed.balance ?? rng.int(50_000, 5_000_000) * 100 + rng.int(0, 99),
    accounts,
    transactions: generateHistory(rng, rng.int(60, 120), end - HISTORY_SPAN_MS, end, true),
  };
}
