import { resolveAccount, ResolvedAccount, sameName } from './accounts';
import { Bank, bankInList } from './banks';
import { accountNotResolved, ApiError, ErrorCode, userNotFound } from '../vocabulary/errors';
import { objectId } from './random';
import { checkCredit } from './balanceLimit';
import { BVN_CHARGE_KOBO } from './bvn';
import { AirtimeProvider, HELD_FOR_MS, MAGIC_AIRTIME_MOBILES, MAGIC_AMOUNTS, Outcome, SETTLE_AFTER_MS, UNKNOWN_PERSONAS } from './magic';
import { Scheduler } from './scheduler';
import { AppRecord, SandboxState } from './state';
import { BankTransferRecord, Recipient, TransactionRecord, TransactionType } from '../types';
import { Wallet } from './wallet';
import { Webhooks } from './webhooks';

// The ledger: moves kobo between sandbox wallets and out of the sandbox. Every operation checks
// everything first and only then changes state, in one synchronous step, so no request leaves
// it half-written and concurrent requests cannot overdraw a wallet. Each move says how to take
// it back: if it cannot be saved it is undone (SandboxState.undoUnsaved), and its webhook is
// only sent once it is saved, so an answer that says error has moved no money. Balances change
// only through Wallet.move, whose undo takes back exactly that move's kobo and never subtracts
// from a balance an admin set since, so an undo cannot take a wallet below zero.

export const STATUS_CODES = { pending: '000002', success: '000001', failed: '000000' } as const;

/** Who sends: the app (for its webhook) and the wallet of the access token, plus a forced outcome. */
export interface Sender {
  app: AppRecord;
  wallet: Wallet;
  outcome?: Outcome;
  /** A test transfer (Trigger Test Event): its webhook event is marked as a test, which the review never flags. */
  test?: true;
}

export interface BankTransferInput {
  accountName: string;
  accountNumber: string;
  bankCode: string;
  amount: number;
}

const settlementKey = (reference: string): string => `settle:${reference}`;
const reversalKey = (reference: string): string => `reverse:${reference}`;

// Amounts are written out in whole kobo, without Intl: its first use loads ICU's locale data (about
// 15 ms of every start), and a formatter's format() is slower than this on a busy sandbox.

/** 1234567 -> `1,234,567`: a whole number's digits grouped in threes, as en-NG writes them. */
export const groupedDigits = (whole: number): string => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/** ₦4,000.00: kobo as the sandbox's messages and findings say them. */
export function naira(kobo: number): string {
  const whole = Math.abs(Math.round(kobo));
  const rest = whole % 100;
  return `₦${kobo < 0 ? '-' : ''}${groupedDigits((whole - rest) / 100)}.${String(rest).padStart(2, '0')}`;
}

function outcomeNotApplicable(outcome: Outcome, what: string): ApiError {
  return new ApiError(
    400,
    ErrorCode.badOutcomeHeader,
    `X-Sandbox-Outcome: ${outcome} does not apply to ${what}; use success, failed, insufficient-funds or provider-error`,
  );
}

export class Ledger {
  constructor(
    private readonly state: SandboxState,
    private readonly now: () => number,
    private readonly scheduler: Scheduler,
    private readonly webhooks: Webhooks,
  ) {}

  phoneTransfer(sender: Sender, mobile: string, amount: number): TransactionRecord {
    const from = sender.wallet;
    if (sender.outcome === 'pending') {
      throw outcomeNotApplicable('pending', 'phone transfers (they complete at once)');
    }
    if (mobile === from.record.mobile) {
      throw new ApiError(400, ErrorCode.selfTransfer, 'You cannot send money to your own wallet; use another recipient mobile');
    }
    const to = this.state.wallets.wallet(mobile);
    if (!to) {
      throw userNotFound();
    }
    this.checkForcedFailure(sender.outcome, amount, 'The phone transfer');
    this.checkFunds(from, amount);
    checkCredit(this.state.transfers, to, amount, `The phone transfer to ${mobile}`);

    const at = this.now();
    const reference = this.newReference(at, from, to);
    const debited = from.move(-amount);
    const credited = to.move(amount);
    const record = this.insert(from, reference, at, 'phone', amount, { mobile, name: to.record.name }, 'debit');
    const credit = this.insert(to, reference, at, 'phone', amount, { mobile: from.record.mobile, name: from.record.name }, 'credit');
    const transactions: [Wallet, TransactionRecord][] = [
      [from, record],
      [to, credit],
    ];
    this.state.changedMoney({ wallets: [from, to], transactions }, () => {
      debited();
      credited();
      from.remove(record);
      to.remove(credit);
    });
    const data = { appWalletMobile: from.record.mobile, amount, recipientMobile: mobile, transactionReference: reference };
    this.state.afterSaved(() => this.webhooks.emit(sender.app, 'PHONE_TRANSFER', 'SUCCESS', data, sender.test));
    return record;
  }

