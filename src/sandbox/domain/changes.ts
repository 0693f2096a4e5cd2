import type { BankTransferRecord, TransactionRecord, WebhookEvent } from '../types';
import type { Wallet } from './wallet';

// What the state collects between two writes, for the writer to save as an append-log line or a
// checkpoint (appendLog.ts, stateWriter.ts).

/** What changed since the last write. */
export class Changes {
  /** `checkpoint`: a change with no append-log form happened, so only a checkpoint saves it. */
  constructor(public checkpoint = false) {}

  readonly wallets = new Set<Wallet>();
  readonly transactions = new Map<TransactionRecord, Wallet>();
  readonly transfers = new Set<BankTransferRecord>();
  readonly events = new Set<WebhookEvent>();
  /** How to take back each money change, oldest first: run newest first if they cannot be saved. */
  readonly undo: (() => void)[] = [];
  /** What waits for these changes to be on disk (a transfer's webhook: never sent for money that did not move). */
  readonly afterSave: (() => void)[] = [];

  get empty(): boolean {
    return (
      !this.checkpoint && this.wallets.size === 0 && this.transactions.size === 0 && this.transfers.size === 0 && this.events.size === 0
    );
  }
}

/** Money changes reported by the ledger and the webhooks. */
export interface MoneyChange {
  wallets?: Wallet[];
  transactions?: [Wallet, TransactionRecord][];
  transfers?: BankTransferRecord[];
  events?: WebhookEvent[];
}

/** Runs each step, newest first, and never stops half-way: every undo is tried. */
export function runUndo(steps: (() => void)[], log: (error: unknown) => void): void {
  for (const step of steps.reverse()) {
    try {
      step();
    } catch (error) {
      log(error);
    }
  }
}
