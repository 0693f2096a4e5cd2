import { randomBytes } from 'node:crypto';
import { ApiError, ErrorCode, invalid } from '../vocabulary/errors';
import { AppRecord, SandboxState } from '../domain/state';
import type { BankTransferData, PhoneTransferData, WebhookDataByType, WebhookEvent, WebhookType } from '../types';
import { Webhooks } from '../domain/webhooks';
import { koboInput, mobileInput, objectInput, optionalString, type RawInput } from '../worlds/input';

// A made-up event for an app's callbackURL, so a developer can try their webhook handler without
// moving money: POST /__sandbox/events/test, Sandbox.sendTestEvent and the package's
// webhooks.trigger(type, data). Given data fields replace the made-up ones, checked as the
// service would send them (amounts in kobo, mobiles as 234…).

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

/** The operation's input: `type` (default BANK_TRANSFER), `appId`, and `data` fields of that type's payload. */
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
  return { type: type as WebhookType, appId: optionalString(raw['appId'], 'appId', 200), data };
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
