import type { Changes } from '../domain/changes';
import type { SandboxState } from '../domain/state';
import type { BankTransferRecord, TransactionRecord, WebhookEvent } from '../types';

// The state file's append log: money moves often and the whole state is large, so a transfer is
// made durable by appending one line with just what it changed (balances, transaction records,
// bank transfers, webhook events) instead of rewriting the file. Lines hold current values and
// are applied in order over the checkpoint, so replaying them rebuilds the state they described.
// Any other change (a developer, an app, a token, a clock move) makes the next write a checkpoint.

export interface AppendLogLine {
  /** The writer (one per process) and its line number: a checkpoint names the last line it holds. */
  writer: string;
  seq: number;
  rngState: number;
  balances: [mobile: string, kobo: number][];
  transactions: [mobile: string, record: TransactionRecord][];
  transfers: BankTransferRecord[];
  events: WebhookEvent[];
}

export function appendLogLine(state: SandboxState, changes: Changes, writer: string, seq: number): AppendLogLine {
  return {
    writer,
    seq,
    rngState: state.rng.seedState,
    balances: [...changes.wallets].map((wallet) => [wallet.record.mobile, wallet.record.balance]),
    transactions: [...changes.transactions].map(([record, wallet]) => [wallet.record.mobile, record]),
    transfers: [...changes.transfers],
    events: [...changes.events],
  };
}

/** Applies one line; records already there are replaced in place (their time never changes). */
export function replayLine(state: SandboxState, line: AppendLogLine): void {
  state.rng.seedState = line.rngState;
  for (const [mobile, kobo] of line.balances) {
    const wallet = state.wallets.wallet(mobile);
    if (wallet) wallet.record.balance = kobo;
  }
  for (const [mobile, record] of line.transactions) {
    const wallet = state.wallets.wallet(mobile);
    const existing = wallet?.find(record.reference);
    if (existing) Object.assign(existing, record);
    else wallet?.insert(record);
  }
  for (const transfer of line.transfers) state.transfers.set(transfer.reference, transfer);
  for (const event of line.events) state.putEvent(event);
}

/**
 * The lines of an append log that follow the checkpoint: those of the checkpoint's writer after
 * the line it names, in order. A torn line (the tail of a killed write, never acknowledged) is
 * skipped.
 */
export function linesAfter(text: string, writer: string | undefined, seq: number): AppendLogLine[] {
  const lines: AppendLogLine[] = [];
  for (const raw of text.split('\n')) {
    if (raw === '') continue;
    let line: AppendLogLine;
    try {
      line = JSON.parse(raw) as AppendLogLine;
    } catch {
      continue;
    }
    if (line.writer === writer && line.seq > seq) lines.push(line);
  }
  return lines;
}
