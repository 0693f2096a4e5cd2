import type { JournalEntry } from '../requests/entry';
import type { WebhookEvent } from '../types';
import { remember, type FindingDraft } from './finding';

// webhook-trusted-without-requery: an event the app acknowledged whose transaction it never
// fetched from the API. This API signs no webhooks: a requery is the only proof an event is real.
// Judged as traffic arrives: once REQUERY_WITHIN_MS of the virtual clock have passed since the
// acknowledgement with no requery of its reference (before or after it).

export const REQUERY_WITHIN_MS = 60_000;
const REQUERY = /^\/v1\/(?:users\/transfers\/requery\/bank|transactions)\/([^/]+)\/?$/;
/** How many references it holds (requeried, or events waiting for one); the oldest go first. */
const MAX_HELD = 200;

interface Acknowledged {
  eventId: string;
  at: number;
}

const referenceOf = (event: WebhookEvent): string => {
  const data = event.payload.payload.data as { transactionReference?: unknown };
  return typeof data.transactionReference === 'string' ? data.transactionReference : '';
};

export class WebhookTrust {
  /** References the app requeried, with when. */
  private requeried = new Map<string, number>();
  /** Acknowledged events waiting for a requery, by reference. */
  private waiting = new Map<string, Acknowledged>();

  clear(): void {
    this.requeried.clear();
    this.waiting.clear();
  }

  exchange(entry: JournalEntry, now: number): FindingDraft[] {
    const match = entry.method === 'GET' ? REQUERY.exec(entry.path) : null;
    if (match?.[1]) {
      const reference = decodeURIComponent(match[1]);
      remember(this.requeried, reference, now, MAX_HELD);
      this.waiting.delete(reference);
    }
    return this.overdue(now);
  }

  event(event: WebhookEvent, now: number): FindingDraft[] {
    const reference = referenceOf(event);
    if (event.state === 'delivered' && reference !== '' && !this.requeried.has(reference)) {
      remember(this.waiting, reference, { eventId: event.id, at: now }, MAX_HELD);
    }
    return this.overdue(now);
  }

  private overdue(now: number): FindingDraft[] {
    const findings: FindingDraft[] = [];
    for (const [reference, { eventId, at }] of this.waiting) {
      if (now - at < REQUERY_WITHIN_MS) continue;
      this.waiting.delete(reference);
      findings.push({
        rule: 'webhook-trusted-without-requery',
        title: `The app acknowledged a webhook event and never fetched its transaction (${reference}) from the API`,
        detail:
          'This API signs no webhooks: anyone who finds the callback URL can post a "SUCCESS" event. Before crediting an ' +
          'order, fetch the transaction by its reference (GET /v1/transactions/:ref, or the bank requery) and trust what ' +
          'the API says, not the event.',
        eventIds: [eventId],
      });
    }
    return findings;
  }
}
