import { ApiError, ErrorCode, invalid } from '../errors';
import { magicTable } from '../domain/magic';
import { ok, RequestContext, Router } from '../http/router';
import { advanceClock } from './timeTravel';
import { sendTestEvent } from './testEvents';
import { PublicWebhookEvent, SandboxChange, WebhookEvent } from '../types';
import { publicEvent } from '../domain/webhooks';
import { describeWebhookFilter, matchesWebhook } from '../domain/webhookFilter';
import { waitUntil } from '../wait';
import { answerAfter, waitMsOf, webhookQuery } from './waitQuery';

// /__sandbox clock, magic values and webhook events.

const MAX_ADVANCE_SECONDS = 10 * 365 * 86400;

function clockData(ctx: RequestContext): { now: string; offsetMs: number; frozen: boolean } {
  const { clock } = ctx.env;
  return { now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs, frozen: clock.frozenAtMs !== undefined };
}

function eventById(ctx: RequestContext): WebhookEvent {
  const event = ctx.env.state.events.get(ctx.params['id'] ?? '');
  if (!event) {
    throw new ApiError(404, ErrorCode.eventNotFound, 'No webhook event has that id; GET /__sandbox/events lists them');
  }
  return event;
}

export function adminMoneyRoutes(router: Router): void {
  router.add('GET', '/__sandbox/clock', (ctx) => ok(clockData(ctx)));

  router.add('POST', '/__sandbox/clock/advance', async (ctx) => {
    const raw = ctx.body['seconds'];
    const seconds = typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_ADVANCE_SECONDS) {
      throw invalid(`seconds must be a number greater than 0 and at most ${MAX_ADVANCE_SECONDS} (ten years)`);
    }
    // What the advance made happen, for a caller in another process (the agent tool says it).
    const transfers: SandboxChange['transfers'] = [];
    const events = new Map<string, WebhookEvent['state']>();
    const stop = ctx.env.onChange((change) => {
      transfers.push(...change.transfers);
      for (const event of change.events) events.set(event.id, event.state);
    });
    try {
      await advanceClock(ctx.env, seconds * 1000);
    } finally {
      stop();
    }
    return ok({ ...clockData(ctx), changed: { transfers, events: [...events].map(([id, state]) => ({ id, state })) } });
  });

  router.add('GET', '/__sandbox/magic', () => ok(magicTable()));

  // Newest first, filtered as webhooks.list is; with waitMs, answered once one matches (admin/waitQuery.ts).
  router.add('GET', '/__sandbox/events', async (ctx) => {
    const filter = webhookQuery(ctx.query);
    const list = (): PublicWebhookEvent[] =>
      [...ctx.env.state.events.values()]
        .reverse()
        .map(publicEvent)
        .filter((event) => matchesWebhook(event, filter));
    const waitMs = waitMsOf(ctx.query);
    if (waitMs !== undefined) {
      const options = { timeoutMs: waitMs, signal: ctx.env.closing };
      const subscribe = (again: () => void): (() => void) => ctx.env.onChange((change) => change.events.length > 0 && again());
      await answerAfter(
        waitUntil(() => list()[0], subscribe, `webhook event matching ${describeWebhookFilter(filter)}`, options),
        ctx.env.closing,
      );
    }
    return ok({ events: list() });
  });

  // Registered before /:id so that "test" is never read as an id.
  router.add('POST', '/__sandbox/events/test', (ctx) => {
    const event = sendTestEvent(ctx.env.state, ctx.env.webhooks, ctx.body['type'] ?? 'BANK_TRANSFER', ctx.body['appId']);
    return ok({ event: publicEvent(event) });
  });

  router.add('GET', '/__sandbox/events/:id', (ctx) => ok({ event: publicEvent(eventById(ctx)) }));

  router.add('POST', '/__sandbox/events/:id/redeliver', (ctx) => {
    const event = eventById(ctx);
    ctx.env.webhooks.redeliver(event);
    return ok({ event: publicEvent(event) });
  });
}
