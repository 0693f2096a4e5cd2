import { SandboxExpectationError, type NearMiss } from '../vocabulary/errors';
import type { JournalEntry } from './entry';
import { describeFilter, entryLine, matches, mismatches, safely, type RequestFilter } from './filter';

/** A journal as near misses read it, with the others of its sandbox (journal.ts's RequestJournal, without importing it back). */
interface Journal {
  list(filter?: RequestFilter): JournalEntry[];
  newest(limit: number, filter?: RequestFilter): JournalEntry[];
  readonly budget: { readonly journals: ReadonlySet<Journal> };
}

// What a wait that ran out and a count that came out wrong tell: the entries that came closest to
// the filter and why each did not match, as WireMock's near misses do. A request that matched
// but landed in another world (the sandbox's own, or a namespace: another X-App-Key) comes first.

/** How many near misses a message names. */
export const NEAR_MISSES = 3;

/**
 * Up to `limit` entries closest to the filter: those of another world that match it, then this
 * journal's with the fewest differences (newest first among equals).
 */
export function nearMisses(journal: Journal, filter: RequestFilter, limit = NEAR_MISSES): NearMiss[] {
  const found: NearMiss[] = [];
  const safe = safely(filter);
  for (const other of journal.budget.journals) {
    if (other === journal) continue;
    for (const entry of other.newest(limit - found.length, safe)) {
      const world = entry.namespace === undefined ? "the sandbox's own world" : `namespace ${entry.namespace}`;
      found.push({ id: entry.id, seen: entryLine(entry), why: [`it landed in ${world}, not this one: its X-App-Key is that world's`] });
    }
    if (found.length >= limit) return found;
  }
  const own = journal
    .list()
    .map((entry) => ({ entry, why: mismatches(entry, filter) }))
    .filter(({ why }) => why.length > 0)
    .sort((a, b) => a.why.length - b.why.length || b.entry.id - a.entry.id);
  for (const { entry, why } of own.slice(0, limit - found.length)) found.push({ id: entry.id, seen: entryLine(entry), why });
  return found;
}

/** How many entries the journal keeps that the filter takes. */
export function countRequests(journal: Journal, filter: RequestFilter): number {
  let count = 0;
  for (const entry of journal.list()) if (matches(entry, filter)) count++;
  return count;
}

/** The entries the filter takes when there are exactly `count`; else SandboxExpectationError listing what did arrive (and, when too few, what came closest). */
export function expectRequests(journal: Journal, filter: RequestFilter, count: number): JournalEntry[] {
  const arrived = journal.list(filter);
  if (arrived.length === count) return arrived;
  const what = `${count === 1 ? 'request' : 'requests'} matching ${describeFilter(filter)}`;
  const misses = arrived.length < count ? nearMisses(journal, filter) : [];
  throw new SandboxExpectationError(what, count, arrived.length, arrived.map(entryLine), misses);
}
