import type { JournalEntry } from '../requests/entry';
import { remember, type FindingDraft } from './finding';

// repeated-bvn-query: the same BVN looked up again, each lookup charged (N35 a query, evidence.md
// "BVN query"), within a day of the world's clock. A BVN's holder does not change: one answer kept
// serves every later check.

/** A second charged lookup of one BVN within this long (virtual clock) is one too many. */
export const BVN_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How many BVNs it remembers at once; the oldest go first. */
const MAX_BVNS = 500;
const BVN_QUERY = /^\/v1\/queries\/bvn\/?$/;

interface Lookup {
  id: number;
  at: number;
}

export class RepeatedBvnQuery {
  private lookups = new Map<string, Lookup>();

  clear(): void {
    this.lookups.clear();
  }

  exchange(entry: JournalEntry, now: number): FindingDraft[] {
    // Only an answered lookup is charged: a refused one (4xx) cost nothing.
    if (entry.method !== 'GET' || entry.status !== 200 || !BVN_QUERY.test(entry.path)) return [];
    const bvn = new URLSearchParams(entry.query).get('bvn');
    if (!bvn) return [];
    const first = this.lookups.get(bvn);
    remember(this.lookups, bvn, first && now - first.at <= BVN_REPEAT_WINDOW_MS ? first : { id: entry.id, at: now }, MAX_BVNS);
    if (!first || now - first.at > BVN_REPEAT_WINDOW_MS) return [];
    return [
      {
        rule: 'repeated-bvn-query',
        // The BVN is personal data: the finding names the requests, never the number.
        title: 'GET /v1/queries/bvn asked again for a BVN the app looked up within the last day: each lookup is charged',
        detail:
          'Every BVN query costs N35 (evidence.md), and the answer for a BVN does not change. Keep the first answer ' +
          '(with the customer record it verified) and check against it, instead of asking the API again.',
        requestIds: [first.id, entry.id],
      },
    ];
  }
}
