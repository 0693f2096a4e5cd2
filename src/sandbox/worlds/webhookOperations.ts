import * as v from 'valibot';
import { ApiError, ErrorCode, invalid } from '../vocabulary/errors';
import { STATUS_CODES } from '../domain/ledger';
import { WEBHOOK_CONTROL_LIMITS } from '../domain/inputs';
import { publicEvent } from '../domain/webhooks';
import type { BankTransferData, WebhookEvent } from '../types';
import type { SandboxEnv } from './env';
import { object, ref } from './answers';
import { countField, idField } from './input';
import { operation } from './operation';

// Webhooks as production sends them (docs/sandbox.md#webhooks-as-production-sends-them): copies
// of one event at once, an older event after a newer one, an event that never comes, an event
// before the API's answer, a reversal days later. Each is a control a test sets, then the app's
// handler meets it; none changes the body the service's events have.

/** When a reversal comes unless told: three days after the call, on the virtual clock. */
export const DEFAULT_REVERSAL_SECONDS = 3 * 86_400;

const TYPE = 'must be BANK_TRANSFER or PHONE_TRANSFER';

const times = v.optional(v.pipe(countField(WEBHOOK_CONTROL_LIMITS.times), v.description('How many (default 1); 0 stops it')), 1);

const EventId = v.pipe(idField, v.description("The event's id, as GET /__sandbox/events lists it"));
const EventAnswer = object({ event: ref('WebhookEvent') });

function eventById(env: SandboxEnv, id: string): WebhookEvent {
  const event = env.state.events.get(id);
  if (!event)
    throw new ApiError(404, ErrorCode.eventNotFound, `No webhook event has id ${id.slice(0, 40)}; GET /__sandbox/events lists them`);
  return event;
}

/** The PENDING event that came before a bank transfer's SUCCESS or FAILED one, sent now. */
function sendOlder(env: SandboxEnv, newer: WebhookEvent): WebhookEvent {
  const { message, data } = newer.payload.payload;
  if (newer.type !== 'BANK_TRANSFER') {
    throw invalid('A phone transfer completes at once: no older event of it exists. Use a BANK_TRANSFER event');
  }
  if (message === 'PENDING') throw invalid('That event is a PENDING one already: nothing older exists. Use its SUCCESS or FAILED event');
  const bankData = data as BankTransferData;
  const transfer = env.state.transfers.get(bankData.transactionReference);
  const createdAt = transfer ? Date.parse(transfer.createdAt) : Date.parse(newer.createdAt);
  const older = { ...bankData, statusCode: STATUS_CODES.pending };
  return env.webhooks.emitOlder(newer as WebhookEvent & { type: 'BANK_TRANSFER' }, 'PENDING', older, createdAt);
}

