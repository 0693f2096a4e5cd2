import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import type { SandboxExchange } from '../sandbox';
import { statusClassOf, type RequestRecord, type StatusClass } from './requestRecord';
import { RequestList } from './requestList';

/** What the Requests view shows: a status class and a part of the path, either or both. */
export interface RequestFilter {
  statusClass?: StatusClass;
  /** Case-insensitive part of the path. */
  path?: string;
}

/**
 * The bounded, in-memory history of requests (requestList.ts), with the view's filter: what it
 * hands out is masked records only. Fires onDidChange at most once per tick, however many came.
 */
export class RequestHistory extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private readonly list: RequestList;
  private currentFilter: RequestFilter = {};
  private firing = false;

  constructor(capacity: () => number) {
    super();
    this.list = new RequestList(capacity);
  }

  get filter(): RequestFilter {
    return this.currentFilter;
  }

  get size(): number {
    return this.list.size;
  }

  /** A record this extension made (staging, production, a replay). */
  add(record: RequestRecord): void {
    this.list.add(record);
    this.fireSoon();
  }

  /** A request the in-process sandbox answered (any client's): kept as a row, made a record when read. */
  addFromSandbox(exchange: SandboxExchange, sandboxUrl: string): void {
    this.list.addFromSandbox(exchange, sandboxUrl);
    this.fireSoon();
  }

  /** The records the view shows: filtered, newest first, never more than the capacity. */
  visible(): RequestRecord[] {
    const { statusClass, path } = this.currentFilter;
    const part = path?.toLowerCase();
    return this.list.newest(
      Infinity,
      (record) => (!statusClass || statusClassOf(record.status) === statusClass) && (!part || record.path.toLowerCase().includes(part)),
    );
  }

  /** The newest `limit` records, newest first, whatever the filter (the agent tools read these). */
  newest(limit: number): RequestRecord[] {
    return this.list.newest(Math.max(0, Math.floor(limit)));
  }

  get(id: number): RequestRecord | undefined {
    return this.list.get(id);
  }

  setFilter(filter: RequestFilter): void {
    this.currentFilter = { ...filter };
    this.fireSoon();
  }

  /** Empties the history, and lets go of the unmasked bytes its records were made from. */
  clear(): void {
    this.list.clear();
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
