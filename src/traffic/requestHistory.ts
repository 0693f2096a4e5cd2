import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import { forgetSandboxTraffic } from './capture';
import { statusClassOf, withoutLost, type RequestRecord, type StatusClass } from './requestRecord';

/** What the Requests view shows: a status class and a part of the path, either or both. */
export interface RequestFilter {
  statusClass?: StatusClass;
  /** Case-insensitive part of the path. */
  path?: string;
}

export const DEFAULT_HISTORY_SIZE = 500;

/**
 * The bounded, in-memory history of requests (masked records only), oldest first inside,
 * newest first outside. Fires onDidChange at most once per tick, however many records came.
 */
export class RequestHistory extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private records: RequestRecord[] = [];
  private currentFilter: RequestFilter = {};
  private firing = false;

  constructor(private readonly capacity: () => number) {
    super();
  }

  get filter(): RequestFilter {
    return this.currentFilter;
  }

  get size(): number {
    return this.records.length;
  }

  add(record: RequestRecord): void {
    this.records.push(record);
    const limit = Math.max(1, Math.floor(this.capacity()));
    // Trimmed in batches of a tenth, so a full history does not move every record on each add.
    if (this.records.length > limit + Math.max(1, Math.floor(limit / 10))) this.records = this.records.slice(-limit);
    if (this.records[0]?.lost) this.records = withoutLost(this.records);
    this.fireSoon();
  }

  /** The records the view shows: filtered, newest first, never more than the capacity. */
  visible(): RequestRecord[] {
    const { statusClass, path } = this.currentFilter;
    const part = path?.toLowerCase();
    const limit = Math.max(1, Math.floor(this.capacity()));
    const shown: RequestRecord[] = [];
    for (let index = this.records.length - 1; index >= 0 && index >= this.records.length - limit; index--) {
      const record = this.records[index]!;
      if (statusClass && statusClassOf(record.status) !== statusClass) continue;
      if (part && !record.path.toLowerCase().includes(part)) continue;
      shown.push(record);
    }
    return shown;
  }

  /** The newest `limit` records, newest first, whatever the filter (the agent tools read these). */
  newest(limit: number): RequestRecord[] {
    const count = Math.max(0, Math.min(Math.floor(limit), Math.floor(this.capacity()), this.records.length));
    return this.records.slice(this.records.length - count).reverse();
  }

  get(id: number): RequestRecord | undefined {
    return this.records.find((record) => record.id === id);
  }

  setFilter(filter: RequestFilter): void {
    this.currentFilter = { ...filter };
    this.fireSoon();
  }

  /** Empties the history, and lets go of the unmasked bytes its records were made from. */
  clear(): void {
    this.records = [];
    forgetSandboxTraffic();
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
