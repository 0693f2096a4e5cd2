import { objectId } from './ids';
import { generateHistory } from '../seed/seededHistory';
import type { SandboxState } from './state';

/** Bulk history for benchmarks, spread over the last year and merged in time order. */
export function generateTransactions(state: SandboxState, mobile: string, count: number, nowMs: number): void {
  const wallet = state.requireWallet(mobile);
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new Error('count must be a non-negative whole number');
  }
  const generated = generateHistory(state.rng, count, nowMs - 365 * 24 * 3600 * 1000, nowMs, false);
  for (const tx of generated) {
    // Ids carry 64 random bits, but a clash would break lookups, so check anyway.
    while (wallet.hasReference(tx._id)) {
      tx._id = tx.reference = objectId(state.rng, Date.parse(tx.createdAt));
    }
  }
  wallet.merge(generated);
  state.changed(mobile);
}
