import { randomBytes } from 'node:crypto';
import { ApiError, ErrorCode, invalid } from '../errors';
import { AppRecord, SandboxState } from '../domain/state';
import { WebhookEvent, WebhookType } from '../types';
import { Webhooks } from '../domain/webhooks';

// A made-up event for an app's callbackURL, so a developer can try their webhook handler without
// moving money. Used by POST /__sandbox/events/test and Sandbox.sendTestEvent.

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

function testData(type: WebhookType, app: AppRecord): Record<string, unknown> {
  const reference = randomBytes(12).toString('hex');
  return type === 'BANK_TRANSFER'
    ? {
        accountName: 'SANDBOX INSTANT SUCCESS',
        accountNumber: '1000000001',
        amount: 10_000,
        transactionReference: reference,
        statusCode: '000001',
      }
    : {
        appWalletMobile: app.wallets[0] ?? '2348000000000',
        amount: 10_000,
        recipientMobile: '2349090000000',
        transactionReference: reference,
      };
}

/** Emits a test event to the app (by default the one whose callbackURL was set last). */
export function sendTestEvent(state: SandboxState, webhooks: Webhooks, type: unknown, appId: unknown): WebhookEvent {
  if (type !== 'BANK_TRANSFER' && type !== 'PHONE_TRANSFER') {
    throw invalid('type must be BANK_TRANSFER or PHONE_TRANSFER');
  }
  if (appId !== undefined && typeof appId !== 'string') {
    throw invalid('appId must be a string');
  }
  const app = appFor(state, appId);
  return webhooks.emit(app, type, 'SUCCESS', testData(type, app), true) as WebhookEvent;
}