  bankTransfer(sender: Sender, input: BankTransferInput): BankTransferRecord {
    const from = sender.wallet;
    const { bank, resolved } = this.bankRecipient(from, input);
    // A forced `failed` or `pending` bank transfer is accepted: it fails, or waits, at settlement.
    const accepted = sender.outcome === 'failed' || sender.outcome === 'pending';
    this.checkForcedFailure(accepted ? 'success' : sender.outcome, input.amount, 'The bank transfer');
    this.checkFunds(from, input.amount);

    const at = this.now();
    const plan = sender.outcome === 'success' ? 'instant' : sender.outcome === 'pending' ? 'held' : resolved.plan;
    const fails = sender.outcome === 'failed' || (sender.outcome === undefined && plan === 'fails');
    const reference = this.newReference(at, from);
    const recipient = {
      accountNumber: input.accountNumber,
      accountName: resolved.accountName,
      bankCode: bank.bankCode,
      bankName: bank.bankName,
    };
    const debited = from.move(-input.amount);
    const record = this.insert(from, reference, at, 'bank', input.amount, recipient, 'debit');
    record.statusCode = STATUS_CODES.pending;
    const transfer: BankTransferRecord = {
      reference,
      mobile: from.record.mobile,
      appId: sender.app._id,
      amount: input.amount,
      ...recipient,
      status: 'pending',
      fails,
      settleAt: at + (plan === 'held' ? HELD_FOR_MS : plan === 'instant' ? 0 : SETTLE_AFTER_MS),
      createdAt: record.createdAt,
      ...(sender.test ? { test: true as const } : {}),
    };
    this.state.transfers.set(reference, transfer);
    this.state.changedMoney({ wallets: [from], transactions: [[from, record]], transfers: [transfer] }, () => {
      debited();
      from.remove(record);
      this.state.transfers.delete(reference);
      this.scheduler.cancel(settlementKey(reference));
    });
    if (plan === 'instant') {
      this.settle(reference);
    } else {
      this.scheduleSettlement(transfer);
    }
    return transfer;
  }

  /** The bank and the account a bank transfer goes to, or the 400 that says why it cannot go there. */
  private bankRecipient(from: Wallet, input: BankTransferInput): { bank: Bank; resolved: ResolvedAccount } {
    const bank = bankInList(input.bankCode);
    const resolved = resolveAccount(this.state, input.bankCode, input.accountNumber, from.record.transactions);
    if (!resolved) {
      throw accountNotResolved();
    }
    if (!sameName(input.accountName, resolved.accountName)) {
      throw new ApiError(
        400,
        ErrorCode.nameMismatch,
        `accountName does not match the account's name; send the name GET /v1/queries/verify gives for it (${resolved.accountName})`,
      );
    }
    if (from.record.accounts.some((own) => own.bankCode === input.bankCode && own.accountNumber === input.accountNumber)) {
      throw new ApiError(
        400,
        ErrorCode.selfTransfer,
        'That account belongs to this wallet; a transfer to yourself moves nothing, so send to another account',
      );
    }
    return { bank, resolved };
  }

  /** The transfer as its sender may see it; another wallet's reference is unknown to it. */
  requery(wallet: Wallet, reference: string): BankTransferRecord | undefined {
    const transfer = this.state.transfers.get(reference);
    return transfer && transfer.mobile === wallet.record.mobile ? transfer : undefined;
  }

  airtime(sender: Sender, mobile: string, amount: number, provider: AirtimeProvider): TransactionRecord {
    if (sender.outcome === 'pending') {
      throw outcomeNotApplicable('pending', 'airtime (it completes at once)');
    }
    if (UNKNOWN_PERSONAS.has(mobile)) {
      // As the old public sandbox answered its unknown persona; nothing is charged.
      throw userNotFound();
    }
    const magic = MAGIC_AIRTIME_MOBILES[mobile];
    if (magic && !magic.provider) {
      throw new ApiError(400, ErrorCode.airtimeRecipient, `${mobile} cannot receive airtime; use another mobile number`);
    }
    if (magic?.provider && magic.provider !== provider) {
      throw new ApiError(400, ErrorCode.airtimeRecipient, `${mobile} is a ${magic.provider} line; send provider ${magic.provider}`);
    }
    this.checkForcedFailure(sender.outcome, amount, 'The airtime purchase');
    this.checkFunds(sender.wallet, amount);

    const at = this.now();
    const reference = this.newReference(at, sender.wallet);
    const debited = sender.wallet.move(-amount);
    const recipient = { metadata: { billerName: provider, billCustomerID: mobile, billType: 'vtu' } };
    // Type vtu, as the seeded history's airtime: the contract's type filter and the history agree.
    const record = this.insert(sender.wallet, reference, at, 'vtu', amount, recipient, 'debit');
    this.changedDebit(sender.wallet, record, debited);
    return record;
  }

