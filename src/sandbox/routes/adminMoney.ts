import { randomBytes } from 'node:crypto';
import { ApiError, ErrorCode, invalid } from '../errors';
import { magicTable } from '../magic';
import { ok, RequestContext, Router } from '../router';
import { AppRecord } from '../state';
import { advanceClock } from '../timeTravel';
import { WebhookEvent, WebhookType } from '../types';
import { publicEvent } from '../webhooks';

// /__sandbox clock, magic values and webhook events.

const MAX_ADVANCE_SECONDS = 10 * 365 * 86400;

function clockData(ctx: RequestContext): { now: string; offsetMs: number } {
  return { now: new Date(ctx.env.now()).toISOString(), offsetMs: ctx.env.clock.offsetMs };
}

function eventById(ctx: RequestContext): WebhookEvent {
  const event = ctx.env.state.events.get(ctx.params['id'] ?? '');
  if (!event) {
    throw new ApiError(404, ErrorCode.eventNotFound, 'No webhook event has that id; GET /__sandbox/events lists them');
  }
  return event;
}

function testEventApp(ctx: RequestContext): AppRecord {
  const appId = ctx.body['appId'];
  if (appId !== undefined && typeof appId !== 'string') {
    throw invalid('appId must be a string');
  }
  const app = appId === undefined ? ctx.env.state.latestCallbackApp() : ctx.env.state.app(appId);
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

function testEventData(type: WebhookType, app: AppRecord): Record<string, unknown> {
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

export function adminMoneyRoutes(router: Router): void {
  router.add('GET', '/__sandbox/clock', (ctx) => ok(clockData(ctx)));

  router.add('POST', '/__sandbox/clock/advance', async (ctx) => {
    const raw = ctx.body['seconds'];
    const seconds = typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_ADVANCE_SECONDS) {
      throw invalid(`seconds must be a number greater than 0 and at most ${MAX_ADVANCE_SECONDS} (ten years)`);
    }
    await advanceClock(ctx.env, seconds * 1000);
    return ok(clockData(ctx));
  });

  router.add('GET', '/__sandbox/magic', () => ok(magicTable()));

  router.add('GET', '/__sandbox/events', (ctx) => ok({ events: [...ctx.env.state.events.values()].reverse().map(publicEvent) }));

  // Registered before /:id so that "test" is never read as an id.
  router.add('POST', '/__sandbox/events/test', (ctx) => {
    const type = ctx.body['type'] ?? 'BANK_TRANSFER';
    if (type !== 'BANK_TRANSFER' && type !== 'PHONE_TRANSFER') {
      throw invalid('type must be BANK_TRANSFER or PHONE_TRANSFER');
    }
    const app = testEventApp(ctx);
    const event = ctx.env.webhooks.emit(app, type, 'SUCCESS', testEventData(type, app)) as WebhookEvent;
    return ok({ event: publicEvent(event) });
  });

  router.add('GET', '/__sandbox/events/:id', (ctx) => ok({ event: publicEvent(eventById(ctx)) }));

  router.add('POST', '/__sandbox/events/:id/redeliver', (ctx) => {
    const event = eventById(ctx);
    ctx.env.webhooks.redeliver(event);
    return ok({ event: publicEvent(event) });
  });
}
