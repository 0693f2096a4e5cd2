import type { NearMiss } from '../vocabulary/errors';
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

type Check = (event: PublicWebhookEvent, filter: WebhookFilter) => string | undefined;

/** Each field of the filter as one check: undefined when the event passes it, else why not. `matchesWebhook` and near misses read these. */
const CHECKS: readonly Check[] = [
  ({ type }, filter) => (filter.type !== undefined && type !== filter.type ? `type ${type}, not ${filter.type}` : undefined),
  (event, { reference }) => {
    const given = event.payload.payload.data.transactionReference;
    return reference !== undefined && given !== reference ? `reference ${given}, not ${reference}` : undefined;
  },
  ({ appId }, filter) => (filter.appId !== undefined && appId !== filter.appId ? `app ${appId}, not ${filter.appId}` : undefined),
  ({ state }, { delivered }) =>
    delivered !== undefined && (state === 'delivered') !== delivered
      ? `state ${state}, ${delivered ? 'not delivered' : 'delivered'}`
      : undefined,
  ({ state }, filter) => (filter.state !== undefined && state !== filter.state ? `state ${state}, not ${filter.state}` : undefined),
];

export function matchesWebhook(event: PublicWebhookEvent, filter: WebhookFilter): boolean {
  for (const check of CHECKS) if (check(event, filter) !== undefined) return false;
  return filter.where === undefined || filter.where(event);
}

/** Up to `limit` events (newest first given) closest to the filter, each with why it did not match. */
export function webhookNearMisses(events: readonly PublicWebhookEvent[], filter: WebhookFilter, limit = 3): NearMiss[] {
  const scored = events.map((event) => {
    const why = CHECKS.map((check) => check(event, filter)).filter((reason): reason is string => reason !== undefined);
    if (why.length === 0 && filter.where) why.push('the predicate answered false');
    return { event, why };
  });
  return scored
    .filter(({ why }) => why.length > 0)
    .sort((a, b) => a.why.length - b.why.length)
    .slice(0, limit)
    .map(({ event, why }) => ({
      id: event.id,
      seen: `${event.id} ${event.type} ${event.payload.payload.data.transactionReference} (${event.state})`,
      why,
    }));
}

/** The filter as a wait's timeout message names it. */
export function describeWebhookFilter(filter: WebhookFilter): string {
  const { where, ...fields } = filter;
  return JSON.stringify(fields) + (where ? ' and the predicate' : '');
}
