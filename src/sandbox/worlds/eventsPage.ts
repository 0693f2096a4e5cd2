import * as v from 'valibot';
import { MAX_EVENTS } from '../domain/state';
import { matchesWebhook, type WebhookFilter } from '../domain/webhookFilter';
import { publicEvent } from '../domain/webhooks';
import type { PublicWebhookEvent } from '../types';
import { EVENT_STATES } from './answers';
import { DEFAULT_PAGE_LIMIT, takePage } from './answerPage';
import type { SandboxEnv } from './env';
import { countField, textField } from './input';
import { MAX_WAIT_MS } from './waitQuery';

// GET /__sandbox/events (Sandbox.events, webhooks.list): a world's webhook events, newest first,
// a page at a time (worlds/answerPage.ts). A world keeps 1,000 events of up to 50 attempts each,
// each attempt with 500 characters of the receiver's answer: answered whole, a few megabytes.

/** The query parameters of the events' filter. */
export const EVENT_FILTER_FIELDS = ['type', 'reference', 'appId', 'delivered', 'state'] as const;

const TYPES = ['BANK_TRANSFER', 'PHONE_TRANSFER'] as const;

/** The events' filter, page and wait: a Node caller's object (delivered may be a boolean) or the query. */
export const EventsQuery = v.strictObject({
  type: v.optional(v.pipe(v.picklist(TYPES, `must be one of ${TYPES.join(', ')}`), v.description('Only events of this type'))),
  reference: v.optional(v.pipe(textField(200), v.description('Only the event of this transaction (transactionReference in the payload)'))),
  appId: v.optional(v.pipe(textField(200), v.description('Only events sent to this app'))),
  delivered: v.optional(
    v.pipe(
      v.union([v.boolean(), v.picklist(['true', 'false'])], 'must be true or false'),
      v.transform((given) => given === true || given === 'true'),
      v.boolean(),
      v.description('true: only events a 2xx answered; false: only those not (yet) delivered'),
    ),
  ),
  state: v.optional(
    v.pipe(v.picklist(EVENT_STATES, `must be one of ${EVENT_STATES.join(', ')}`), v.description('Only events in this delivery state')),
  ),
  limit: v.optional(
    v.pipe(
      countField([1, MAX_EVENTS]),
      v.description(
        `The newest this many of the events the filter takes (default ${DEFAULT_PAGE_LIMIT}); an answer holds at most 512 KiB of ` +
          "events' JSON (one event larger than that comes alone), so it may hold fewer: nextBefore says where the rest start",
      ),
    ),
    DEFAULT_PAGE_LIMIT,
  ),
  before: v.optional(
    v.pipe(
      v.string("must be the id of an event (the previous answer's nextBefore)"),
      v.maxLength(200, "must be the id of an event (the previous answer's nextBefore)"),
      v.description(
        "Only events older than the one of this id: the next page, from the previous answer's nextBefore (with the same other " +
          'parameters). An event no longer kept (past the newest 1,000, or before a reset) leaves none older.',
      ),
    ),
  ),
  // Over HTTP only: the route waits for a match (http/admin/routes.ts); Node's webhooks.waitFor does it its own way.
  waitMs: v.optional(
    v.pipe(
      countField([0, MAX_WAIT_MS]),
      v.description(
        `Wait up to this many milliseconds (at most ${MAX_WAIT_MS}) for an event the filter takes, then answer; none by then: ` +
          '408 (90005). Without it the answer is at once.',
      ),
    ),
  ),
});

export type EventsQuery = v.InferOutput<typeof EventsQuery>;

export interface EventsInput {
  filter: WebhookFilter;
  /** The newest this many the filter takes (DEFAULT_PAGE_LIMIT unless told), within MAX_PAGE_BYTES. */
  limit: number;
  /** Only events older than the one of this id: the previous page's `nextBefore`. */
  before?: string;
}

export interface EventsPage {
  events: PublicWebhookEvent[];
  /** Present when the filter takes older events: ask again with `before` set to it for the next page. */
  nextBefore?: string;
}

/** The filter of the checked query. */
export function eventsFilter({ type, reference, appId, delivered, state }: EventsQuery): WebhookFilter {
  return {
    ...(type ? { type } : {}),
    ...(reference ? { reference } : {}),
    ...(appId ? { appId } : {}),
    ...(delivered === undefined ? {} : { delivered }),
    ...(state ? { state } : {}),
  };
}

/** The page: newest first; an event no longer kept as `before` (the oldest go past MAX_EVENTS) leaves none older. */
export function eventsPage(env: SandboxEnv, { filter, limit, before }: EventsInput): EventsPage {
  const newestFirst = [...env.state.events.values()].reverse();
  const at = before === undefined ? -1 : newestFirst.findIndex((event) => event.id === before);
  const from = before === undefined ? 0 : at < 0 ? newestFirst.length : at + 1;
  const candidates: PublicWebhookEvent[] = [];
  // One more than the page holds: whether another page follows.
  for (let index = from; index < newestFirst.length && candidates.length <= limit; index++) {
    const event = publicEvent(newestFirst[index]!);
    if (matchesWebhook(event, filter)) candidates.push(event);
  }
  const { shown, taken } = takePage(candidates, limit, (event) => event);
  return { events: shown, ...(taken < candidates.length ? { nextBefore: shown[taken - 1]!.id } : {}) };
}

/** Every event the filter takes, newest first: the pages of `page` one after another. */
export function everyEvent(page: (before: string | undefined) => EventsPage): PublicWebhookEvent[] {
  const events: PublicWebhookEvent[] = [];
  let before: string | undefined;
  do {
    const next = page(before);
    events.push(...next.events);
    before = next.nextBefore;
  } while (before !== undefined);
  return events;
}

/** everyEvent for pages that come over HTTP. */
export async function everyEventOf(page: (before: string | undefined) => Promise<EventsPage>): Promise<PublicWebhookEvent[]> {
  const events: PublicWebhookEvent[] = [];
  let before: string | undefined;
  do {
    const next = await page(before);
    events.push(...next.events);
    before = next.nextBefore;
  } while (before !== undefined);
  return events;
}
