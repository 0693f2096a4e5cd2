import { ApiError, ErrorCode, invalid } from '../vocabulary/errors';
import { STATUS_CODES } from '../domain/ledger';
import { WEBHOOK_CONTROL_LIMITS } from '../domain/inputs';
import { publicEvent } from '../domain/webhooks';
import type { BankTransferData, WebhookEvent, WebhookType } from '../types';
import type { SandboxEnv } from './env';
import { wholeInput, type RawInput } from './input';
import { operation } from './operation';

// Webhooks as production sends them (docs/sandbox.md#webhooks-as-production-sends-them): copies
// of one event at once, an older event after a newer one, an event that never comes, an event
// before the API's answer, a reversal days later. Each is a control a test sets, then the app's
// handler meets it; none changes the body the service's events have.

/** When a reversal comes unless told: three days after the call, on the virtual clock. */
export const DEFAULT_REVERSAL_SECONDS = 3 * 86_400;

const TYPES: readonly WebhookType[] = ['BANK_TRANSFER', 'PHONE_TRANSFER'];

function idInput(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw invalid(`${field} is required`);
  return value.slice(0, 200);
}

/** Refuses a field the control does not take: a typo (`time`, `copy`) must not pass for the default unseen. */
function onlyFields(raw: RawInput, fields: readonly string[]): RawInput {
  const unknown = Object.keys(raw).find((field) => !fields.includes(field) && raw[field] !== undefined);
  if (unknown !== undefined) throw invalid(`Unknown field "${unknown.slice(0, 40)}"; this control takes ${fields.join(', ')}`);
  return raw;
}

function timesInput(raw: RawInput): number {
  return raw['times'] === undefined ? 1 : wholeInput(raw['times'], 'times', ...WEBHOOK_CONTROL_LIMITS.times);
}

function typeInput(value: unknown): WebhookType | undefined {
  if (value === undefined) return undefined;
  if (!TYPES.includes(value as WebhookType)) throw invalid(`type must be ${TYPES.join(' or ')}`);
  return value as WebhookType;
}

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
    input: (raw) => ({ times: timesInput(onlyFields(raw, ['times', 'type'])), type: typeInput(raw['type']) }),
    run: (env: SandboxEnv, { times, type }) => ({ withholding: env.webhooks.withhold({ times, ...(type ? { type } : {}) }) }),
  }),
  eventsBeforeAnswers: operation({
    route: { method: 'POST', path: '/__sandbox/events/before-answers', body: true },
    input: (raw) => ({ times: timesInput(onlyFields(raw, ['times'])) }),
    run: (env: SandboxEnv, { times }) => ({ beforeAnswers: env.webhooks.holdAnswers(times) }),
  }),
  deliverCopies: operation({
    route: { method: 'POST', path: '/__sandbox/events/:id/copies', body: true },
    input: (raw) => ({
      id: idInput(onlyFields(raw, ['id', 'copies'])['id'], 'id'),
      copies: raw['copies'] === undefined ? 2 : wholeInput(raw['copies'], 'copies', ...WEBHOOK_CONTROL_LIMITS.copies),
    }),
    run: (env: SandboxEnv, { id, copies }) => {
      const event = eventById(env, id);
      env.webhooks.deliverCopies(event, copies);
      return { event: publicEvent(event) };
    },
  }),
  sendOlderEvent: operation({
    route: { method: 'POST', path: '/__sandbox/events/:id/older' },
    input: (raw) => ({ id: idInput(raw['id'], 'id') }),
    run: (env: SandboxEnv, { id }) => ({ event: publicEvent(sendOlder(env, eventById(env, id))) }),
  }),
  reverseTransfer: operation({
    route: { method: 'POST', path: '/__sandbox/transfers/:id/reversal', body: true },
    input: (raw) => ({
      id: idInput(onlyFields(raw, ['id', 'afterSeconds'])['id'], 'id'),
      afterSeconds:
        raw['afterSeconds'] === undefined
          ? DEFAULT_REVERSAL_SECONDS
          : wholeInput(raw['afterSeconds'], 'afterSeconds', ...WEBHOOK_CONTROL_LIMITS.afterSeconds),
    }),
    run: (env: SandboxEnv, { id, afterSeconds }) => {
      const { reference, status, reverseAt } = env.ledger.reverseLater(id, afterSeconds * 1000);
      return { transfer: { reference, status, reverseAt: new Date(reverseAt as number).toISOString() } };
    },
  }),
};
