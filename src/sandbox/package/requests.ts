import type { JournalEntry } from '../requests/entry';
import type { RequestFilter } from '../requests/filter';
import type { JournalChange, RequestJournal } from '../requests/journal';
import type { WorldControls } from '../types';
import type { WaitOptions } from '../wait';

// `sandbox.requests`, `namespace.requests`: one world's request journal as a test reads it and
// asserts on it. Reads are the journal's own; count and expectCount are the operations' of the
// admin API (GET /__sandbox/requests/count, /expect), so a remote world answers the same.

/** Every API request this world answered, to list, wait for, count and assert on. */
export class WorldRequests {
  /** @internal */
  constructor(
    private readonly journal: RequestJournal,
    private readonly controls: Pick<WorldControls, 'countRequests' | 'expectRequests'>,
  ) {}

  /** How many entries the journal keeps now. */
  get size(): number {
    return this.journal.size;
  }

  /** The newest entry's id (0 when none came yet): pass it as `after` to see only what comes next. */
  get lastId(): number {
    return this.journal.lastId;
  }

  /** The entries the filter takes, oldest first. */
  list(filter?: RequestFilter): JournalEntry[] {
    return this.journal.list(filter);
  }

  /** Up to `limit` entries the filter takes, newest first. */
  newest(limit: number, filter?: RequestFilter): JournalEntry[] {
    return this.journal.newest(limit, filter);
  }

  /** The entry of that id, while it is kept. */
  get(id: number): JournalEntry | undefined {
    return this.journal.get(id);
  }

  /**
   * The first entry the filter takes, among those kept now or the next to come. After
   * `timeoutMs` (default 2000) it rejects with SandboxTimeoutError, naming the closest entries
   * and why each did not match.
   */
  waitFor(filter: RequestFilter, options?: WaitOptions): Promise<JournalEntry> {
    return this.journal.waitFor(filter, options);
  }

  /** Called for every change, synchronously (keep it cheap); returns the unsubscribe. */
  onChange(listener: (change: JournalChange) => void): () => void {
    return this.journal.onChange(listener);
  }

  /** Empties the journal; ids go on from where they were. */
  clear(): void {
    this.journal.clear();
  }

  /** How many entries the filter takes (every entry kept, without one). */
  async count(filter: RequestFilter = {}): Promise<number> {
    return this.controls.countRequests(filter);
  }

  /**
   * Resolves with the entries the filter takes when there are exactly `count`; else rejects with
   * SandboxExpectationError, whose message lists what did arrive (and, when too few, the closest
   * entries and why each did not match).
   */
  async expectCount(filter: RequestFilter, count: number): Promise<JournalEntry[]> {
    return this.controls.expectRequests(filter, count);
  }
}