  /** Charges a wallet for one BVN query and records it (type bvn, as seeded histories have it). */
  bvnCharge(wallet: Wallet, bvn: string, holder: { firstName: string; surname: string }): TransactionRecord {
    this.checkFunds(wallet, BVN_CHARGE_KOBO);
    const at = this.now();
    const debited = wallet.move(-BVN_CHARGE_KOBO);
    const recipient = { metadata: { bvn, firstName: holder.firstName, lastName: holder.surname, billType: 'bvn' } };
    const record = this.insert(wallet, this.newReference(at, wallet), at, 'bvn', BVN_CHARGE_KOBO, recipient, 'debit');
    this.changedDebit(wallet, record, debited);
    return record;
  }

  /** A debit that moved nothing else (airtime, a BVN charge): undone by giving the amount back (`debited`: Wallet.move's undo). */
  private changedDebit(wallet: Wallet, record: TransactionRecord, debited: () => void): void {
    this.state.changedMoney({ wallets: [wallet], transactions: [[wallet, record]] }, () => {
      debited();
      wallet.remove(record);
    });
  }

  /** Settles a pending bank transfer: success, or failure with a reversal that returns the money. */
  settle(reference: string): void {
    const transfer = this.state.transfers.get(reference);
    const wallet = transfer && this.state.wallets.wallet(transfer.mobile);
    if (!transfer || !wallet || transfer.status !== 'pending') {
      return;
    }
    const at = this.now();
    transfer.status = transfer.fails ? 'failed' : 'success';
    const record = wallet.find(reference);
    const before = record && { statusCode: record.statusCode, updatedAt: record.updatedAt };
    if (record) {
      record.statusCode = STATUS_CODES[transfer.status];
      record.updatedAt = new Date(Math.max(at, Date.parse(record.createdAt))).toISOString();
    }
    const reversal = transfer.fails ? this.reverse(wallet, transfer, at) : undefined;
    const transactions: [Wallet, TransactionRecord][] = [record, reversal?.record].flatMap((tx) => (tx ? [[wallet, tx]] : []));
    this.state.changedMoney({ wallets: [wallet], transactions, transfers: [transfer] }, () => {
      transfer.status = 'pending';
      if (record && before) Object.assign(record, before);
      if (reversal) {
        reversal.undo();
        wallet.remove(reversal.record);
      }
      // It settles again, and is saved then.
      this.scheduleSettlement(transfer);
    });
    this.state.afterSaved(() => this.emitSettled(transfer));
  }

  /** The reversal of a failed bank transfer: the money back, as a credit in the history, and how to take it back (Wallet.move). */
  private reverse(wallet: Wallet, transfer: BankTransferRecord, at: number): { record: TransactionRecord; undo: () => void } {
    const undo = wallet.move(transfer.amount);
    const { accountNumber, accountName, bankCode, bankName } = transfer;
    const recipient = { accountNumber, accountName, bankCode, bankName };
    const reversal = this.insert(wallet, this.newReference(at, wallet), at, 'bank', transfer.amount, recipient, 'credit');
    reversal.reversalOf = transfer.reference;
    return { record: reversal, undo };
  }

  /**
   * A bank transfer that succeeded is reversed `afterMs` of the virtual clock from now (a later call
   * replaces the time): its money comes back to the wallet and a FAILED event is sent, as when a
   * recipient bank returns a payment days later. Throws for a reference no bank transfer has, or
   * one that has not succeeded.
   */
  reverseLater(reference: string, afterMs: number): BankTransferRecord {
    const transfer = this.state.transfers.get(reference);
    if (!transfer) {
      throw new ApiError(
        404,
        ErrorCode.transactionNotFound,
        `No bank transfer has reference ${reference.slice(0, 40)} (a phone transfer moves between wallets and is not reversed)`,
      );
    }
    if (transfer.status !== 'success') {
      throw new ApiError(
        400,
        ErrorCode.invalidInput,
        `Only a bank transfer that succeeded is reversed; ${reference} is ${transfer.status}` +
          (transfer.status === 'pending'
            ? `: it settles at ${new Date(transfer.settleAt).toISOString()} (advance the clock past it first)`
            : ''),
      );
    }
    transfer.reverseAt = this.now() + afterMs;
    this.state.changedMoney({ transfers: [transfer] });
    this.scheduleReversal(transfer);
    return transfer;
  }

