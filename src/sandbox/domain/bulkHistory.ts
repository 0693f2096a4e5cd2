import { setImmediate as nextTurn } from 'node:timers/promises';
import { invalid, limitReached } from '../vocabulary/errors';
import { objectId } from './random';
import { generateHistory } from './seed/seededHistory';
import type { SandboxState } from './state';
import { mergeByTime, type Wallet } from './wallet';
import type { TransactionRecord } from '../types';

// Bulk history for long lists, spread over the last year and merged in time order. Bounded per
// call and per wallet; made in chunks, and the sandbox answers other clients between chunks, so a
// big call never holds them up for long (docs/sandbox.md: no other client waits more than 50 ms).

/** The most transactions one call generates. */
export const MAX_GENERATED_PER_CALL = 10_000;
/** The most transactions a wallet's history may reach by generating. */
export const MAX_GENERATED_HISTORY = 100_000;
/**
 * The most transactions all wallets of all worlds of a sandbox may hold for generating to add more,
 * or for a namespace to be made (worlds/namespaces.ts): about 140 MB of heap, some 700 bytes each.
 */
export const MAX_SANDBOX_HISTORY = 200_000;

/** How many transactions the whole sandbox holds (every world's wallets); by default, this state's. */
export type HistorySize = () => number;
/** Made at once between two turns of the event loop (a few milliseconds each). */
const CHUNK = 250;

/**
 * Adds `count` generated transactions to the wallet, letting other requests through between
 * chunks: POST /__sandbox/generate and the Node control alike (worlds/walletOperations.ts).
 */
export async function generateTransactionsInTurns(
  state: SandboxState,
  mobile: string,
  count: number,
  nowMs: number,
  sandboxSize?: HistorySize,
): Promise<void> {
  const wallet = checkedWallet(state, mobile, count, sandboxSize);
  let made: TransactionRecord[] = [];
  for (let done = 0; done < count; done += CHUNK) {
    if (done > 0) await nextTurn();
    made = mergeByTime(made, chunk(state, wallet, Math.min(CHUNK, count - done), nowMs));
  }
  // Checked again: another call may have grown the wallet meanwhile.
  checkedWallet(state, mobile, count, sandboxSize);
  add(state, wallet, made);
}

function checkedWallet(state: SandboxState, mobile: string, count: number, sandboxSize: HistorySize = () => historySize(state)): Wallet {
  const wallet = state.wallets.requireWallet(mobile);
  if (!Number.isSafeInteger(count) || count < 0) {
    throw invalid('count must be a whole number, 0 or more');
  }
  if (count > MAX_GENERATED_PER_CALL) {
    throw limitReached(
      400,
      `count may be at most ${MAX_GENERATED_PER_CALL} per call, so the sandbox keeps answering others; call again for more`,
    );
  }
  const total = count > 0 ? sandboxSize() : 0;
  if (total + count > MAX_SANDBOX_HISTORY) {
    throw limitReached(
      409,
      `The sandbox's wallets hold ${total} transactions; generating may take them to ${MAX_SANDBOX_HISTORY} in all. ` +
        'Reset wallets (POST /__sandbox/reset?mobile=...), worlds or namespaces, or delete namespaces, to make room',
    );
  }
  if (count > 0 && wallet.size + count > MAX_GENERATED_HISTORY) {
    throw limitReached(
      409,
      `A wallet's history may grow to ${MAX_GENERATED_HISTORY} transactions by generating; this one has ${wallet.size}. ` +
        'Generate fewer, or reset the wallet (POST /__sandbox/reset?mobile=...) to start again',
    );
  }
  return wallet;
}

/** How many transactions the wallets of `state` hold. */
export function historySize(state: SandboxState): number {
  let total = 0;
  for (const mobile of state.wallets.mobiles()) total += state.wallets.requireWallet(mobile).size;
  return total;
}

function chunk(state: SandboxState, wallet: Wallet, count: number, nowMs: number): TransactionRecord[] {
  const generated = generateHistory(state.rng, count, nowMs - 365 * 24 * 3600 * 1000, nowMs, false);
  for (const tx of generated) {
    // Ids carry 64 random bits, but a clash would break lookups, so check anyway.
    while (wallet.hasReference(tx._id)) {
      tx._id = tx.reference = objectId(state.rng, Date.parse(tx.createdAt));
    }
  }
  return generated;
}

function add(state: SandboxState, wallet: Wallet, made: TransactionRecord[]): void {
  if (made.length === 0) return;
  wallet.merge(made);
  state.changed(wallet.record.mobile);
}
