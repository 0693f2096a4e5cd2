import type { PublicWebhookEvent, Sandbox, WebhookType } from '../types';
import { waitUntil, type WaitOptions } from '../wait';

// What the app under test was sent: webhook events and every delivery attempt, to assert on.

/** Which events: every field given must match. */
export interface WebhookFilter {
  type?: WebhookType;
  /** The transaction's reference (`transactionReference` in the payload). */
  reference?: string;
  appId?: string;
  /** true: delivered (a 2xx came back); false: not (yet). */
  delivered?: boolean;
  state?: PublicWebhookEvent['state'];
  where?: (event: PublicWebhookEvent) => boolean;
}

function matches(event: PublicWebhookEvent, filter: WebhookFilter): boolean {
  const data = event.payload.payload.data;
  return (
    (filter.type === undefined || event.type === filter.type) &&
    (filter.reference === undefined || data['transactionReference'] === filter.reference) &&
    (filter.appId === undefined || event.appId === filter.appId) &&
    (filter.delivered === undefined || (event.state === 'delivered') === filter.delivered) &&
    (filter.state === undefined || event.state === filter.state) &&
    (filter.where === undefined || filter.where(event))
  );
}

export class Webhooks {
  constructor(private readonly sandbox: Pick<Sandbox, 'events' | 'onChange' | 'redeliverEvent'>) {}

  /** The events sent so far, oldest first, with every attempt (copies). */
  list(filter: WebhookFilter = {}): PublicWebhookEvent[] {
    return this.sandbox
      .events()
      .reverse()
      .filter((event) => matches(event, filter));
  }

  /** The first event (oldest first) that matches, as soon as there is one; rejects with SandboxTimeoutError. */
  waitFor(filter: WebhookFilter, options?: WaitOptions): Promise<PublicWebhookEvent> {
    return waitUntil(
      () => this.list(filter)[0],
      (again) => this.sandbox.onChange((change) => change.events.length > 0 && again()),
      `webhook event matching ${describe(filter)}`,
      options,
    );
  }

  /** Starts a new delivery run of the event (as the admin API's redeliver does). */
  redeliver(id: string): PublicWebhookEvent {
    return this.sandbox.redeliverEvent(id);
  }
}

function describe(filter: WebhookFilter): string {
  const { where, ...fields } = filter;
  return JSON.stringify(fields) + (where ? ' and the predicate' : '');
}
