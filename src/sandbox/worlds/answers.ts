import * as v from 'valibot';
import { FaultSchema, KNOB_SCHEMAS, MAX_FAULTS } from '../domain/inputs';
import { FINDING_RULES } from '../findings/finding';
import type { JsonSchema } from './operation';

// The shapes of the admin API's answers, for the admin half of openapi.json (npm run
// openapi:admin writes it from the operations' table, these and the input schemas): the
// components its answers name. Those made of an input concept are made from its schema, so an
// answer says the limits the input has. The unit suite checks every answer the sandbox sends
// against the document (test/unit/support/contract.ts): a shape here that drifts fails a test.

/** A component of openapi.json: one of ANSWER_SCHEMAS, or of the hand-written API half (Mobile, Transaction, Error, …). */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** An object of exactly these properties, each required but those named `optional`. */
export function object(properties: Record<string, JsonSchema>, optional: readonly string[] = [], more: JsonSchema = {}): JsonSchema {
  return {
    type: 'object',
    ...more,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    properties,
    additionalProperties: false,
  };
}

export const arrayOf = (items: JsonSchema, more: JsonSchema = {}): JsonSchema => ({ type: 'array', ...more, items });

/** A paged admin read's answer: its items (`key`, each a `item`) and, when older ones remain, the `cursor` for the next page. */
export function pagedAnswer(key: string, item: string, cursor: JsonSchema, what: string): JsonSchema {
  const description = `Present when the filter takes older ${what} than this page holds: ask again with before set to it for the next page`;
  return object({ [key]: arrayOf(ref(item)), nextBefore: { ...cursor, description } }, ['nextBefore']);
}
const text = (description?: string): JsonSchema => ({ type: 'string', ...(description ? { description } : {}) });
const date = (description?: string): JsonSchema => ({ type: 'string', format: 'date-time', ...(description ? { description } : {}) });
const count = (description?: string): JsonSchema => ({ type: 'integer', minimum: 0, ...(description ? { description } : {}) });

/** A fault as the sandbox holds it: what POST /__sandbox/faults took, and the id it gave. */
const AddedFault = v.strictObject({
  id: v.pipe(v.string(), v.description('Given by the sandbox when the fault is added: DELETE /__sandbox/faults/{id} removes that fault.')),
  ...FaultSchema.entries,
});

const Knobs = v.strictObject({
  tokenLifetimeSeconds: KNOB_SCHEMAS.tokenLifetimeSeconds,
  latencyMs: KNOB_SCHEMAS.latencyMs,
  faults: v.pipe(v.array(AddedFault), v.maxLength(MAX_FAULTS), v.description('In the order they are tried.')),
});

const Clock = object({
  now: date(),
  offsetMs: { type: 'number', description: 'How far the virtual clock is ahead of real time' },
  frozen: { type: 'boolean', description: 'true: the clock moves only when advanced, never with real time (clock.frozen, --frozen-clock)' },
});

const MagicValue = object({ value: text(), bankCode: ref('BankCode'), outcome: text(), description: text() }, ['bankCode']);

const CreatedNamespace = object(
  {
    id: { type: 'string', examples: ['ns_1'] },
    createdAt: date(),
    appKey: text("The X-App-Key to send: the first app's sandbox key"),
    apps: arrayOf(object({ id: text(), name: text(), sandboxKey: text(), wallets: arrayOf(text()) })),
    wallets: arrayOf(
      object(
        {
          mobile: text(),
          name: text(),
          balance: { type: 'integer', minimum: 0, description: 'kobo' },
          passcode: text("The scenario's fixed passcode, when it sets one"),
        },
        ['passcode'],
      ),
    ),
  },
  [],
  { description: 'A namespace as POST /__sandbox/namespaces answers it: what a test needs to use it, keys included' },
);

const NamespaceSummary = object({
  id: text(),
  createdAt: date(),
  apps: arrayOf(object({ id: text(), name: text() })),
  wallets: arrayOf(text()),
  requests: count('Entries in its request journal'),
  events: count('Its webhook events'),
  now: date('Its virtual clock'),
});

const Finding = object(
  {
    id: { type: 'string', pattern: '^fnd_[0-9]+$' },
    rule: { enum: [...FINDING_RULES] },
    severity: { enum: ['error', 'warning', 'info'] },
    title: text(),
    detail: text('Why it costs money and how to fix it.'),
    requestIds: arrayOf(
      { type: 'integer', minimum: 1 },
      { description: 'Journal ids (GET /__sandbox/requests/{id}) of the requests involved.' },
    ),
    eventIds: arrayOf(text(), { description: 'Webhook events involved (GET /__sandbox/events/{id}).' }),
    docs: { type: 'string', format: 'uri' },
    at: date("The world's virtual clock when it was found."),
    namespace: text("The namespace whose traffic it was found in; absent for the sandbox's own world."),
    landed: arrayOf(
      object({
        requestId: { type: 'integer', minimum: 1, description: 'The journal id of the request that made it' },
        reference: ref('Reference'),
        amount: ref('Kobo'),
      }),
      {
        description:
          'Money findings (retried-money-post, unknown-outcome-not-requeried): the transfers the ledger shows landed for the same ' +
          'payment (its call, recipient and amount), oldest first.',
      },
    ),
    atRiskKobo: {
      type: 'integer',
      minimum: 0,
      description:
        'Money findings: the kobo paid more than once for the payment (every landed transfer after the first); findings are ordered ' +
        'by it within a severity.',
    },
  },
  ['namespace', 'landed', 'atRiskKobo'],
  { description: 'Something the app under test did that costs money in production (docs/integration-review.md).' },
);

