import type { PublicWebhookEvent, WebhookType } from '../types';

// Which webhook events a test asks for: the package's webhooks.list/waitFor and the admin API's
// GET /__sandbox/events take the same filter.

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

export function matchesWebhook(event: PublicWebhookEvent, filter: WebhookFilter): boolean {
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

/** The filter as a wait's timeout message names it. */
export function describeWebhookFilter(filter: WebhookFilter): string {
  const { where, ...fields } = filter;
  return JSON.stringify(fields) + (where ? ' and the predicate' : '');
}
