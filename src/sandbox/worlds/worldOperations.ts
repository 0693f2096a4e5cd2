import * as v from 'valibot';
import { ApiError, ErrorCode } from '../vocabulary/errors';
import { runTestEvent, TestEventSchema } from './testEvents';
import { EVENT_FILTER_FIELDS, eventsFilter, eventsPage, EventsQuery } from './eventsPage';
import { publicEvent } from '../domain/webhooks';
import { FaultInput } from './faults';
import { SetKnobsSchema, type KnobName } from './knobs';
import { settledFindings, type SandboxEnv } from './env';
import { SEVERITIES, type FindingsQuery } from '../findings/finding';
import { exportScenario } from '../scenario/export';
import type { SandboxChange, WebhookEvent } from '../types';
import { arrayOf, EVENT_STATES, object, pagedAnswer, ref, WAITED } from './answers';
import { idField } from './input';
import { operation, type AdminDoc } from './operation';

// The operations on a world as a whole: its clock, webhook events, faults and knobs, journal,
// reset and export.

/** The longest one advance may move the clock. */
export const MAX_ADVANCE_SECONDS = 10 * 365 * 86400;

const NONE = v.strictObject({});

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

const SECONDS = `must be a number greater than 0 and at most ${MAX_ADVANCE_SECONDS} (ten years)`;

/** Seconds: a number, or its decimal string (a form body carries one). */
const AdvanceInput = v.strictObject({
  seconds: v.pipe(
    v.union([v.number(SECONDS), v.pipe(v.string(SECONDS), v.regex(/^\d{1,12}(\.\d{1,9})?$/, SECONDS), v.transform(Number))], SECONDS),
    v.number(SECONDS),
    v.gtValue(0, SECONDS),
    v.maxValue(MAX_ADVANCE_SECONDS, SECONDS),
    v.description('How far to move the virtual clock, in seconds (fractions allowed)'),
  ),
});

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

const AdvanceAnswer = object({
  now: { type: 'string', format: 'date-time' },
  offsetMs: { type: 'number', description: 'How far the virtual clock is ahead of real time' },
  frozen: { type: 'boolean', description: 'true: the clock moves only when advanced' },
  changed: object(
    {
      transfers: arrayOf(
        object({ reference: { type: 'string' }, mobile: ref('Mobile'), status: { enum: ['pending', 'success', 'failed'] } }),
        { description: 'Bank transfers created or settled meanwhile' },
      ),
      events: arrayOf(object({ id: { type: 'string' }, state: { enum: [...EVENT_STATES] } }), {
        description: 'Webhook events sent or attempted meanwhile, in their state after the advance',
      }),
    },
    [],
    { description: 'What the advance made happen (and anything else that changed meanwhile)' },
  ),
});

const EXPORT_DOC: AdminDoc = {
  id: 'saveScenario',
  summary: 'The world as it is now, written as a scenario file that loads back to it (Save Sandbox as Scenario)',
  description:
    'Apps, wallets with balances, histories and fixed passcodes, bank accounts, webhook URLs, faults, latency, the seed and the ' +
    'clock. The sandbox keeps only hashes of passwords and app keys: it writes those the scenario it started from gave (proved ' +
    'against their hashes), gives every other developer (listed in `sandboxPasswords`) the password `wallet-sandbox`, and leaves ' +
    'out app keys it cannot know (`apps[].sandboxKey` false; the caller may fill in keys it holds at `apps[].path`). Everything ' +
    'written is a sandbox fixture, not a secret of a real service.',
  answered: 'The scenario',
  answer: object({
    scenario: { type: 'object', description: 'A scenario file (scenario.schema.json, docs/scenarios.md)' },
    apps: arrayOf(
      object({
        path: { type: 'string', description: 'Where the app is in the file, such as developers[0].apps[1]' },
        id: { type: 'string' },
        name: { type: 'string' },
        developer: { type: 'string' },
        sandboxKey: { type: 'boolean', description: 'Whether the file holds its sandboxKey' },
      }),
    ),
    sandboxPasswords: arrayOf({ type: 'string' }, { description: 'E-mails of the developers written with the password wallet-sandbox' }),
    notes: arrayOf({ type: 'string' }, { description: 'What the file cannot say as the sandbox has it, one sentence each' }),
  }),
};

/** POST /__sandbox/reset, with or without a mobile (the wallet's reset shares the route: walletOperations.ts). */
const RESET_DOC: AdminDoc = {
  id: 'reset',
  summary: 'Without mobile: puts the whole sandbox back to the world it started from; with mobile: that wallet only',
  description:
    'Without `mobile` (`Sandbox.reset()`, `sandbox.reset()` in the package): the world goes back to the scenario the sandbox ' +
    'started from, or to a fresh world of the same seed when it started without one. Wallets, balances, transactions, bank ' +
    "transfers, webhook events, the request journal, the scenario's faults, latency and token lifetime all go back, and the " +
    "clock goes back to the scenario's start (or the real now). Tokens, refresh tokens and passcodes issued before stop working; " +
    'namespaces are left alone. With a state file, the reset world is written before the answer. It takes milliseconds: the ' +
    'world is copied from a snapshot kept at start.\n\nWith `mobile`: that wallet only gets back its seeded history, accounts ' +
    "and balance (tokens, passcodes, pending transfers and events stay). Sent a namespace's `X-App-Key`, either acts on that " +
    'namespace: the whole reset puts it back to its start and keeps its keys (as POST /__sandbox/namespaces/{id}/reset).',
  answer: object({ reset: { const: true }, clock: ref('Clock') }),
};

