import type { SandboxEnv } from './env';

/**
 * Moves the virtual clock by `ms` and, before resolving, runs everything due within that span in
 * time order (settlements, each webhook attempt at its time, awaiting the receiver's answer); the
 * clock's new time is saved even when the advance stopped early (too many tasks).
 */
export async function advanceClock(env: SandboxEnv, ms: number): Promise<void> {
  // This world's: a reset during the advance swaps env's, and the old world's advance ends on its own.
  const { clock, scheduler, state } = env;
  clock.checkAdvance(ms); // before any task runs: a refused advance changes nothing
  try {
    await scheduler.travel(ms, clock);
  } finally {
    state.clockMoved(clock.offsetMs, clock.frozenAtMs);
  }
  await env.durable();
}
