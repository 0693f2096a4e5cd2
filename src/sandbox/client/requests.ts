import type { JournalEntry } from '../requests/entry';
import type { RequestFilter } from '../requests/filter';
import { checkWaitOptions, type WaitOptions } from '../vocabulary/wait';
import { invalid } from '../vocabulary/errors';
import { requestFilterInput } from '../worlds/requestQuery';
import { operate, type WorldPort } from './port';

// What the app under test sent to one world, and what it was answered: the request journal, to
// assert on, whether the sandbox runs in this process or another. Each filter and wait is checked
// here, by the admin API's own check, before either side runs it; count and expectCount are the
// admin API's operations (GET /__sandbox/requests/count, /expect), so both sides answer the same.

/** `sandbox.requests`, `namespace.requests`: one world's request journal (docs/requests.md). */
export class Requests {
  /** @internal */
  constructor(private readonly port: WorldPort) {}

  /** The requests answered so far, oldest first, within the journal's limits; `filter` narrows them. */
  async list(filter: RequestFilter = {}): Promise<JournalEntry[]> {
    return this.port.listRequests(requestFilterInput({ ...filter }));
  }

  /**
   * The newest `limit` requests (a whole number, 0 or more), newest first: a look at what just
   * came that reads a page of the journal, not all of it.
   */
  async newest(limit: number): Promise<JournalEntry[]> {
    if (!Number.isInteger(limit) || limit < 0) throw invalid(`limit must be a whole number, 0 or more (got ${String(limit)})`);
    return limit === 0 ? [] : this.port.newestRequests(limit);
  }

  /** The first request (oldest first) that matches, as soon as there is one; rejects with SandboxTimeoutError. */
  async waitFor(filter: RequestFilter, options: WaitOptions = {}): Promise<JournalEntry> {
    const checked = requestFilterInput({ ...filter });
    checkWaitOptions(options);
    return this.port.waitForRequest(checked, options);
  }

  /** How many entries the filter takes (every entry kept, without one). */
  async count(filter: RequestFilter = {}): Promise<number> {
    return (await operate(this.port, 'countRequests', { ...filter })).count;
  }

  /**
   * Resolves with the entries the filter takes when there are exactly `count`; else rejects with
   * SandboxExpectationError, whose message lists what did arrive (and, when too few, the closest
   * entries and why each did not match).
   */
  async expectCount(filter: RequestFilter, count: number): Promise<JournalEntry[]> {
    return (await operate(this.port, 'expectRequests', { ...filter, count })).requests;
  }

  /** Empties this world's journal (ids go on from where they were). */
  async clear(): Promise<void> {
    await operate(this.port, 'clearRequests');
  }
}
