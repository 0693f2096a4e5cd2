import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { ApiError, ErrorCode } from '../vocabulary/errors';
import { kobo, walletMobile } from '../domain/inputs';
import { AppRecord, SandboxState } from '../domain/state';
import type { BankTransferData, PhoneTransferData, PublicWebhookEvent, WebhookEvent, WebhookType } from '../types';
import { publicEvent, Webhooks } from '../domain/webhooks';
import { textField } from './input';
import type { SandboxEnv } from './env';
import { sendTestTransfer } from './testTransfers';

// A test event for an app's callbackURL: POST /__sandbox/events/test, Sandbox.sendTestEvent and
// the package's webhooks.trigger(type, data). Made up by default, so no money moves: given data
// fields replace the made-up ones, checked as the service would send them (amounts in kobo,
// mobiles as 234…). With `transfer: true`, the event of a real test transfer instead, which a
// handler can requery (testTransfers.ts). Either is marked `test`: the review never flags it.

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

const TRANSFER = 'must be true or false';

/** `transfer` and the sending wallet's `mobile`, in either type's input. */
const transferFields = {
  transfer: v.optional(
    v.pipe(
      v.union([v.boolean(TRANSFER), v.picklist(['true', 'false'], TRANSFER)], TRANSFER),
      // A form body sends "true".
      v.transform((given) => given === true || given === 'true'),
      v.description(
        "true: instead of a made-up event, a real test transfer of ₦1.00 of sandbox money from the app's wallet (or mobile's), and " +
          'its own event, which a handler can requery (GET /v1/transactions/{reference}). Not with data',
      ),
    ),
  ),
  mobile: v.optional(
    v.pipe(
      walletMobile,
      v.description('With transfer: the wallet that sends the test transfer (default: the wallet connected to the app last)'),
    ),
  ),
};

/** The operation's input: `type` (default BANK_TRANSFER), `appId`, and `data` fields of that type's payload, or `transfer` and `mobile`. */
export const TestEventSchema = v.pipe(
  v.variant(
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
        ...transferFields,
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
        ...transferFields,
      }),
    ],
    'must be BANK_TRANSFER or PHONE_TRANSFER',
  ),
  v.forward(
    v.check(
      (input) => input.transfer === true || input.mobile === undefined,
      'names the wallet of a test transfer: send it with transfer: true',
    ),
    ['mobile'],
  ),
  v.forward(
    v.check(
      (input) => input.transfer !== true || input.data === undefined,
      'makes up an event; a test transfer (transfer: true) sends its own',
    ),
    ['data'],
  ),
);

export interface TestEventInput {
  type?: WebhookType;
  appId?: string | undefined;
  /** The data fields given, checked and normalised (mobiles as 234…). */
  data?: Partial<BankTransferData & PhoneTransferData> | undefined;
  /** A real test transfer and its event (testTransfers.ts), from `mobile`'s wallet (undefined: the app's). */
  transfer?: boolean | undefined;
  mobile?: string | undefined;
}

function appFor(state: SandboxState, appId: string | undefined): AppRecord {
  const app = appId === undefined ? state.apps.latestCallbackApp() : state.apps.app(appId);
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

/** The operation: a made-up event at once, or (`transfer`) a test transfer's event once the transfer is saved. */
export function runTestEvent(
  env: SandboxEnv,
  input: TestEventInput,
): { event: PublicWebhookEvent } | Promise<{ event: PublicWebhookEvent }> {
  if (input.transfer !== true) return { event: publicEvent(sendTestEvent(env.state, env.webhooks, input)) };
  const app = appFor(env.state, input.appId);
  return sendTestTransfer(env, app, input.type ?? 'BANK_TRANSFER', input.mobile).then((event) => ({ event: publicEvent(event) }));
}
