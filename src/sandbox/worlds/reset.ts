import { openWorld, type SandboxEnv } from './env';
import type { StateWriter } from '../persistence/stateWriter';
import type { SandboxKnobs } from '../types';
import type { SandboxState } from '../domain/state';
import { appKeyHashes, type WorldStart } from './worldStart';

// Sandbox.reset and POST /__sandbox/reset: the world the sandbox started from, copied from its
// start (worldStart.ts) and swapped in whole; the knobs and the journal are emptied in place (whoever holds
// them keeps the same objects). The wallets' sessions (refresh tokens) carry over to the wallets it still has.

export interface ResetPlan {
  worldStart: WorldStart;
  /** The knobs as the sandbox started (the scenario's faults, latency and token lifetime). */
  knobs: SandboxKnobs;
  realNow: () => number;
  onError: (error: unknown) => void;
  writer?: StateWriter;
  /** A namespace's reset: its id (its webhooks name it), and its apps keep the keys they have now. */
  namespace?: string;
}

export async function resetWorld(env: SandboxEnv, plan: ResetPlan): Promise<void> {
  // What the review waits on (a requery still on its way) is judged first, for the run's record.
  await env.findings.settled();
  const old = env.state;
  // The old world's settlements and webhook retries stop here; an attempt already on its way ends on the old world.
  env.scheduler.stop();
  const state = plan.worldStart.copy(plan.realNow(), plan.namespace === undefined ? undefined : appKeyHashes(old));
  keepSessions(old, state);
  state.onChange = old.onChange;
  Object.assign(env, openWorld(state, plan.realNow, plan.onError, plan.namespace));
  setKnobs(env.knobs, plan.knobs);
  env.knobControl.changed();
  env.requests.clear();
  // The world shows no findings after it; the run keeps what it found.
  env.findings.reset();
  plan.writer?.adopt(state);
  const wallets = [...new Set([...old.wallets.mobiles(), ...state.wallets.mobiles()])];
  state.onChange({ wallets, transfers: [], events: [], knobs: true, clock: true, reset: true });
  await env.durable();
}

/**
 * The refresh tokens of wallets the new world has go on working, as an app holds them (its
 * webhook handler, the editor): their access tokens do not (a new signing secret), so the app's
 * next call gets a 401 and its refresh gets it a new one. Revoke them to end them.
 */
function keepSessions(old: SandboxState, state: SandboxState): void {
  state.credentials.restore(old.credentials.savedRefreshTokens().filter((session) => state.wallets.wallet(session.mobile) !== undefined));
}

/** Sets `knobs` (in place) to `to`: the same objects, their content as at the start. */
export function setKnobs(knobs: SandboxKnobs, to: SandboxKnobs): void {
  knobs.tokenLifetimeSeconds = to.tokenLifetimeSeconds;
  knobs.latencyMs = to.latencyMs;
  knobs.faults.length = 0;
  for (const fault of to.faults) knobs.faults.push({ ...fault });
}
