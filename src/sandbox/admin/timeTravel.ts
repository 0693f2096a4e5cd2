import { SandboxEnv } from '../http/router';

/** Moves the virtual clock and runs everything due by the new time before resolving. */
export async function advanceClock(env: SandboxEnv, ms: number): Promise<void> {
  env.clock.advance(ms);
  env.state.clockMoved(env.clock.offsetMs);
  await env.scheduler.runDue();
  await env.durable();
}
