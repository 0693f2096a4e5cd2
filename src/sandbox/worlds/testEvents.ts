import { randomBytes } from 'node:crypto';
import { ApiError, ErrorCode, invalid } from '../vocabulary/errors';
import { AppRecord, SandboxState } from '../domain/state';
import type { BankTransferData, PhoneTransferData, PublicWebhookEvent, WebhookDataByType, WebhookEvent, WebhookType } from '../types';
import { publicEvent, Webhooks } from '../domain/webhooks';
import { koboInput, mobileInput, objectInput, optionalString, type RawInput } from '../worlds/input';
import type { SandboxEnv } from './env';
import { sendTestTransfer } from './testTransfers';

// A test event for an app's callbackURL: POST /__sandbox/events/test, Sandbox.sendTestEvent and
// the package's webhooks.trigger(type, data). Made up by default, so no money moves: given data
// fields replace the made-up ones, checked as the service would send them (amounts in kobo,
// mobiles as 234…). With `transfer: true`, the event of a real test transfer instead, which a
// handler can requery (testTransfers.ts). Either is marked `test`: the review never flags it.

const TYPES: readonly WebhookType[] = ['BANK_TRANSFER', 'PHONE_TRANSFER'];

/** The data fields a test may give, by type (the payload's own: /work/shared/spec/evidence.md). */
const FIELDS: { [T in WebhookType]: readonly (keyof WebhookDataByType[T])[] } = {
  BANK_TRANSFER: ['accountName', 'accountNumber', 'amount', 'transactionReference', 'statusCode'],
  PHONE_TRANSFER: ['appWalletMobile', 'amount', 'recipientMobile', 'transactionReference'],
};

export interface TestEventInput {
  type: WebhookType;
  appId: string | undefined;
  /** The data fields given, checked and normalised (mobiles as 234…). */
  data: Partial<BankTransferData & PhoneTransferData>;
  /** A real test transfer and its event, from this wallet (undefined: the app's): testTransfers.ts. */
  transfer?: { mobile: string | undefined };
}

function fieldInput(name: string, value: unknown): string | number {
  if (name === 'amount') return koboInput(value, 'data.amount', 1);
  if (name === 'appWalletMobile' || name === 'recipientMobile') return mobileInput(value, `data.${name}`);
  if (name === 'accountNumber' && (typeof value !== 'string' || !/^\d{10}$/.test(value))) {
    throw invalid('data.accountNumber must be a 10-digit account number (NUBAN), such as "1000000001"');
  }
  const text = optionalString(value, `data.${name}`, 200);
  if (text === undefined || text === '') throw invalid(`data.${name} must be a non-empty string`);
  return text;
}

/** `transfer`: true or false (a form body sends "true"), and the sending wallet's `mobile` only with it. */
function transferInput(raw: RawInput): TestEventInput['transfer'] {
  const given = raw['transfer'];
  if (given !== undefined && given !== true && given !== false && given !== 'true' && given !== 'false') {
    throw invalid('transfer must be true or false');
  }
  const transfer = given === true || given === 'true';
  if (!transfer && raw['mobile'] !== undefined) throw invalid('mobile names the wallet of a test transfer: send it with transfer: true');
  if (transfer && raw['data'] !== undefined) throw invalid('data makes up an event; a test transfer (transfer: true) sends its own');
  return transfer ? { mobile: raw['mobile'] === undefined ? undefined : mobileInput(raw['mobile']) } : undefined;
}

/** The operation's input: `type` (default BANK_TRANSFER), `appId`, and `data` fields of that type's payload, or `transfer` and `mobile`. */
export function testEventInput(raw: RawInput): TestEventInput {
  const type = raw['type'] ?? 'BANK_TRANSFER';
  if (!TYPES.includes(type as WebhookType)) throw invalid(`type must be ${TYPES.join(' or ')}`);
  const fields: readonly string[] = FIELDS[type as WebhookType];
  const given = objectInput(raw['data'], 'data') ?? {};
  const data: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(given)) {
    if (!fields.includes(name))
      throw invalid(`data.${name.slice(0, 40)} is not a field of a ${String(type)} event; its fields are ${fields.join(', ')}`);
    data[name] = fieldInput(name, value);
  }
  const transfer = transferInput(raw);
  return { type: type as WebhookType, appId: optionalString(raw['appId'], 'appId', 200), data, ...(transfer ? { transfer } : {}) };
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

function bankData(given: Partial<BankTransferData>): BankTransferData {
  return {
    accountName: 'SANDBOX INSTANT SUCCESS',
    accountNumber: '1000000001',
    amount: 10_000,
    transactionReference: randomBytes(12).toString('hex'),
    statusCode: '000001',
    ...given,
  };
}

function phoneData(app: AppRecord, given: Partial<PhoneTransferData>): PhoneTransferData {
  return {
    appWalletMobile: app.wallets[0] ?? '2348000000000',
    amount: 10_000,
    recipientMobile: '2349090000000',
    transactionReference: randomBytes(12).toString('hex'),
    ...given,
  };
}

/** Emits a test event to the app (by default the one whose callbackURL was set last). */
export function sendTestEvent(state: SandboxState, webhooks: Webhooks, { type, appId, data }: TestEventInput): WebhookEvent {
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
  if (!input.transfer) return { event: publicEvent(sendTestEvent(env.state, env.webhooks, input)) };
  const app = appFor(env.state, input.appId);
  return sendTestTransfer(env, app, input.type, input.transfer.mobile).then((event) => ({ event: publicEvent(event) }));
}
