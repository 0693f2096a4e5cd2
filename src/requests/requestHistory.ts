import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import { RequestList, type JournalSource } from './requestList';
import { statusClassOf, type RequestRecord, type StatusClass } from './requestRecord';

/** walletConsole.requests.historySize when it is not set (the sandbox journal's default count too). */
export const DEFAULT_HISTORY_SIZE = 500;

/** What the Requests view shows: a status class and a part of the path, either or both. */
export interface RequestFilter {
  statusClass?: StatusClass;
  /** Case-insensitive part of the path. */
  path?: string;
}

/**
 * What the Requests view, the panel and the agent tools read (requestList.ts), with the view's
 * filter. Fires onDidChange at most once per tick, however many requests came.
 */
export class RequestHistory extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private readonly list: RequestList;
  private stopListening: () => void = () => undefined;
  private currentFilter: RequestFilter = {};
  /** Fires onDidChange on the next tick, once however often it is asked within this one. */
  private readonly fireSoon = onceATick(() => this.changed.fire());
  /** Reads the journal on the next tick: one read for every request that came within this one, not one each. */
  private readonly refreshSoon = onceATick(() => void this.refresh());
  /** A read of the journal is under way; `again`: it changed meanwhile, read once more after. */
  private reading: Promise<void> | undefined;
  private again = false;

  constructor(capacity: () => number) {
    super();
    this.list = new RequestList(capacity);
    this._register({ dispose: () => this.stopListening() });
  }

  /** Reads this sandbox's journal from now on (the sandbox started, or another process serves it now). */
  attach(source: JournalSource): void {
    this.stopListening();
    this.list.attach(source);
    this.stopListening = source.onRequests(this.refreshSoon);
    void this.refresh();
  }

  /** Reads the journal again (one read however many changes came meanwhile), then redraws; resolves once read. */
  refresh(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        await this.list.refresh();
      } while (this.again);
      this.reading = undefined;
      this.fireSoon();
    })();
    return this.reading;
  }

  get filter(): RequestFilter {
    return this.currentFilter;
  }

  get size(): number {
    return this.list.size;
  }

  /** A request this extension sent to staging or production. */
  add(record: RequestRecord): void {
    this.list.add(record);
    this.fireSoon();
  }

  /** The records the view shows: filtered, newest first, never more than the capacity. */
  visible(): RequestRecord[] {
    const { statusClass, path } = this.currentFilter;
    const part = path?.toLowerCase();
    return this.list.newest(
      Infinity,
      (status, recordPath) => (!statusClass || statusClassOf(status) === statusClass) && (!part || recordPath.toLowerCase().includes(part)),
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

  /** Empties the sandbox's journal (for every window that reads it) and this extension's own list. */
  async clear(): Promise<void> {
    const clearing = this.list.clear();
    this.fireSoon();
    await clearing;
  }
}

/** A trigger that runs `run` once on the next tick, however many times it is pulled before then. */
function onceATick(run: () => void): () => void {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    setImmediate(() => {
      queued = false;
      run();
    });
  };
}
