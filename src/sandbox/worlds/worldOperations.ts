import { ApiError, ErrorCode, invalid } from '../vocabulary/errors';
import { runTestEvent, testEventInput } from './testEvents';
import { EVENT_FILTER_FIELDS, eventsInput, eventsPage } from './eventsPage';
import { publicEvent } from '../domain/webhooks';
import { parseFault } from './faults';
import { checkKnob, KNOB_LIMITS, type KnobName } from './knobs';
import type { SandboxEnv } from './env';
import { exportScenario } from '../scenario/export';
import type { SandboxChange, WebhookEvent } from '../types';
import type { RawInput } from './input';
import { operation } from './operation';

// The operations on a world as a whole: its clock, webhook events, faults and knobs, journal,
// reset and export.

/** The longest one advance may move the clock. */
export const MAX_ADVANCE_SECONDS = 10 * 365 * 86400;

const none = { input: () => ({}) };

function idInput(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw invalid(`${field} is required`);
  return value.slice(0, 200);
}

function clockData(env: SandboxEnv): { now: string; offsetMs: number; frozen: boolean } {
  const { clock } = env;
  return { now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs, frozen: clock.frozenAtMs !== undefined };
}

function eventById(env: SandboxEnv, id: string): WebhookEvent {
  const event = env.state.events.get(id);
  if (!event)
    throw new ApiError(404, ErrorCode.eventNotFound, `No webhook event has id ${id.slice(0, 40)}; GET /__sandbox/events lists them`);
  return event;
}

/** Seconds: a number, or its decimal string (a form body carries one). */
function secondsInput(raw: RawInput): { seconds: number } {
  const given = raw['seconds'];
  const seconds = typeof given === 'string' && /^\d{1,12}(\.\d{1,9})?$/.test(given) ? Number(given) : given;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_ADVANCE_SECONDS) {
    throw invalid(`seconds must be a number greater than 0 and at most ${MAX_ADVANCE_SECONDS} (ten years)`);
  }
  return { seconds };
}

/** What the advance made happen, for a caller in another process (the agent tool says it). */
async function advance(env: SandboxEnv, seconds: number) {
  const transfers: SandboxChange['transfers'] = [];
  const events = new Map<string, WebhookEvent['state']>();
  const stop = env.onChange((change) => {
    transfers.push(...change.transfers);
    for (const event of change.events) events.set(event.id, event.state);
  });
  try {
    await advanceClock(env, seconds * 1000);
  } finally {
    stop();
  }
  return { ...clockData(env), changed: { transfers, events: [...events].map(([id, state]) => ({ id, state })) } };
}

function knobsInput(raw: RawInput): Partial<Record<KnobName, number>> {
  const knobs: Partial<Record<KnobName, number>> = {};
  for (const [name, value] of Object.entries(raw)) {
    // Own keys only: `in` would take constructor, toString or __proto__ from the prototype (a 500).
    if (!Object.hasOwn(KNOB_LIMITS, name)) {
      throw invalid(
        `Unknown knob "${name.slice(0, 40)}"; knobs are ${Object.keys(KNOB_LIMITS).join(', ')} (faults have their own endpoint)`,
      );
    }
    // A knob named with no value (setLatency(undefined) from Node) is refused, not skipped: JSON never carries one.
    knobs[name as KnobName] = checkKnob(name as KnobName, value);
  }
  return knobs;
}

