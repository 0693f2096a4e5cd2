import type { JournalEntry, SandboxClient } from '../sandbox';
import { recordOfEntry } from './maskedRecord';
import type { RequestRecord } from './requestRecord';

/**
 * The local sandbox as the list reads it: its journal (read where it is kept: here, or in the
 * process that serves it), the journal's change notices and its address.
 */
export type JournalSource = Pick<SandboxClient, 'url' | 'onRequests'> & { requests: Pick<SandboxClient['requests'], 'newest' | 'clear'> };

/**
 * The Requests view's list without VS Code (RequestHistory adds the change event and the view's
 * filter): the local sandbox's request journal and this extension's own short list of its
 * requests to staging and production, newest first, at most `capacity` of each. It hands out
 * masked records only (maskedRecord.ts), one per journal entry. The journal's part is what the
 * last `refresh()` read (one read of the newest `capacity` entries), as a view shows what it read.
 */
export class RequestList {
  /** This extension's requests to staging and production, oldest first. */
  private own: RequestRecord[] = [];
  private source: JournalSource | undefined;
  /** The journal's newest entries as the last refresh read them, newest first. */
  private entries: JournalEntry[] = [];
  private reads = 0;
  /** One record per entry, so a redraw neither masks again nor hands the view new objects. */
  private records = new WeakMap<JournalEntry, RequestRecord>();

  constructor(private readonly capacity: () => number) {}

  get journal(): JournalSource | undefined {
    return this.source;
  }

  /** Reads this sandbox's journal from now on (the sandbox started, or another process serves it now). */
  attach(source: JournalSource): void {
    this.source = source;
    this.entries = [];
    this.records = new WeakMap();
  }

  /** Reads the newest `capacity` entries of the journal (one read); false when it could not (kept as it was). */
  async refresh(): Promise<boolean> {
    const read = ++this.reads;
    const source = this.source;
    let entries: JournalEntry[];
    try {
      entries = (await source?.requests.newest(this.limit())) ?? [];
    } catch {
      return false;
    }
    // A slower earlier read, or one of a journal no longer attached, never replaces a later one.
    if (read === this.reads && source === this.source) this.entries = entries;
    return true;
  }

  /** How many requests it holds (the sandbox's within the capacity, and this extension's own). */
  get size(): number {
    return Math.min(this.entries.length + this.own.length, this.limit());
  }

  /** A request this extension sent to staging or production. */
  add(record: RequestRecord): void {
    this.own.push(record);
    if (this.own.length > this.limit()) this.own = this.own.slice(-this.limit());
  }

  /**
   * Up to `count` records of the newest `capacity` of each list that `accept` takes (it sees the
   * status and the path, which are never masked), newest first: each list in its own order, the
   * later arrival first between them.
   */
  newest(count = Infinity, accept: (status: number, path: string) => boolean = () => true): RequestRecord[] {
    const limit = this.limit();
    // The capacity holds for the two lists together: the view never shows more than the setting.
    count = Math.min(count, limit);
    const entries = this.entries.slice(0, limit).filter((entry) => accept(entry.status, entry.path));
    const own = this.own.slice(-limit).filter((record) => accept(record.status, record.path));
    const shown: RequestRecord[] = [];
    let fromJournal = 0;
    let fromOwn = own.length - 1;
    while (shown.length < count && (fromJournal < entries.length || fromOwn >= 0)) {
      const entry = entries[fromJournal];
      const mine = own[fromOwn];
      if (entry && (!mine || entry.at >= mine.at)) {
        shown.push(this.recordOf(entry));
        fromJournal++;
      } else {
        shown.push(mine!);
        fromOwn--;
      }
    }
    return shown;
  }

  /** Ids below 0 are this extension's own (capture.ts); the others, the journal's. */
  get(id: number): RequestRecord | undefined {
    if (id < 0) return this.own.find((record) => record.id === id);
    const entry = this.entries.find((candidate) => candidate.id === id);
    return entry && this.recordOf(entry);
  }

  /** Empties this extension's own list and the sandbox's journal (for every window that reads it). */
  async clear(): Promise<void> {
    this.own = [];
    this.entries = [];
    await this.source?.requests.clear();
  }

  private limit(): number {
    return Math.max(1, Math.floor(this.capacity()));
  }

  private recordOf(entry: JournalEntry): RequestRecord {
    let record = this.records.get(entry);
    if (!record) {
      record = recordOfEntry(entry, this.source!.url);
      this.records.set(entry, record);
    }
    return record;
  }
}
