import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { ApiError, ErrorCode } from '../vocabulary/errors';
import { kobo, walletMobile } from '../domain/inputs';
import { AppRecord, SandboxState } from '../domain/state';
import type { BankTransferData, PhoneTransferData, WebhookEvent, WebhookType } from '../types';
import { Webhooks } from '../domain/webhooks';
import { textField } from './input';

// A made-up event for an app's callbackURL, so a developer can try their webhook handler without
// moving money: POST /__sandbox/events/test, Sandbox.sendTestEvent and the package's
// webhooks.trigger(type, data). Given data fields replace the made-up ones, checked as the
// service would send them (amounts in kobo, mobiles as 234…).

const TEXT = 'must be a non-empty string of at most 200 characters';
const nonEmpty = v.pipe(v.string(TEXT), v.minLength(1, TEXT), v.maxLength(200, TEXT));
const NUBAN = 'must be a 10-digit account number (NUBAN), such as "1000000001"';

/** The data fields a test may give for an event of `type` (the payload's own: /work/shared/spec/evidence.md), each optional. */
function eventData<T extends WebhookType>(type: T, entries: v.ObjectEntries) {
  const fields = Object.keys(entries).join(', ');
  const optional = Object.fromEntries(Object.entries(entries).map(([name, schema]) => [name, v.optional(schema)]));
  return v.pipe(
    v.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'must be an object'),
    // Its message is for a field the payload does not have.
    v.strictObject(optional, `is not a field of a ${type} event; its fields are ${fields}`),
    v.description(`Fields of the ${type} payload's data to use instead of made-up ones.`),
  );
}

const appId = v.optional(v.pipe(textField(200), v.description('Defaults to the app whose callbackURL was set most recently')));

/** The operation's input: `type` (default BANK_TRANSFER), `appId`, and `data` fields of that type's payload. */
export const TestEventSchema = v.variant(
  'type',
  [
    v.strictObject({
      type: v.optional(v.literal('BANK_TRANSFER')),
      appId,
      data: v.optional(
        eventData('BANK_TRANSFER', {
          accountName: nonEmpty,
          accountNumber: v.pipe(v.string(NUBAN), v.regex(/^\d{10}$/, NUBAN)),
          amount: kobo(1),
          transactionReference: nonEmpty,
          statusCode: nonEmpty,
        }),
      ),
    }),
    v.strictObject({
      type: v.literal('PHONE_TRANSFER'),
      appId,
      data: v.optional(
        eventData('PHONE_TRANSFER', {
          appWalletMobile: walletMobile,
          amount: kobo(1),
          recipientMobile: walletMobile,
          transactionReference: nonEmpty,
        }),
      ),
    }),
  ],
  'must be BANK_TRANSFER or PHONE_TRANSFER',
);

export interface TestEventInput {
  type?: WebhookType;
  appId?: string | undefined;
  /** The data fields given, checked and normalised (mobiles as 234…). */
  data?: Partial<BankTransferData & PhoneTransferData> | undefined;
}

function appFor(state: SandboxState, appId: string | undefined): AppRecord {
  const app = appId === undefined ? state.latestCallbackApp() : state.app(appId);
  if (appId !== undefined && !app) {
    throw new ApiError(404, ErrorCode.notFound, `No app has id ${appId.slice(0, 40)}`);
  }
  if (!app?.settings.callbackURL) {
    throw new ApiError(
      400,
      ErrorCode.noCallbackUrl,
      appId === undefined
        ? 'No app has a callbackURL; set one with PUT /v1/apps/settings first'
        : 'That app has no callbackURL; set one with PUT /v1/apps/settings first',
    );
  }
  return app;
}

/** The fields given a value: one given as undefined (from Node) keeps the made-up one, as JSON would. */
const given = <T extends object>(data: T): Partial<T> =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) as Partial<T>;

function bankData(fields: Partial<BankTransferData>): BankTransferData {
  return {
    accountName: 'SANDBOX INSTANT SUCCESS',
    accountNumber: '1000000001',
    amount: 10_000,
    transactionReference: randomBytes(12).toString('hex'),
    statusCode: '000001',
    ...given(fields),
  };
}

function phoneData(app: AppRecord, fields: Partial<PhoneTransferData>): PhoneTransferData {
  return {
    appWalletMobile: app.wallets[0] ?? '2348000000000',
    amount: 10_000,
    recipientMobile: '2349090000000',
    transactionReference: randomBytes(12).toString('hex'),
    ...given(fields),
  };
}

/** Emits a test event to the app (by default the one whose callbackURL was set last). */
export function sendTestEvent(
  state: SandboxState,
  webhooks: Webhooks,
  { type = 'BANK_TRANSFER', appId, data = {} }: TestEventInput,
): WebhookEvent {
  const app = appFor(state, appId);
  const event =
    type === 'BANK_TRANSFER'
      ? webhooks.emit(app, type, 'SUCCESS', bankData(data), true)
      : webhooks.emit(app, type, 'SUCCESS', phoneData(app, data), true);
  return event as WebhookEvent;
}
