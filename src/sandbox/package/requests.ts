import type { JournalEntry } from '../requests/entry';
import type { RequestFilter } from '../requests/filter';
import type { WaitOptions } from '../wait';
import { operate } from './operate';
import type { WorldPort } from './port';

// What the app under test sent to one world, and what it was answered: the request journal, to
// assert on, whether the sandbox runs in this process or another.

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

  /** Empties this world's journal (ids go on from where they were). */
  async clear(): Promise<void> {
    await operate(this.port, 'clearRequests');
  }
}
