import { invalid } from '../vocabulary/errors';
import { MAX_EVENTS } from '../domain/state';
import { matchesWebhook, type WebhookFilter } from '../domain/webhookFilter';
import { publicEvent } from '../domain/webhooks';
import type { PublicWebhookEvent } from '../types';
import { DEFAULT_PAGE_LIMIT, takePage } from './answerPage';
import type { SandboxEnv } from './env';
import type { RawInput } from './input';
import { wholeInput } from './input';
import { webhookQuery } from './waitQuery';

// GET /__sandbox/events (Sandbox.events, webhooks.list): a world's webhook events, newest first,
// a page at a time (worlds/answerPage.ts). A world keeps 1,000 events of up to 50 attempts each,
// each attempt with 500 characters of the receiver's answer: answered whole, a few megabytes.

/** The query parameters of the events' filter. */
export const EVENT_FILTER_FIELDS = ['type', 'reference', 'appId', 'delivered', 'state'] as const;

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

/** The filter's fields, `limit` and `before`, from a Node caller's object or the query. */
export function eventsInput(raw: RawInput): EventsInput {
  const query = new URLSearchParams();
  for (const name of EVENT_FILTER_FIELDS) if (raw[name] !== undefined) query.set(name, String(raw[name]));
  const { limit, before } = raw;
  if (before !== undefined && before !== '' && (typeof before !== 'string' || before.length > 200)) {
    throw invalid("before must be the id of an event (the previous answer's nextBefore)");
  }
  return {
    filter: webhookQuery(query),
    limit: limit === undefined || limit === '' ? DEFAULT_PAGE_LIMIT : wholeInput(limit, 'limit', 1, MAX_EVENTS),
    ...(typeof before === 'string' && before !== '' ? { before } : {}),
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
