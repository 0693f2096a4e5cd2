import { VirtualClock } from '../domain/clock';
import { Ledger } from '../domain/ledger';
import { Scheduler } from '../domain/scheduler';
import { SandboxState } from '../domain/state';
import { Webhooks } from '../domain/webhooks';

// A world: one state with the clock, scheduler, webhooks and ledger that act on it. The sandbox
// serves one (swapped whole by a reset) and one per namespace.

export interface World {
  state: SandboxState;
  clock: VirtualClock;
  scheduler: Scheduler;
  webhooks: Webhooks;
  ledger: Ledger;
}

/** The services of `state`, its pending settlements and webhook retries scheduled again; `namespace` names a namespace's world. */
export function openWorld(state: SandboxState, realNow: () => number, onError: (error: unknown) => void, namespace?: string): World {
  const clock = new VirtualClock(realNow, state.clockOffsetMs, state.clockFrozenAtMs);
  const now = (): number => clock.now();
  const scheduler = new Scheduler(now, onError);
  const webhooks = new Webhooks(state, scheduler, now, namespace);
  const ledger = new Ledger(state, now, scheduler, webhooks);
  ledger.restore();
  webhooks.restore();
  return { state, clock, scheduler, webhooks, ledger };
}
