import { describeWebhookFilter, matchesWebhook, type WebhookFilter } from '../domain/webhookFilter';
import type { PublicWebhookEvent, Sandbox } from '../types';
import { waitUntil, type WaitOptions } from '../wait';

export type { WebhookFilter } from '../domain/webhookFilter';

// What the app under test was sent: webhook events and every delivery attempt, to assert on.

/** `sandbox.webhooks`, `namespace.webhooks`: the webhook events of one world, to list and wait for. */
export class Webhooks {
  /** @internal */
  constructor(private readonly sandbox: Pick<Sandbox, 'events' | 'onChange' | 'redeliverEvent'>) {}

  /** The events sent so far, oldest first, with every attempt (copies). */
  list(filter: WebhookFilter = {}): PublicWebhookEvent[] {
    return this.sandbox
      .events()
      .reverse()
      .filter((event) => matchesWebhook(event, filter));
  }

  /** The first event (oldest first) that matches, as soon as there is one; rejects with SandboxTimeoutError. */
  waitFor(filter: WebhookFilter, options?: WaitOptions): Promise<PublicWebhookEvent> {
    return waitUntil(
      () => this.list(filter)[0],
      (again) => this.sandbox.onChange((change) => change.events.length > 0 && again()),
      `webhook event matching ${describeWebhookFilter(filter)}`,
      options,
    );
  }

  /** Starts a new delivery run of the event (as the admin API's redeliver does). */
  redeliver(id: string): PublicWebhookEvent {
    return this.sandbox.redeliverEvent(id);
  }
}