export const webhookOperations = {
  // Before /events/:id…: "withhold" and "before-answers" are never read as an id.
  withholdEvents: operation({
    route: { method: 'POST', path: '/__sandbox/events/withhold', body: true },
    accepts: v.strictObject({
      times,
      type: v.optional(
        v.pipe(v.picklist(['BANK_TRANSFER', 'PHONE_TRANSFER'], TYPE), v.description('Only events of this type (default: any)')),
      ),
    }),
    doc: {
      id: 'withholdEvents',
      summary: 'Withholds the next events: made and listed, never sent',
      description:
        'Sandbox only. The next `times` events (of `type`, or of any type) are made and listed with state `withheld`, and never ' +
        'POSTed: the event that never comes, so the app must requery. A redelivery (or copies) sends one after all. Kept in ' +
        'memory: a restart or a reset forgets it.',
      body: 'WithholdEventsRequest',
      answer: object({ withholding: object({ times: { type: 'integer', minimum: 0 }, type: ref('WebhookType') }, ['type']) }),
    },
    run: (env: SandboxEnv, { times, type }) => ({ withholding: env.webhooks.withhold({ times, ...(type ? { type } : {}) }) }),
  }),
  eventsBeforeAnswers: operation({
    route: { method: 'POST', path: '/__sandbox/events/before-answers', body: true },
    accepts: v.strictObject({ times }),
    doc: {
      id: 'eventsBeforeAnswers',
      summary: 'Holds the next money answers until their webhook was answered',
      description:
        'Sandbox only. The next `times` money requests whose transfer sends an event at once (a phone transfer, a bank transfer ' +
        "that settles at once) are answered only once the event's first attempt ended (the receiver answered, or 5 s passed): " +
        'the webhook before the answer. Kept in memory: a restart or a reset forgets it.',
      body: 'BeforeAnswersRequest',
      answer: object({ beforeAnswers: { type: 'integer', minimum: 0, description: 'How many answers will wait' } }),
    },
    run: (env: SandboxEnv, { times }) => ({ beforeAnswers: env.webhooks.holdAnswers(times) }),
  }),
  deliverCopies: operation({
    route: { method: 'POST', path: '/__sandbox/events/:id/copies', body: true },
    accepts: v.strictObject({
      id: EventId,
      copies: v.optional(v.pipe(countField(WEBHOOK_CONTROL_LIMITS.copies), v.description('How many requests at once (default 2)')), 2),
    }),
    doc: {
      id: 'deliverCopies',
      summary: 'Delivers copies of the event at once',
      description:
        'Sandbox only. A new delivery run whose first round is `copies` POSTs of the same event (same id and body), all open at ' +
        'once; each is an attempt (`copies` on it), within the 50 an event keeps. One 2xx delivers it; else the run retries one ' +
        'at a time.',
      body: 'CopiesRequest',
      answer: EventAnswer,
    },
    run: (env: SandboxEnv, { id, copies }) => {
      const event = eventById(env, id);
      env.webhooks.deliverCopies(event, copies);
      return { event: publicEvent(event) };
    },
  }),
  sendOlderEvent: operation({
    route: { method: 'POST', path: '/__sandbox/events/:id/older' },
    accepts: v.strictObject({ id: EventId }),
    doc: {
      id: 'sendOlderEvent',
      summary: 'Sends the older PENDING event of a bank transfer after its newer one',
      description:
        'Sandbox only. For a BANK_TRANSFER event that says SUCCESS or FAILED: a new event of the same transfer with message ' +
        "PENDING and statusCode 000002, created at the transfer's time (older) and sent now, after the newer one: out of order. " +
        "It carries `outOfOrderAfter` (the newer event's id). The service's documented events are SUCCESS and FAILED; the " +
        "PENDING is the sandbox's own.",
      answer: EventAnswer,
    },
    run: (env: SandboxEnv, { id }) => ({ event: publicEvent(sendOlder(env, eventById(env, id))) }),
  }),
  reverseTransfer: operation({
    route: { method: 'POST', path: '/__sandbox/transfers/:id/reversal', body: true },
    accepts: v.strictObject({
      id: v.pipe(idField, v.description("The bank transfer's transactionReference")),
      afterSeconds: v.optional(
        v.pipe(
          countField(WEBHOOK_CONTROL_LIMITS.afterSeconds),
          v.description(`Seconds of the virtual clock until the reversal (default ${DEFAULT_REVERSAL_SECONDS}: three days)`),
        ),
        DEFAULT_REVERSAL_SECONDS,
      ),
    }),
    doc: {
      id: 'reverseTransfer',
      summary: 'Reverses a bank transfer that succeeded, later on the virtual clock',
      description:
        'Sandbox only. After `afterSeconds` of the virtual clock (default three days), the transfer is failed: its money comes ' +
        'back to the wallet (a credit with reversalOf), a requery says 000000 and a FAILED event is sent. A later call replaces ' +
        'the time. 404 for a reference no bank transfer has; 400 for one that has not succeeded.',
      body: 'ReversalRequest',
      answer: object({
        transfer: object({
          reference: { type: 'string' },
          status: { enum: ['pending', 'success', 'failed'] },
          reverseAt: { type: 'string', format: 'date-time' },
        }),
      }),
    },
    run: (env: SandboxEnv, { id, afterSeconds }) => {
      const { reference, status, reverseAt } = env.ledger.reverseLater(id, afterSeconds * 1000);
      return { transfer: { reference, status, reverseAt: new Date(reverseAt as number).toISOString() } };
    },
  }),
};
