import type { WebhookEvent } from '../types';
import { type FindingDraft } from './finding';

// webhook-not-acknowledged: the app's endpoint answered a delivery with a non-2xx, after more
// than ACK_WITHIN_MS, or not at all. Looked at once per attempt, when the event changes.

/** An acknowledgement slower than this is too slow (and the sandbox's attempt times out at it). */
export const ACK_WITHIN_MS = 5_000;

export class WebhookRules {
  /** The number of each event's last attempt looked at already; an event whose run ended is forgotten. */
  private seen = new Map<string, number>();

  clear(): void {
    this.seen.clear();
  }

  /** Called on every change that lists the event; a pending one (made, or redelivered) has no new attempt. */
  event(event: WebhookEvent): FindingDraft[] {
    if (event.state === 'pending') return [];
    // By number, not position: the oldest attempts of an event go past MAX_KEPT_ATTEMPTS.
    const last = event.attempts.at(-1)?.number ?? 0;
    const seen = this.seen.get(event.id) ?? last - 1;
    if (event.state === 'delivered' || event.state === 'failed') this.seen.delete(event.id);
    else this.seen.set(event.id, last);
    const findings: FindingDraft[] = [];
    for (const attempt of event.attempts.filter(({ number }) => number > seen)) {
      const ok = attempt.status >= 200 && attempt.status < 300 && attempt.durationMs <= ACK_WITHIN_MS;
      if (ok) continue;
      const what = attempt.status === 0 ? `got no answer${attempt.error ? ` (${attempt.error})` : ''}` : `was answered ${attempt.status}`;
      findings.push({
        rule: 'webhook-not-acknowledged',
        title: `Webhook ${event.type} attempt ${attempt.number} to the app's callbackURL ${what} after ${attempt.durationMs} ms`,
        detail:
          'An event that is not acknowledged with a 2xx within 5 s is sent again and again: a handler that is not ' +
          'idempotent credits or ships twice, and a slow one times out. Answer 200 at once, then do the work (queue it), ' +
          'keyed by the transaction reference.',
        eventIds: [event.id],
      });
    }
    return findings;
  }
}
