import { matchesWebhook, type WebhookFilter } from '../domain/webhookFilter';
import type { PublicWebhookEvent, WebhookDataByType, WebhookType } from '../types';
import { checkWaitOptions, type WaitOptions } from '../vocabulary/wait';
import { OPERATIONS } from '../worlds/operations';
import { orNoneLater } from '../worlds/noneAnswers';
import { MAX_EVENTS } from '../domain/state';
import { everyEventOf } from '../worlds/eventsPage';
import { operate, type WorldPort } from './port';

export type { WebhookFilter } from '../domain/webhookFilter';

// What the app under test was sent: webhook events and their delivery attempts (the newest 50), to
// assert on, and the disorder of production's deliveries to send it.

/** `sandbox.webhooks`, `namespace.webhooks`: the webhook events of one world, to list, wait for and trigger. */
export class Webhooks {
  /** @internal */
  constructor(private readonly port: WorldPort) {}

  /** The events sent so far, oldest first (every page of GET /__sandbox/events), with their attempts (copies). */
  async list(filter: WebhookFilter = {}): Promise<PublicWebhookEvent[]> {
    const { where, ...fields } = filter;
    const events = await everyEventOf((before) => operate(this.port, 'events', { ...fields, limit: MAX_EVENTS, before }));
    return events.reverse().filter((event) => matchesWebhook(event, { ...(where ? { where } : {}) }));
  }

  /**
   * The first event (oldest first) that matches, as soon as there is one. After `timeoutMs`
   * (default 2000) it rejects with SandboxTimeoutError, naming the closest events and why each did not match.
   */
  async waitFor(filter: WebhookFilter, options: WaitOptions = {}): Promise<PublicWebhookEvent> {
    // The admin API's check of the filter's fields (GET /__sandbox/events), on both sides.
    const { where, ...fields } = filter;
    void where;
    OPERATIONS.events.input({ ...fields });
    checkWaitOptions(options);
    return this.port.waitForEvent(filter, options);
  }

  /**
   * Sends a made-up event of that type to the app's callbackURL (by default the app whose URL was
   * set last; `options.appId` picks one), as POST /__sandbox/events/test does: no money moves.
   * `data` replaces the made-up payload fields (amount in kobo; mobiles as 0803…, +234… or 234…,
   * sent as 234…). With `options.transfer`, the event of a real ₦1.00 test transfer from that
   * wallet (`transfer.mobile`, else the app's first) instead, which a handler can requery.
   * Resolves with the event, its delivery under way.
   */
  async trigger<T extends WebhookType>(
    type: T,
    data: Partial<WebhookDataByType[T]> = {},
    options: { appId?: string; transfer?: { mobile?: string } } = {},
  ): Promise<PublicWebhookEvent> {
    const { appId, transfer } = options;
    const made = transfer ? { transfer: true, mobile: transfer.mobile } : { data };
    return (await operate(this.port, 'sendTestEvent', { type, appId, ...made })).event;
  }

  /** The event with that id, with its attempts (the newest 50); undefined when this world has none (GET /__sandbox/events/:id). */
  async get(id: string): Promise<PublicWebhookEvent | undefined> {
    return (await orNoneLater('event', () => operate(this.port, 'event', { id })))?.event;
  }

  /** Starts a new delivery run of the event (as the admin API's redeliver does). */
  async redeliver(id: string): Promise<PublicWebhookEvent> {
    return (await operate(this.port, 'redeliverEvent', { id })).event;
  }

  /** Ends the event's delivery run: no more attempts; pending or retrying, it is marked failed (POST /__sandbox/events/:id/stop). */
  async stop(id: string): Promise<PublicWebhookEvent> {
    return (await operate(this.port, 'stopEvent', { id })).event;
  }

  // Webhooks as production sends them (docs/webhook-handlers.md#what-production-sends): each a
  // control a test sets before (or after) the transfer, then asserts what the app did.

  /**
   * A new delivery run whose first round is `copies` (2 to 10, default 2) POSTs of the same event,
   * all open at the receiver at once: a handler whose guard is check-then-insert does the work twice.
   */
  async deliverCopies(id: string, copies = 2): Promise<PublicWebhookEvent> {
    return (await operate(this.port, 'deliverCopies', { id, copies })).event;
  }

  /**
   * For a bank transfer's SUCCESS or FAILED event: the PENDING event that preceded it (statusCode
   * 000002, created at the transfer's time), sent now, after it. Resolves with the new, older event.
   */
  async sendOlder(id: string): Promise<PublicWebhookEvent> {
    return (await operate(this.port, 'sendOlderEvent', { id })).event;
  }

  /**
   * The next `times` events (default 1) of `type` (default any) are made and listed with state
   * `withheld`, never sent: the event that never comes, so the app must requery. `times: 0` stops it.
   */
  async withhold(rule: { times?: number; type?: WebhookType } = {}): Promise<{ times: number; type?: WebhookType }> {
    return (await operate(this.port, 'withholdEvents', { ...rule })).withholding;
  }

  /**
   * The next `times` money answers (default 1) whose transfer sends an event at once wait until
   * that event's first attempt was answered: the app's handler hears of the transfer before the app does.
   */
  async beforeAnswers(times = 1): Promise<number> {
    return (await operate(this.port, 'eventsBeforeAnswers', { times })).beforeAnswers;
  }
}