const EventAnswer = object({ event: ref('WebhookEvent') });
const KnobsAnswer = object({ knobs: ref('Knobs') });
const ById = (description: string) => v.strictObject({ id: v.pipe(idField, v.description(description)) });

export const worldOperations = {
  clock: operation({
    route: { method: 'GET', path: '/__sandbox/clock' },
    accepts: NONE,
    doc: { id: 'getClock', summary: "The sandbox's virtual clock", answer: ref('Clock') },
    run: (env: SandboxEnv) => clockData(env),
  }),
  advanceClock: operation({
    route: { method: 'POST', path: '/__sandbox/clock/advance', body: true },
    accepts: AdvanceInput,
    doc: {
      id: 'advanceClock',
      summary:
        'Moves the virtual clock forward; everything due within the span (settlements, token expiry, each webhook attempt) ' +
        'happens in time order before the answer',
      body: 'AdvanceClockRequest',
      errors: {
        409: 'More than 100000 scheduled tasks fell due within the span (90009): the clock stopped at the last one run; advance again to run the rest',
      },
      answer: AdvanceAnswer,
    },
    run: (env: SandboxEnv, { seconds }) => advance(env, seconds),
  }),
  // A page at a time (eventsPage.ts): the newest 100 within 512 KiB, `nextBefore` for the next.
  events: operation({
    route: { method: 'GET', path: '/__sandbox/events', query: [...EVENT_FILTER_FIELDS, 'limit', 'before', 'waitMs'] },
    accepts: EventsQuery,
    doc: {
      id: 'listEvents',
      summary:
        'Webhook events, newest first, with their delivery attempts (filtered; awaited with waitMs), a page at a time: ' +
        'the newest 100 (limit) within 512 KiB of JSON, and nextBefore for the next page',
      errors: { 408: WAITED },
      answer: pagedAnswer('events', 'WebhookEvent', { type: 'string' }, 'events'),
    },
    run: (env: SandboxEnv, query) => eventsPage(env, { filter: eventsFilter(query), limit: query.limit, before: query.before }),
  }),
  // Before /:id, so that "test" is never read as an id.
  sendTestEvent: operation({
    route: { method: 'POST', path: '/__sandbox/events/test', body: true },
    accepts: TestEventSchema,
    doc: {
      id: 'sendTestEvent',
      summary: 'Triggers a test webhook event: made up, or (transfer: true) the event of a real ₦1.00 test transfer',
      body: 'TestEventRequest',
      answer: EventAnswer,
    },
    run: (env: SandboxEnv, input) => runTestEvent(env, input),
  }),
  event: operation({
    route: { method: 'GET', path: '/__sandbox/events/:id' },
    accepts: ById("The event's id, as GET /__sandbox/events lists it"),
    doc: { id: 'getEvent', summary: 'One webhook event with its attempts', answer: EventAnswer },
    run: (env: SandboxEnv, { id }) => ({ event: publicEvent(eventById(env, id)) }),
  }),
  redeliverEvent: operation({
    route: { method: 'POST', path: '/__sandbox/events/:id/redeliver' },
    accepts: ById("The event's id, as GET /__sandbox/events lists it"),
    doc: { id: 'redeliverEvent', summary: 'Starts a new delivery run of the event (same event id)', answer: EventAnswer },
    run: (env: SandboxEnv, { id }) => {
      const event = eventById(env, id);
      env.webhooks.redeliver(event);
      return { event: publicEvent(event) };
    },
  }),
  // Check Webhook Handler ends its events' retries with it: they were the check's, not the app's.
  stopEvent: operation({
    route: { method: 'POST', path: '/__sandbox/events/:id/stop' },
    accepts: ById("The event's id, as GET /__sandbox/events lists it"),
    doc: {
      id: 'stopEvent',
      summary:
        "Ends the event's delivery run: no more attempts; an event still pending or retrying is marked failed " +
        '(Check Webhook Handler ends its own events so)',
      answer: EventAnswer,
    },
    run: (env: SandboxEnv, { id }) => {
      const event = eventById(env, id);
      env.webhooks.stop(event);
      return { event: publicEvent(event) };
    },
  }),
  knobs: operation({
    route: { method: 'GET', path: '/__sandbox/knobs' },
    accepts: NONE,
    doc: { id: 'getKnobs', summary: 'The knobs', answer: KnobsAnswer },
    run: (env: SandboxEnv) => ({ knobs: env.knobs }),
  }),
  setKnobs: operation({
    route: { method: 'PATCH', path: '/__sandbox/knobs', body: true },
    accepts: SetKnobsSchema,
    doc: { id: 'updateKnobs', summary: 'Partial update of the knobs; unknown names are a 400', body: 'KnobsUpdate', answer: KnobsAnswer },
    run: (env: SandboxEnv, knobs) => {
      for (const [name, value] of Object.entries(knobs) as [KnobName, number][]) env.knobs[name] = value;
      if (Object.keys(knobs).length > 0) env.knobControl.changed();
      return { knobs: env.knobs };
    },
  }),
  addFault: operation({
    route: { method: 'POST', path: '/__sandbox/faults', body: true },
    accepts: FaultInput,
    doc: {
      id: 'addFault',
      summary: 'Adds a fault',
      body: 'Fault',
      errors: { 409: 'LimitReached' },
      answer: object({ fault: ref('AddedFault') }),
    },
    // The fault limit (409 90008) is the knobs' own: it holds for scenario files and Sandbox.knobs too.
    run: (env: SandboxEnv, fault) => ({ fault: env.knobControl.add(fault) }),
  }),
  clearFaults: operation({
    route: { method: 'DELETE', path: '/__sandbox/faults' },
    accepts: NONE,
    doc: {
      id: 'clearFaults',
      summary: 'Removes every fault',
      answer: object({ cleared: { type: 'integer', minimum: 0, description: 'How many faults were removed' } }),
    },
    run: (env: SandboxEnv) => ({ cleared: env.knobControl.clear() }),
  }),
  removeFault: operation({
    route: { method: 'DELETE', path: '/__sandbox/faults/:id' },
    accepts: ById("A fault's id, as GET /__sandbox/knobs lists it"),
    doc: {
      id: 'removeFault',
      summary: 'Removes one fault (removed is false when it was cleared or used up meanwhile)',
      answer: object({ removed: { type: 'boolean' } }),
    },
    run: (env: SandboxEnv, { id }) => ({ removed: env.knobControl.remove(id) }),
  }),
  clearRequests: operation({
    route: { method: 'DELETE', path: '/__sandbox/requests' },
    accepts: NONE,
    doc: {
      id: 'clearRequests',
      summary: 'Empties the request journal (ids go on from where they were)',
      answer: object({ requests: { type: 'array', maxItems: 0 } }),
    },
    run: (env: SandboxEnv) => {
      env.requests.clear();
      return { requests: [] };
    },
  }),
  exportScenario: operation({
    route: { method: 'GET', path: '/__sandbox/scenario' },
    accepts: NONE,
    doc: EXPORT_DOC,
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
    accepts: NONE,
    doc: RESET_DOC,
    run: async (env: SandboxEnv) => {
      await env.reset();
      return { reset: true as const, clock: clockData(env) };
    },
  }),
};

