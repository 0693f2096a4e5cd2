import type { JournalEntry } from '../requests/entry';
import type { WebhookEvent } from '../types';
import { remember, type FindingDraft } from './finding';

// webhook-trusted-without-requery: an event the app acknowledged whose transaction it never
// fetched from the API. This API signs no webhooks: a requery is the only proof an event is real.
// Judged as traffic arrives, once REQUERY_WITHIN_MS of the virtual clock have passed since the
// acknowledgement with no requery of its reference (before or after it); and when findings are
// read (judge), once a short grace of the real clock has passed for a requery still on its way.

export const REQUERY_WITHIN_MS = 60_000;
const REQUERY = /^\/v1\/(?:users\/transfers\/requery\/bank|transactions)\/([^/]+)\/?$/;
/** How many references it holds (requeried, or events waiting for one); the oldest go first. */
const MAX_HELD = 200;

interface Acknowledged {
  eventId: string;
  /** The virtual clock when it was acknowledged. */
  at: number;
  /** The real clock when the review saw the acknowledgement: the grace of a read runs from here. */
  seen: number;
}

/** A path segment decoded; undefined when its percent-encoding is malformed (the router refused it: no requery). */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export const referenceOf = (event: WebhookEvent): string => {
  const data = event.payload.payload.data as { transactionReference?: unknown };
  return typeof data.transactionReference === 'string' ? data.transactionReference : '';
};

export class WebhookTrust {
  /** References the app requeried, with when. */
  private requeried = new Map<string, number>();
  /** Acknowledged events waiting for a requery, by reference. */
  private waiting = new Map<string, Acknowledged>();
  /** Events found trusted already: a redelivery of one is not a second finding. */
  private told = new Map<string, true>();

  clear(): void {
    this.requeried.clear();
    this.waiting.clear();
    this.told.clear();
  }

  exchange(entry: JournalEntry, now: number): FindingDraft[] {
    const match = entry.method === 'GET' ? REQUERY.exec(entry.path) : null;
    const reference = match?.[1] === undefined ? undefined : decoded(match[1]);
    if (reference !== undefined) {
      remember(this.requeried, reference, now, MAX_HELD);
      this.waiting.delete(reference);
    }
    return this.overdue(now);
  }

  event(event: WebhookEvent, now: number, seen: number): FindingDraft[] {
    const reference = referenceOf(event);
    const known = this.requeried.has(reference) || this.waiting.has(reference) || this.told.has(event.id);
    if (event.state === 'delivered' && reference !== '' && !known) {
      remember(this.waiting, reference, { eventId: event.id, at: now, seen }, MAX_HELD);
    }
    return this.overdue(now);
  }

  /** When the review saw each acknowledgement still waiting for its requery (the real clock). */
  pending(): number[] {
    return [...this.waiting.values()].map(({ seen }) => seen);
  }

  /** Judged when findings are read: every acknowledgement seen at least `graceMs` ago that is still waiting. */
  judge(realNow: number, graceMs: number): FindingDraft[] {
    return this.take(({ seen }) => realNow - seen >= graceMs);
  }

  private overdue(now: number): FindingDraft[] {
    return this.take(({ at }) => now - at >= REQUERY_WITHIN_MS);
  }

  private take(due: (acknowledged: Acknowledged) => boolean): FindingDraft[] {
    const findings: FindingDraft[] = [];
    for (const [reference, acknowledged] of this.waiting) {
      if (!due(acknowledged)) continue;
      this.waiting.delete(reference);
      remember(this.told, acknowledged.eventId, true, MAX_HELD);
      findings.push({
        rule: 'webhook-trusted-without-requery',
        title: `The app acknowledged a webhook event and never fetched its transaction (${reference}) from the API`,
        detail:
          'This API signs no webhooks: anyone who finds the callback URL can post a "SUCCESS" event. Before crediting an ' +
          'order, fetch the transaction by its reference (GET /v1/transactions/:ref, or the bank requery) and trust what ' +
          'the API says, not the event.',
        eventIds: [acknowledged.eventId],
      });
    }
    return findings;
  }
}
