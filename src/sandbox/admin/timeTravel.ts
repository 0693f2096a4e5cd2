import { checkSpan } from '../domain/clock';
import { SandboxEnv } from '../http/router';

/**
 * Moves the virtual clock by `ms` and, before resolving, runs everything due within that span in
 * time order (settlements, each webhook attempt at its time, awaiting the receiver's answer); the
 * clock's new time is saved even when the advance stopped early (too many tasks).
 */
export async function advanceClock(env: SandboxEnv, ms: number): Promise<void> {
  checkSpan(ms);
  // This world's: a reset during the advance swaps env's, and the old world's advance ends on its own.
  const { clock, scheduler, state } = env;
  try {
    await scheduler.travel(ms, clock);
  } finally {
    state.clockMoved(clock.offsetMs, clock.frozenAtMs);
  }
  await env.durable();
}
