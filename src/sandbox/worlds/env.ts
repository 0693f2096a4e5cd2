import { VirtualClock } from '../domain/clock';
import { Ledger } from '../domain/ledger';
import { Scheduler } from '../domain/scheduler';
import { SandboxState } from '../domain/state';
import { Webhooks } from '../domain/webhooks';
import { RequestJournal } from '../requests/journal';
import type { FindingsBook } from '../findings/findingsBook';
import { atLeast, type Finding, type FindingsQuery } from '../findings/finding';
import type { Scenario } from '../scenario/format';
import { ChangeFeed } from '../sharing/wire';
import { SandboxChange, SandboxKnobs, SandboxNamespaces } from '../types';
import { Knobs } from './knobs';

// A world: one state with the clock, scheduler, webhooks and ledger that act on it (the sandbox
// serves one, swapped whole by a reset, and one per namespace); and the env its handlers and
// operations reach it by (http/router.ts's handlers, worlds/operations.ts).

/** What a handler may reach: the state, the knobs, the clock and the money services. */
export interface SandboxEnv {
  state: SandboxState;
  /** The knobs as requests read them (knobControl.raw). */
  knobs: SandboxKnobs;
  /** Changes the knobs and reports it (the admin API); a change made to `knobs` directly is told to it. */
  knobControl: Knobs;
  /** The request journal (GET /__sandbox/requests). */
  requests: RequestJournal;
  /** What the app under test does wrong, found in this world's traffic (GET /__sandbox/findings; watchFindings feeds it). */
  findings: FindingsBook;
  /** The virtual clock's time (epoch ms). */
  now(): number;
  startedAt: number;
  clock: VirtualClock;
  scheduler: Scheduler;
  ledger: Ledger;
  webhooks: Webhooks;
  /**
   * Resolves once every change made so far is on disk (at once without a state file); rejects
   * with 503 90006 when that write fails, its money changes undone (http/routes/money.ts moveMoney).
   */
  durable(): Promise<void>;
  /** Random per sandbox (the owner file names it; GET /__sandbox/health answers it). */
  instance: string;
  role: string;
  /** Calls `listener` after every change; returns the unsubscribe. */
  onChange(listener: (change: SandboxChange) => void): () => void;
  /** The streams of GET /__sandbox/watch. */
  feed: ChangeFeed;
  /** The scenario the sandbox started from, if any: GET /__sandbox/scenario writes the keys and passwords it fixed. */
  scenario?: Scenario;
  /** The sandbox's namespaces (the same registry in every env: worlds/namespaces.ts). */
  namespaces: NamespaceWorlds;
  /**
   * With allowRemote, what the root world's admin calls must carry (Authorization: Bearer), and
   * what unmasks any world's journal over HTTP (http/adminToken.ts). Every env of the sandbox has it.
   */
  adminToken?: string;
  /** The namespace's id when this env is one's; undefined for the sandbox's own world. */
  namespace?: string;
  /** Aborted when the sandbox closes: the admin API's waits (waitMs) end with it, so no timer outlives close(). */
  closing: AbortSignal;
  /** Puts the world back to where it started (Sandbox.reset): state, clock, scheduler, webhooks and ledger are new after it. */
  reset(): Promise<void>;
}

/** The namespaces as the server routes to them. */
export interface NamespaceWorlds extends SandboxNamespaces {
  /** The env of the namespace whose app key this is, if any: the only way a request reaches a namespace. */
  envForKey(key: string): SandboxEnv | undefined;
  /** Routes the namespace's keys as its apps hold them now (after a key reissue inside it). */
  keysChanged(id: string): void;
  /** How many transactions the wallets of every world hold (what generating is bounded by). */
  historySize(): number;
}

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

/**
 * Feeds the env's findings from its journal, in the order the requests arrived (a request whose
 * client gave up comes before the retry that followed it), and its webhook events' attempts (the
 * env's state is read at each change: it follows a reset).
 */
export function watchFindings(env: SandboxEnv): void {
  env.requests.onEachInOrder((entry) => env.findings.exchange(entry));
  env.findings.ledger = (mobile, reference) => {
    const transaction = env.state.wallets.wallet(mobile)?.find(reference);
    if (!transaction || transaction.direction === 'credit') return undefined;
    return { amount: transaction.amount, returned: env.state.transfers.get(reference)?.status === 'failed' };
  };
  env.onChange((change) => {
    for (const { id } of change.events) {
      const event = env.state.events.get(id);
      if (event) env.findings.event(event);
    }
  });
}

/**
 * The findings the query asks for, as they are now (what waits is judged once its grace has
 * passed). The run's, for a namespace, are its own; for the sandbox's world, every world's.
 */
export function findingsNow(env: SandboxEnv, query: FindingsQuery = {}): Finding[] {
  env.findings.judge();
  const run = env.findings.run;
  const found = query.scope === 'run' && run ? run.list(env.namespace) : env.findings.list();
  return query.severity === undefined ? found : found.filter((finding) => atLeast(finding, query.severity!));
}

/** The same, once what waits (a requery after a webhook, after an unheard transfer) was judged, its grace given. */
export async function settledFindings(env: SandboxEnv, query: FindingsQuery = {}): Promise<Finding[]> {
  const run = env.findings.run;
  await (query.scope === 'run' && env.namespace === undefined && run ? run.settled() : env.findings.settled());
  return findingsNow(env, query);
}
