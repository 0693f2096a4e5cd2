import type { SandboxExchange } from '../sandbox';
import type { RequestRecord } from './requestRecord';
import { SandboxRecorder } from './sandboxRecorder';

/** walletConsole.requests.historySize when it is not set. */
export const DEFAULT_HISTORY_SIZE = 500;

/**
 * The Requests view's list without VS Code: bounded, oldest first inside, masked records out.
 * RequestHistory adds the change event and the filter; the bench measures this class as it is.
 *
 * The in-process sandbox's requests are listed by id and kept as rows (sandboxRecorder.ts) until
 * something reads them: only then does the list make, and keep, their records.
 */
export class RequestList {
  private entries: (RequestRecord | number)[] = [];
  private readonly sandbox: SandboxRecorder;

  constructor(private readonly capacity: () => number) {
    this.sandbox = new SandboxRecorder(mostKept(this.limit()));
  }

  get size(): number {
    return this.entries.length;
  }

  /** A record this extension made (staging, production, a replay). */
  add(record: RequestRecord): void {
    this.keep(record, this.limit());
  }

  /** A request the in-process sandbox answered (any client's): kept as a row, made a record when read. */
  addFromSandbox(exchange: SandboxExchange, sandboxUrl: string): void {
    const limit = this.limit();
    if (mostKept(limit) !== this.sandbox.capacity) this.resize(limit);
    const id = this.sandbox.note(exchange, sandboxUrl);
    if (id !== undefined) this.keep(id, limit);
  }

  /** Up to `count` records of the newest `capacity` entries, newest first, those `accept` takes. */
  newest(count = Infinity, accept: (record: RequestRecord) => boolean = () => true): RequestRecord[] {
    const oldest = this.entries.length - this.limit();
    const newest: RequestRecord[] = [];
    for (let index = this.entries.length - 1; index >= 0 && index >= oldest && newest.length < count; index--) {
      const record = this.recordAt(index);
      if (record && accept(record)) newest.push(record);
    }
    return newest;
  }

  get(id: number): RequestRecord | undefined {
    const index = this.entries.findIndex((entry) => (typeof entry === 'number' ? entry : entry.id) === id);
    return index === -1 ? undefined : this.recordAt(index);
  }

  /** Empties the list, and lets go of the unmasked bytes its records were made from. */
  clear(): void {
    this.entries = [];
    this.sandbox.forget();
  }

  private limit(): number {
    return Math.max(1, Math.floor(this.capacity()));
  }

  private keep(entry: RequestRecord | number, limit: number): void {
    this.entries.push(entry);
    // Trimmed in batches of a tenth, so a full list does not move every entry on each add.
    if (this.entries.length > mostKept(limit)) this.entries = this.entries.slice(-limit);
    // The sandbox keeps its answers in a ring (byteRing.ts), oldest written over first: a list
    // that outgrows it lets its oldest ones go.
    if (this.entries.length > 0 && this.gone(this.entries[0]!)) this.entries = this.entries.filter((one) => !this.gone(one));
  }

  /** Can no longer be shown whole: its row, or its answer's bytes, were written over. */
  private gone(entry: RequestRecord | number): boolean {
    return typeof entry === 'number' ? !this.sandbox.holds(entry) : entry.lost === true;
  }

  /** The entry at `index` as a record, made (and kept) on first read; undefined once gone. */
  private recordAt(index: number): RequestRecord | undefined {
    const entry = this.entries[index]!;
    if (typeof entry !== 'number') return entry;
    const record = this.sandbox.record(entry);
    if (record) this.entries[index] = record;
    return record;
  }

  /** The list's size changed: the rows it lists become records, and the sandbox's rows are sized anew. */
  private resize(limit: number): void {
    for (let index = 0; index < this.entries.length; index++) this.recordAt(index);
    this.entries = this.entries.filter((entry) => typeof entry !== 'number');
    this.sandbox.resize(mostKept(limit));
  }
}

/** The most entries a list of `limit` holds between trims. */
function mostKept(limit: number): number {
  return limit + Math.max(1, Math.floor(limit / 10));
}