// The integration review's reads and clear (docs/integration-review.md), defined once for Node,
// the admin API and the remote client (env.ts watchFindings feeds them).

/** GET /__sandbox/findings's query: `scope` and `severity`, each one of its words (Node's findings(query) is checked with it too). */
export const FindingsQuerySchema = v.strictObject({
  scope: v.optional(
    v.pipe(
      v.picklist(['world', 'run'], 'must be world or run'),
      v.description(
        "world (the default): this world's since its last reset; run: every one since the sandbox started (a namespace's: its own)",
      ),
    ),
  ),
  severity: v.optional(
    v.pipe(
      v.picklist(SEVERITIES, `must be ${SEVERITIES.join(', ')}`),
      v.description('Only findings at least this severe (warning: errors and warnings)'),
    ),
  ),
});

export const findingOperations = {
  findings: operation({
    route: { method: 'GET', path: '/__sandbox/findings', query: ['scope', 'severity'] },
    accepts: FindingsQuerySchema,
    doc: {
      id: 'findings',
      summary: 'What the app under test did wrong, oldest first (the integration review)',
      description:
        'Computed as traffic arrives: each request the world answers and each webhook attempt it makes (docs/integration-review.md). ' +
        'A rule that waits (a requery after an acknowledged webhook, after an unheard transfer) is judged here, after a grace of ' +
        "half a second for the app's work still on its way. A world keeps its last 500 findings; a reset empties what it shows, a " +
        'DELETE forgets them. scope=run answers every finding since the sandbox started, across resets and deleted namespaces ' +
        "(the newest 2000). A namespace's are reached with its key as X-App-Key.",
      answer: object({ findings: arrayOf(ref('Finding')) }),
    },
    run: async (env: SandboxEnv, query: FindingsQuery) => ({ findings: await settledFindings(env, query) }),
  }),
  clearFindings: operation({
    route: { method: 'DELETE', path: '/__sandbox/findings' },
    accepts: v.strictObject({}),
    doc: {
      id: 'clearFindings',
      summary: "Forgets the findings (and what the rules remembered); the run's record forgets them too",
      answer: object({ cleared: { type: 'integer', minimum: 0, description: 'How many findings there were.' } }),
    },
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