export const worldOperations = {
  clock: operation({ route: { method: 'GET', path: '/__sandbox/clock' }, ...none, run: (env: SandboxEnv) => clockData(env) }),
  advanceClock: operation({
    route: { method: 'POST', path: '/__sandbox/clock/advance', body: true },
    input: secondsInput,
    run: (env: SandboxEnv, { seconds }) => advance(env, seconds),
  }),
  // A page at a time (eventsPage.ts): the newest 100 within 512 KiB, `nextBefore` for the next.
  events: operation({
    route: { method: 'GET', path: '/__sandbox/events', query: [...EVENT_FILTER_FIELDS, 'limit', 'before'] },
    input: eventsInput,
    run: (env: SandboxEnv, input) => eventsPage(env, input),
  }),
  // Before /:id, so that "test" is never read as an id.
  sendTestEvent: operation({
    route: { method: 'POST', path: '/__sandbox/events/test', body: true },
    input: testEventInput,
    run: (env: SandboxEnv, input) => runTestEvent(env, input),
  }),
  event: operation({
    route: { method: 'GET', path: '/__sandbox/events/:id' },
    input: (raw) => ({ id: idInput(raw['id'], 'id') }),
    run: (env: SandboxEnv, { id }) => ({ event: publicEvent(eventById(env, id)) }),
  }),
  redeliverEvent: operation({
    route: { method: 'POST', path: '/__sandbox/events/:id/redeliver' },
    input: (raw) => ({ id: idInput(raw['id'], 'id') }),
    run: (env: SandboxEnv, { id }) => {
      const event = eventById(env, id);
      env.webhooks.redeliver(event);
      return { event: publicEvent(event) };
    },
  }),
  // Check Webhook Handler ends its events' retries with it: they were the check's, not the app's.
  stopEvent: operation({
    route: { method: 'POST', path: '/__sandbox/events/:id/stop' },
    input: (raw) => ({ id: idInput(raw['id'], 'id') }),
    run: (env: SandboxEnv, { id }) => {
      const event = eventById(env, id);
      env.webhooks.stop(event);
      return { event: publicEvent(event) };
    },
  }),
  knobs: operation({ route: { method: 'GET', path: '/__sandbox/knobs' }, ...none, run: (env: SandboxEnv) => ({ knobs: env.knobs }) }),
  setKnobs: operation({
    route: { method: 'PATCH', path: '/__sandbox/knobs', body: true },
    input: knobsInput,
    run: (env: SandboxEnv, knobs) => {
      for (const [name, value] of Object.entries(knobs) as [KnobName, number][]) env.knobs[name] = value;
      if (Object.keys(knobs).length > 0) env.knobControl.changed();
      return { knobs: env.knobs };
    },
  }),
  addFault: operation({
    route: { method: 'POST', path: '/__sandbox/faults', body: true },
    input: (raw) => parseFault(raw),
    // The fault limit (409 90008) is the knobs' own: it holds for scenario files and Sandbox.knobs too.
    run: (env: SandboxEnv, fault) => ({ fault: env.knobControl.add(fault) }),
  }),
  clearFaults: operation({
    route: { method: 'DELETE', path: '/__sandbox/faults' },
    ...none,
    run: (env: SandboxEnv) => ({ cleared: env.knobControl.clear() }),
  }),
  removeFault: operation({
    route: { method: 'DELETE', path: '/__sandbox/faults/:id' },
    input: (raw) => ({ id: idInput(raw['id'], 'id') }),
    run: (env: SandboxEnv, { id }) => ({ removed: env.knobControl.remove(id) }),
  }),
  clearRequests: operation({
    route: { method: 'DELETE', path: '/__sandbox/requests' },
    ...none,
    run: (env: SandboxEnv) => {
      env.requests.clear();
      return { requests: [] };
    },
  }),
  exportScenario: operation({
    route: { method: 'GET', path: '/__sandbox/scenario' },
    ...none,
    run: (env: SandboxEnv) =>
      exportScenario({
        state: env.state.toJSON(),
        knobs: env.knobs,
        nowMs: env.now(),
        ...(env.scenario ? { scenario: env.scenario } : {}),
      }),
  }),
  reset: operation({
    route: { method: 'POST', path: '/__sandbox/reset' },
    ...none,
    run: async (env: SandboxEnv) => {
      await env.reset();
      return { reset: true as const, clock: clockData(env) };
    },
  }),
};

// The integration review's reads and clear (docs/integration-review.md), defined once for Node,
// the admin API and the remote client (env.ts watchFindings feeds them).

export const findingOperations = {
  findings: operation({
    route: { method: 'GET', path: '/__sandbox/findings' },
    input: () => ({}),
    run: (env: SandboxEnv) => ({ findings: env.findings.list() }),
  }),
  clearFindings: operation({
    route: { method: 'DELETE', path: '/__sandbox/findings' },
    input: () => ({}),
    run: (env: SandboxEnv) => ({ cleared: env.findings.clear() }),
  }),
};

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
