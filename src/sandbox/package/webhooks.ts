import { describeWebhookFilter, matchesWebhook, webhookNearMisses, type WebhookFilter } from '../domain/webhookFilter';
import type { PublicWebhookEvent, Sandbox, WebhookDataByType, WebhookType } from '../types';
import { waitUntil, type WaitOptions } from '../wait';

export type { WebhookFilter } from '../domain/webhookFilter';

// What the app under test was sent: webhook events and every delivery attempt, to assert on.

/** `sandbox.webhooks`, `namespace.webhooks`: the webhook events of one world, to list, wait for and trigger. */
export class Webhooks {
  /** @internal */
  constructor(private readonly sandbox: Pick<Sandbox, 'events' | 'onChange' | 'redeliverEvent' | 'sendTestEvent'>) {}

  /** The events sent so far, oldest first, with every attempt (copies). */
  list(filter: WebhookFilter = {}): PublicWebhookEvent[] {
    return this.sandbox
      .events()
      .reverse()
      .filter((event) => matchesWebhook(event, filter));
  }

  /**
   * The first event (oldest first) that matches, as soon as there is one. After `timeoutMs`
   * (default 2000) it rejects with SandboxTimeoutError, naming the closest events and why each did not match.
   */
  waitFor(filter: WebhookFilter, options?: WaitOptions): Promise<PublicWebhookEvent> {
    return waitUntil(
      () => this.list(filter)[0],
      (again) => this.sandbox.onChange((change) => change.events.length > 0 && again()),
      `webhook event matching ${describeWebhookFilter(filter)}`,
      options,
      () => ({ nearMisses: webhookNearMisses(this.sandbox.events(), filter) }),
    );
  }

  /**
   * Sends a made-up event of that type to the app's callbackURL (by default the app whose URL was
   * set last; `options.appId` picks one), as POST /__sandbox/events/test does: no money moves.
   * `data` replaces the made-up payload fields (amount in kobo; mobiles as 0803…, +234… or 234…,
   * sent as 234…). Resolves with the event, its delivery under way.
   */
  async trigger<T extends WebhookType>(
    type: T,
    data: Partial<WebhookDataByType[T]> = {},
    options: { appId?: string } = {},
  ): Promise<PublicWebhookEvent> {
    return this.sandbox.sendTestEvent(type, options.appId, data);
  }

  /** Starts a new delivery run of the event (as the admin API's redeliver does). */
  redeliver(id: string): PublicWebhookEvent {
    return this.sandbox.redeliverEvent(id);
  }
}
