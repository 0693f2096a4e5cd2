import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import type { SandboxExchange } from '../sandbox';
import { statusClassOf, type RequestRecord, type StatusClass } from './requestRecord';
import { SandboxRecorder } from './sandboxRecorder';

/** What the Requests view shows: a status class and a part of the path, either or both. */
export interface RequestFilter {
  statusClass?: StatusClass;
  /** Case-insensitive part of the path. */
  path?: string;
}

export const DEFAULT_HISTORY_SIZE = 500;

/**
 * The bounded, in-memory history of requests, oldest first inside, newest first outside: what it
 * hands out is masked records only. Fires onDidChange at most once per tick, however many came.
 *
 * The in-process sandbox's requests are listed by id and kept as rows (sandboxRecorder.ts) until
 * something reads them: only then does the history make, and keep, their records.
 */
export class RequestHistory extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private entries: (RequestRecord | number)[] = [];
  private currentFilter: RequestFilter = {};
  private firing = false;
  private readonly sandbox: SandboxRecorder;
  /** The capacity the sandbox's rows are sized for. */
  private sizedFor: number;

  constructor(private readonly capacity: () => number) {
    super();
    this.sizedFor = this.limit();
    this.sandbox = new SandboxRecorder(mostKept(this.sizedFor));
  }

  get filter(): RequestFilter {
    return this.currentFilter;
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
    if (limit !== this.sizedFor) this.resize(limit);
    const id = this.sandbox.note(exchange, sandboxUrl);
    if (id !== undefined) this.keep(id, limit);
  }

  private keep(entry: RequestRecord | number, limit: number): void {
    this.entries.push(entry);
    // Trimmed in batches of a tenth, so a full history does not move every record on each add.
    if (this.entries.length > mostKept(limit)) this.entries = this.entries.slice(-limit);
    // The sandbox keeps its answers in a ring (byteRing.ts), oldest written over first: a history
    // that outgrows it lets its oldest ones go.
    if (this.entries.length > 0 && this.gone(this.entries[0]!)) this.entries = this.entries.filter((one) => !this.gone(one));
    this.fireSoon();
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

  /** The history's size changed: the rows it lists become records, and the sandbox's rows are sized anew. */
  private resize(limit: number): void {
    for (let index = 0; index < this.entries.length; index++) this.recordAt(index);
    this.entries = this.entries.filter((entry) => typeof entry !== 'number');
    this.sizedFor = limit;
    this.sandbox.resize(mostKept(limit));
  }

  private limit(): number {
    return Math.max(1, Math.floor(this.capacity()));
  }

  /** The records the view shows: filtered, newest first, never more than the capacity. */
  visible(): RequestRecord[] {
    const { statusClass, path } = this.currentFilter;
    const part = path?.toLowerCase();
    const oldest = this.entries.length - this.limit();
    const shown: RequestRecord[] = [];
    for (let index = this.entries.length - 1; index >= 0 && index >= oldest; index--) {
      const record = this.recordAt(index);
      if (!record) continue;
      if (statusClass && statusClassOf(record.status) !== statusClass) continue;
      if (part && !record.path.toLowerCase().includes(part)) continue;
      shown.push(record);
    }
    return shown;
  }

  /** The newest `limit` records, newest first, whatever the filter (the agent tools read these). */
  newest(limit: number): RequestRecord[] {
    const count = Math.max(0, Math.min(Math.floor(limit), this.limit()));
    const newest: RequestRecord[] = [];
    for (let index = this.entries.length - 1; index >= 0 && newest.length < count; index--) {
      const record = this.recordAt(index);
      if (record) newest.push(record);
    }
    return newest;
  }

  get(id: number): RequestRecord | undefined {
    const index = this.entries.findIndex((entry) => (typeof entry === 'number' ? entry : entry.id) === id);
    return index === -1 ? undefined : this.recordAt(index);
  }

  setFilter(filter: RequestFilter): void {
    this.currentFilter = { ...filter };
    this.fireSoon();
  }

  /** Empties the history, and lets go of the unmasked bytes its records were made from. */
  clear(): void {
    this.entries = [];
    this.sandbox.forget();
    this.fireSoon();
  }

  private fireSoon(): void {
    if (this.firing) return;
    this.firing = true;
    setImmediate(() => {
      this.firing = false;
      this.changed.fire();
    });
  }
}

/** The most entries a history of `limit` holds between trims. */
function mostKept(limit: number): number {
  return limit + Math.max(1, Math.floor(limit / 10));
}
