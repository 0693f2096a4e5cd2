import { matchesWebhook, type WebhookFilter } from '../domain/webhookFilter';
import type { PublicWebhookEvent } from '../types';
import type { WaitOptions } from '../wait';
import { operate } from './operate';
import type { WorldPort } from './port';

export type { WebhookFilter } from '../domain/webhookFilter';

// What the app under test was sent: webhook events and every delivery attempt, to assert on.

/** `sandbox.webhooks`, `namespace.webhooks`: the webhook events of one world, to list and wait for. */
export class Webhooks {
  /** @internal */
  constructor(private readonly port: WorldPort) {}

  /** The events sent so far, oldest first, with every attempt (copies). */
  async list(filter: WebhookFilter = {}): Promise<PublicWebhookEvent[]> {
    const { where, ...fields } = filter;
    const { events } = await operate(this.port, 'events', { ...fields });
    return events.reverse().filter((event) => matchesWebhook(event, { ...(where ? { where } : {}) }));
  }

  /** The first event (oldest first) that matches, as soon as there is one; rejects with SandboxTimeoutError. */
  waitFor(filter: WebhookFilter, options: WaitOptions = {}): Promise<PublicWebhookEvent> {
    return this.port.waitForEvent(filter, options);
  }

  /** Starts a new delivery run of the event (as the admin API's redeliver does). */
  async redeliver(id: string): Promise<PublicWebhookEvent> {
    return (await operate(this.port, 'redeliverEvent', { id })).event;
  }
}
