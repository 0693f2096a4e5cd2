import type { JournalEntry } from '../requests/entry';
import type { RequestFilter } from '../requests/filter';
import type { WaitOptions } from '../wait';
import { operate } from './operate';
import type { WorldPort } from './port';

// What the app under test sent to one world, and what it was answered: the request journal, to
// assert on, whether the sandbox runs in this process or another. count and expectCount are the
// admin API's (GET /__sandbox/requests/count, /expect), so a remote world answers the same.

/** `sandbox.requests`, `namespace.requests`: one world's request journal (docs/requests.md). */
export class Requests {
  /** @internal */
  constructor(private readonly port: WorldPort) {}

  /** The requests answered so far, oldest first, within the journal's limits; `filter` narrows them. */
  list(filter: RequestFilter = {}): Promise<JournalEntry[]> {
    return this.port.listRequests(filter);
  }

  /** The first request (oldest first) that matches, as soon as there is one; rejects with SandboxTimeoutError. */
  waitFor(filter: RequestFilter, options: WaitOptions = {}): Promise<JournalEntry> {
    return this.port.waitForRequest(filter, options);
  }

  /** How many entries the filter takes (every entry kept, without one). */
  async count(filter: RequestFilter = {}): Promise<number> {
    return (await this.list(filter)).length;
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