const BODY_EXCERPT = 'UTF-8, its first 65,536 bytes';

const JournalEntry = object(
  {
    id: {
      type: 'integer',
      minimum: 1,
      description:
        '1, 2, 3… in the order the requests arrived (whole, with their bodies); never reused. An entry is listed once answered, in its place',
    },
    at: { type: 'number', description: 'When the request arrived, epoch milliseconds (the real clock)' },
    durationMs: { type: 'number', minimum: 0 },
    method: text(),
    path: text('Without the query string'),
    query: text('Without ?; empty when none'),
    requestHeaders: arrayOf(text(), { description: 'Names as the client wrote them and values in turn' }),
    headers: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: `The request headers by lower-case name (a repeated header's values joined by ", "), made from requestHeaders`,
    },
    json: { description: 'The request body parsed, when it is a JSON object or array kept whole; absent otherwise' },
    requestBody: text(BODY_EXCERPT),
    requestBodySize: count('The whole body, in bytes'),
    status: { type: 'integer', description: '0 when no answer was sent (a dropped connection)' },
    responseHeaders: {
      type: 'object',
      additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, arrayOf(text())] },
    },
    responseBody: text(BODY_EXCERPT),
    responseBodySize: count('The whole body, in bytes'),
    userAgent: text('Empty when the client sent none'),
    remoteAddress: text(),
    namespace: text("The namespace the request landed in (its X-App-Key was that namespace's); absent for the sandbox's own world"),
    unheard: {
      const: true,
      description:
        'The client did not hear the answer: it hung up or timed out before the answer came (the work was done all the same: ' +
        'status is what the API did), or none was sent (status 0). Absent when the answer reached the client',
    },
    apiAnswer: object({ status: { type: 'integer' }, body: text(BODY_EXCERPT) }, [], {
      description:
        'What the API answered when a fault after its work (phase: after) dropped that answer or sent another; the app heard status',
    }),
  },
  ['json', 'namespace', 'unheard', 'apiAnswer'],
  {
    description:
      'One request the sandbox answered and its answer, as the request journal keeps them (docs/requests.md). ' +
      "Secrets are kept as sent: the journal is the developer's own, on loopback.",
  },
);

/** A webhook event's delivery states. */
export const EVENT_STATES = ['pending', 'delivered', 'retrying', 'failed', 'withheld'] as const;

const WebhookEvent = object(
  {
    id: { type: 'string', pattern: '^evt_[0-9a-f]+$' },
    type: ref('WebhookType'),
    appId: text(),
    url: text(),
    createdAt: date(),
    state: { enum: [...EVENT_STATES] },
    payload: {
      description: "The exact JSON body POSTed to the callbackURL (the service's `{ payload: { message, type, data } }`)",
      ...ref('WebhookBody'),
    },
    nextAttemptAt: { anyOf: [date(), { type: 'null' }] },
    attempts: arrayOf(ref('Attempt'), {
      description: "The newest 50 attempts, oldest first; each attempt's number counts every attempt the event had",
      maxItems: 50,
    }),
    test: {
      const: true,
      description:
        "Sandbox only: a test event (POST /__sandbox/events/test), made up or a test transfer's; the integration review makes no " +
        "finding of it. Not in the body POSTed to the app, which keeps the service's shape",
    },
    outOfOrderAfter: {
      type: 'string',
      pattern: '^evt_[0-9a-f]+$',
      description: 'Sandbox only: an older event of the transfer, sent after this newer event (POST /__sandbox/events/{id}/older)',
    },
  },
  ['nextAttemptAt', 'test', 'outOfOrderAfter'],
);

const Attempt = object(
  {
    number: { type: 'integer', minimum: 1 },
    at: date(),
    status: { type: 'integer', description: 'The receiver’s HTTP status; 0 when no answer came' },
    durationMs: { type: 'number', minimum: 0 },
    error: text(),
    excerpt: { type: 'string', maxLength: 500, description: 'The first 500 characters of the answer body' },
    copies: {
      type: 'integer',
      minimum: 2,
      maximum: 10,
      description: 'Sandbox only: one of this many copies sent at once (POST /__sandbox/events/{id}/copies); they share `at`',
    },
  },
  ['error', 'copies'],
);

/** The components the admin answers name: made from a valibot schema, or written as JSON Schema. */
export const ANSWER_SCHEMAS: Readonly<Record<string, v.GenericSchema | JsonSchema>> = {
  AddedFault,
  Knobs,
  Clock,
  MagicValue,
  CreatedNamespace,
  NamespaceSummary,
  Finding,
  JournalEntry,
  WebhookEvent,
  Attempt,
};

/** What a 408 of a route that waits (`waitMs`) means. */
export const WAITED =
  'waitMs ran out before anything the filter takes came (90005); the message names what was awaited and the closest ones ' +
  'with why each did not match (also in details.nearMisses)';

/** The responses an admin route's `errors` may name. */
export const ANSWER_RESPONSES: Readonly<Record<string, JsonSchema>> = {
  LimitReached: {
    description:
      "One of the sandbox's limits (90008): namespaces, faults, or a wallet's generated history are full; " +
      'the error says which and how to make room or raise it',
    content: { 'application/json': { schema: ref('Error') } },
  },
};