  /** The reversal falls due: the transfer is failed, its money back in the wallet (a credit with reversalOf), and a FAILED event sent. */
  private reverseSucceeded(reference: string): void {
    const transfer = this.state.transfers.get(reference);
    const wallet = transfer && this.state.wallets.wallet(transfer.mobile);
    if (!transfer || !wallet || transfer.status !== 'success' || transfer.reverseAt === undefined) return;
    const due = transfer.reverseAt;
    const at = this.now();
    transfer.status = 'failed';
    delete transfer.reverseAt;
    const record = wallet.find(reference);
    const before = record && { statusCode: record.statusCode, updatedAt: record.updatedAt };
    if (record) {
      record.statusCode = STATUS_CODES.failed;
      record.updatedAt = new Date(Math.max(at, Date.parse(record.createdAt))).toISOString();
    }
    const reversal = this.reverse(wallet, transfer, at);
    const transactions: [Wallet, TransactionRecord][] = [record, reversal.record].flatMap((tx) => (tx ? [[wallet, tx]] : []));
    this.state.changedMoney({ wallets: [wallet], transactions, transfers: [transfer] }, () => {
      transfer.status = 'success';
      transfer.reverseAt = due;
      if (record && before) Object.assign(record, before);
      reversal.undo();
      wallet.remove(reversal.record);
      this.scheduleReversal(transfer);
    });
    this.state.afterSaved(() => this.emitSettled(transfer));
  }

  private scheduleReversal(transfer: BankTransferRecord): void {
    if (transfer.reverseAt === undefined) return;
    this.scheduler.at(reversalKey(transfer.reference), transfer.reverseAt, () => this.reverseSucceeded(transfer.reference));
  }

  private emitSettled(transfer: BankTransferRecord): void {
    const app = this.state.apps.app(transfer.appId);
    if (app) {
      const { accountName, accountNumber, amount, reference: transactionReference } = transfer;
      const data = { accountName, accountNumber, amount, transactionReference, statusCode: STATUS_CODES[transfer.status] };
      this.webhooks.emit(app, 'BANK_TRANSFER', transfer.status === 'failed' ? 'FAILED' : 'SUCCESS', data, transfer.test);
    }
  }

  /** After a restart: schedules the settlements still pending and the reversals still due (overdue ones run at once). */
  restore(): void {
    for (const transfer of this.state.transfers.values()) {
      if (transfer.status === 'pending') {
        this.scheduleSettlement(transfer);
      }
      this.scheduleReversal(transfer);
    }
  }

  private scheduleSettlement(transfer: BankTransferRecord): void {
    this.scheduler.at(settlementKey(transfer.reference), transfer.settleAt, () => this.settle(transfer.reference));
  }

  /** Forced outcomes that refuse the request: the X-Sandbox-Outcome header first, then magic amounts. */
  private checkForcedFailure(outcome: Outcome | undefined, amount: number, what: string): void {
    const forced = outcome ?? MAGIC_AMOUNTS[amount]?.outcome;
    if (forced === 'insufficient-funds') {
      throw new ApiError(
        400,
        ErrorCode.insufficientFunds,
        `Insufficient funds (forced by the sandbox): ${what} was refused; no money moved`,
      );
    }
    if (forced === 'provider-error') {
      throw new ApiError(
        502,
        ErrorCode.providerError,
        `The provider failed (forced by the sandbox): ${what} did not happen and no money moved; try again`,
      );
    }
    if (forced === 'failed') {
      throw new ApiError(400, ErrorCode.transferFailed, `${what} failed (forced by X-Sandbox-Outcome); no money moved`);
    }
  }

  private checkFunds(wallet: Wallet, amount: number): void {
    if (amount > wallet.record.balance) {
      throw new ApiError(
        400,
        ErrorCode.insufficientFunds,
        `Insufficient funds: the wallet holds ${naira(wallet.record.balance)} and this needs ${naira(amount)}; send less or top the wallet up`,
      );
    }
  }

  /** A Mongo-style id unused in every wallet the record goes to. */
  private newReference(at: number, ...wallets: Wallet[]): string {
    let id = objectId(this.state.rng, at);
    while (wallets.some((wallet) => wallet.hasReference(id)) || this.state.transfers.has(id)) {
      id = objectId(this.state.rng, at);
    }
    return id;
  }

  private insert(
    wallet: Wallet,
    reference: string,
    at: number,
    type: TransactionType,
    amount: number,
    recipient: Recipient,
    direction: 'debit' | 'credit',
  ): TransactionRecord {
    // Never older than the wallet's newest record, so "newest first" lists show it on top.
    const newest = wallet.newest();
    const ms = newest && Date.parse(newest.createdAt) > at ? Date.parse(newest.createdAt) : at;
    const createdAt = new Date(ms).toISOString();
    const record: TransactionRecord = { _id: reference, amount, reference, type, recipient, createdAt, updatedAt: createdAt, direction };
    wallet.insert(record);
    return record;
  }
}
