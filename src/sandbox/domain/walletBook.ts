import { addedTransaction, TransactionInput } from './addedTransaction';
import { checkBalance } from './balanceLimit';
import { hashSeed, Random } from './random';
import type { DeclaredAccount } from './records';
import { DEMO_WALLETS, seededWallet } from './seed/seedWallets';
import type { BankTransferRecord, TransactionRecord } from '../types';
import { BankAccount, Wallet, WalletRecord } from './wallet';

// The wallets of a state, by mobile, with every bank account they hold and the accounts a
// scenario declared: what transfers and name checks resolve against.

const accountKey = (account: { bankCode: string; accountNumber: string }): string => `${account.bankCode}:${account.accountNumber}`;

export class WalletBook {
  private readonly wallets = new Map<string, Wallet>();
  private readonly accounts = new Map<string, BankAccount>();
  /** Accounts a scenario declares (bankAccounts): the name verify answers and what a transfer does. */
  private readonly declared = new Map<string, DeclaredAccount>();

  constructor(
    private readonly seedBase: number,
    private readonly rng: Random,
    /** The state's bank transfers: a pending one holds money a balance may not drop below. */
    private readonly transfers: ReadonlyMap<string, BankTransferRecord>,
    private readonly changed: (mobile?: string) => void,
  ) {}

  wallet(mobile: string): Wallet | undefined {
    return this.wallets.get(mobile);
  }

  has(mobile: string): boolean {
    return this.wallets.has(mobile);
  }

  /** Every wallet's mobile, in the order they were made. */
  mobiles(): string[] {
    return [...this.wallets.keys()];
  }

  /** Every wallet's record, in the order they were made (the state file's). */
  records(): WalletRecord[] {
    return [...this.wallets.values()].map((wallet) => wallet.record);
  }

  /** The wallet for an admin or test call; unknown numbers are a caller mistake. */
  requireWallet(mobile: string): Wallet {
    const wallet = this.wallets.get(mobile);
    if (!wallet) {
      throw new Error(
        `No sandbox wallet has mobile ${mobile}. Use a developer's sandboxMobile or a demo wallet (${DEMO_WALLETS.map((w) => w.mobile).join(', ')}).`,
      );
    }
    return wallet;
  }

  /** Resolves an account held by any sandbox wallet, whatever its number looks like. */
  knownAccount(bankCode: string, accountNumber: string): BankAccount | undefined {
    return this.accounts.get(accountKey({ bankCode, accountNumber }));
  }

  /** An account a scenario declared, if this is one. */
  declaredAccount(bankCode: string, accountNumber: string): DeclaredAccount | undefined {
    return this.declared.get(accountKey({ bankCode, accountNumber }));
  }

  /** The declared accounts, as the state file keeps them. */
  declaredAccounts(): DeclaredAccount[] {
    return [...this.declared.values()];
  }

  declareAccount(account: DeclaredAccount): void {
    this.declared.set(accountKey(account), account);
    this.changed();
  }

  /** The declared accounts read back from the state file (nothing to save). */
  restoreDeclared(accounts: DeclaredAccount[]): void {
    for (const account of accounts) this.declared.set(accountKey(account), account);
  }

  /** Adds a wallet made elsewhere (a scenario's), or replaces the one with its mobile. */
  putWallet(record: WalletRecord): Wallet {
    this.forgetAccounts(record.mobile);
    const wallet = this.add(record);
    this.changed(record.mobile);
    return wallet;
  }

  /** A new seeded wallet (seed/seedWallets.ts). */
  createWallet(mobile: string, nowMs: number, fixed: { id?: string; balance?: number } = {}): Wallet {
    const wallet = this.add(seededWallet(this.seedBase, mobile, nowMs, fixed));
    this.changed(mobile);
    return wallet;
  }

  /**
   * Gives the wallet back the history, accounts and balance it was created with (same seed), as
   * of now; tokens, passcodes, pending transfers and events are left alone.
   */
  resetWallet(mobile: string, nowMs: number): Wallet {
    const old = this.requireWallet(mobile);
    this.forgetAccounts(mobile);
    this.wallets.delete(mobile);
    const demo = DEMO_WALLETS.find((w) => w.mobile === mobile);
    return this.createWallet(mobile, nowMs, { id: old.record.id, ...(demo ? { balance: demo.balance } : {}) });
  }

  setBalance(mobile: string, kobo: number): Wallet {
    const wallet = this.requireWallet(mobile);
    checkBalance(this.transfers, wallet, kobo);
    wallet.setBalance(kobo);
    this.changed(mobile);
    return wallet;
  }

  addTransaction(mobile: string, input: TransactionInput, nowMs: number): TransactionRecord {
    const wallet = this.requireWallet(mobile);
    const tx = addedTransaction(wallet, input, nowMs, this.rng);
    wallet.insert(tx);
    this.changed(mobile);
    return tx;
  }

  /** Indexes a wallet (and its accounts) as is: one read back from the state file, or made here. */
  add(record: WalletRecord): Wallet {
    const wallet = new Wallet(record);
    this.wallets.set(record.mobile, wallet);
    for (const account of record.accounts) this.accounts.set(accountKey(account), account);
    return wallet;
  }

  /** Makes each demo wallet the state lacks. */
  ensureDemoWallets(nowMs: number): void {
    for (const demo of DEMO_WALLETS) {
      if (!this.wallets.has(demo.mobile)) this.createWallet(demo.mobile, nowMs, demo);
    }
  }

  /** 23490 + 8 digits derived from the e-mail, moved along if another wallet already has it. */
  freeSandboxMobile(email: string): string {
    let n = hashSeed('sandbox-mobile', email) % 100_000_000;
    for (;;) {
      const mobile = `23490${String(n).padStart(8, '0')}`;
      if (!this.wallets.has(mobile)) return mobile;
      n = (n + 1) % 100_000_000;
    }
  }

  private forgetAccounts(mobile: string): void {
    for (const account of this.wallets.get(mobile)?.record.accounts ?? []) this.accounts.delete(accountKey(account));
  }
}
