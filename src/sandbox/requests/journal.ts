import { invalid } from '../vocabulary/errors';
import { listeners } from '../vocabulary/listeners';
import { waitUntil, type WaitOptions } from '../vocabulary/wait';
import { entryBytes, requestViews, type EntryDraft, type JournalEntry } from './entry';
import { describeFilter, matches, type RequestFilter } from './filter';
import { nearMisses } from './nearMisses';

// The sandbox's one record of the requests it answered (docs/requests.md): plain entries in an
// array in the order the requests arrived, the oldest let go past a count and a byte budget. A
// request is numbered when it arrives (reserve) and listed when answered, in its place: one held
// by a fault, or whose client gave up, keeps its place before the retry that followed it. The
// Requests view, the panel, the agent tools, GET /__sandbox/requests, MCP and a developer's own
// tests all read it; the integration review reads it in arrival order (onEachInOrder).

/** How many entries a journal keeps when not told (walletConsole.requests.historySize's default). */
export const DEFAULT_JOURNAL_ENTRIES = 500;
/** The most entries a journal may keep (the setting's maximum). */
export const MAX_JOURNAL_ENTRIES = 10_000;
/** How many bytes of entries a sandbox's journals keep together when not told (see entryBytes). */
export const DEFAULT_JOURNAL_BYTES = 16 * 1024 * 1024;

export interface JournalLimits {
  /** The most entries kept; 0 records nothing. */
  maxEntries: number;
  /** The most bytes of entries kept (entryBytes) by every journal of its budget together; the newest entry is kept whatever its size. */
  maxBytes: number;
}

/**
 * One byte budget for the journals of a sandbox (its own and each namespace's), so a hundred
 * namespaces cannot keep a hundred times the memory: past it, the oldest entry of any journal goes.
 */
export class JournalBudget {
  /** The bytes every journal of the budget keeps now. */
  bytes = 0;
  private order = 0;
  /** @internal The journals that share it. */
  readonly journals = new Set<RequestJournal>();

  constructor(public maxBytes: number) {}

  /** @internal Numbers entries across journals: the lowest is the oldest. */
  next(): number {
    return ++this.order;
  }

  /** @internal Lets the oldest entries of any journal go while over budget; `newest` (just added) stays whatever its size. */
  trim(newest?: JournalEntry): void {
    while (this.bytes > this.maxBytes) {
      let oldest: RequestJournal | undefined;
      for (const journal of this.journals) if (journal.oldestOrder < (oldest?.oldestOrder ?? Infinity)) oldest = journal;
      if (!oldest || oldest.oldest === newest) return;
      oldest.drop(1);
    }
  }
}

/** What changed: an entry came, or the journal was emptied. Evictions are not told: they follow from the limits. */
export type JournalChange = { added: JournalEntry; cleared?: undefined } | { added?: undefined; cleared: true };

export type { WaitOptions } from '../vocabulary/wait';

/** A journal as its readers in this process see it (another process reads it over GET /__sandbox/requests). */
export interface JournalReader {
  readonly size: number;
  /**
   * The id of the newest request to arrive (0 when none came yet): pass it as `after` to see only
   * what arrives next. A request still being served is listed once answered.
   */
  readonly lastId: number;
  /** The entries the filter takes, in arrival order. */
  list(filter?: RequestFilter): JournalEntry[];
  /** Up to `limit` entries the filter takes, newest first. */
  newest(limit: number, filter?: RequestFilter): JournalEntry[];
  get(id: number): JournalEntry | undefined;
  /** The first entry the filter takes, among those kept now or the next to come; rejects after timeoutMs. */
  waitFor(filter: RequestFilter, options?: WaitOptions): Promise<JournalEntry>;
  /** Called for every change, synchronously (keep it cheap); returns the unsubscribe. */
  onChange(listener: (change: JournalChange) => void): () => void;
}

/** The request journal: every API request a sandbox (or a namespace) answered, oldest first, within its limits. */
export class RequestJournal implements JournalReader {
  private entries: JournalEntry[] = [];
  /** Beside each entry, its number in the order of the byte budget it shares. */
  private orders: number[] = [];
  /** Beside each entry, its size as the byte budget counts it (entryBytes), so that letting it go reads nothing of it. */
  private sizes: number[] = [];
  private totalBytes = 0;
  private nextId = 1;
  /** Ids given to requests that arrived and are not answered yet (reserve). */
  private readonly unanswered = new Set<number>();
  /** Entries answered while a request that arrived before them was not: told in order (onEachInOrder) once it is. */
  private held: JournalEntry[] = [];
  private readonly inOrder = listeners<JournalEntry>();
  private readonly changes = listeners<JournalChange>();
  private maxEntries: number;
  /** @internal The byte budget it shares (with its sandbox's other journals), or its own. */
  readonly budget: JournalBudget;

  /** @internal The sandbox makes its journals. */
  constructor(limits: Partial<JournalLimits> = {}, budget?: JournalBudget) {
    const checked = checkedLimits({
      maxEntries: DEFAULT_JOURNAL_ENTRIES,
      maxBytes: budget?.maxBytes ?? DEFAULT_JOURNAL_BYTES,
      ...limits,
    });
    this.maxEntries = checked.maxEntries;
    this.budget = budget ?? new JournalBudget(checked.maxBytes);
    this.budget.maxBytes = checked.maxBytes;
    this.budget.journals.add(this);
  }

  /** How much it keeps: `maxEntries` (its own) and `maxBytes` (its budget's). */
  get limits(): JournalLimits {
    return { maxEntries: this.maxEntries, maxBytes: this.budget.maxBytes };
  }

  /** @internal New limits, applied at once (the oldest entries go when they are lower); `maxBytes` is the budget's, for every journal sharing it. */
  setLimits(limits: Partial<JournalLimits>): void {
    const checked = checkedLimits({ ...this.limits, ...limits });
    this.maxEntries = checked.maxEntries;
    this.budget.maxBytes = checked.maxBytes;
    this.drop(this.entries.length - this.maxEntries);
    this.budget.trim(this.entries.at(-1));
  }

  /** @internal Empties it and leaves its budget (a deleted namespace's journal): its bytes count no more. */
  detach(): void {
    this.clear();
    this.budget.journals.delete(this);
  }

  /** @internal Its oldest entry. */
  get oldest(): JournalEntry | undefined {
    return this.entries[0];
  }

  /** @internal Its oldest entry's number in the budget (Infinity when empty). */
  get oldestOrder(): number {
    return this.orders[0] ?? Infinity;
  }

  /** How many entries it keeps now. */
  get size(): number {
    return this.entries.length;
  }

  /** @internal The kept entries' size as the byte budget counts it. */
  get bytes(): number {
    return this.totalBytes;
  }

  get lastId(): number {
    return this.nextId - 1;
  }

  /** @internal Whether add() keeps anything (maxEntries above 0). */
  get recording(): boolean {
    return this.maxEntries > 0;
  }

  /** @internal Numbers a request that has arrived, before its answer: add() then keeps it in that place. */
  reserve(): number | undefined {
    if (!this.recording) return undefined;
    const id = this.nextId++;
    this.unanswered.add(id);
    return id;
  }

  /**
   * @internal Keeps the entry, with the id reserve() gave its request (else the next one);
   * undefined when the journal records nothing.
   */
  add(draft: EntryDraft, reserved?: number): JournalEntry | undefined {
    const id = reserved !== undefined && this.unanswered.delete(reserved) ? reserved : this.nextId++;
    // A deleted namespace's journal (detached) keeps nothing more: its budget no longer counts it.
    if (!this.recording || !this.budget.journals.has(this)) {
      this.tellInOrder();
      return undefined;
    }
    const { headers, json } = requestViews(draft.requestHeaders, draft.requestBody, draft.requestBodySize);
    // Each field named, in the order the journal's JSON shows them.
    const entry: { -readonly [K in keyof JournalEntry]: JournalEntry[K] } = {
      id,
      at: draft.at,
      durationMs: draft.durationMs,
      method: draft.method,
      path: draft.path,
      query: draft.query,
      requestHeaders: draft.requestHeaders,
      headers,
      requestBody: draft.requestBody,
      requestBodySize: draft.requestBodySize,
      status: draft.status,
      ...(draft.unheard ? { unheard: draft.unheard } : {}),
      ...(draft.apiAnswer ? { apiAnswer: draft.apiAnswer } : {}),
      responseHeaders: draft.responseHeaders,
      responseBody: draft.responseBody,
      responseBodySize: draft.responseBodySize,
      userAgent: draft.userAgent,
      remoteAddress: draft.remoteAddress,
    };
    if (json !== undefined) entry.json = json;
    if (draft.namespace !== undefined) entry.namespace = draft.namespace;
    this.keep(entry);
    return entry;
  }

  list(filter?: RequestFilter): JournalEntry[] {
    return filter ? this.entries.filter((entry) => matches(entry, filter)) : this.entries.slice();
  }

  newest(limit: number, filter?: RequestFilter): JournalEntry[] {
    const found: JournalEntry[] = [];
    for (let index = this.entries.length - 1; index >= 0 && found.length < limit; index--) {
      const entry = this.entries[index]!;
      if (!filter || matches(entry, filter)) found.push(entry);
    }
    return found;
  }

  /** The entry of that id, while it is kept. */
  get(id: number): JournalEntry | undefined {
    const index = this.indexAfter(id - 1);
    return this.entries[index]?.id === id ? this.entries[index] : undefined;
  }

  /** Called with every entry in arrival order, each once every request that arrived before it is answered (the integration review). */
  onEachInOrder(listener: (entry: JournalEntry) => void): () => void {
    return this.inOrder.add(listener);
  }

  /** Where an entry of id above `id` starts (ids ascend: a binary search). */
  private indexAfter(id: number): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.entries[middle]!.id <= id) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Empties the journal; ids go on from where they were. */
  clear(): void {
    this.budget.bytes -= this.totalBytes;
    this.entries = [];
    this.orders = [];
    this.sizes = [];
    this.totalBytes = 0;
    this.changes.tell({ cleared: true });
  }

  onChange(listener: (change: JournalChange) => void): () => void {
    return this.changes.add(listener);
  }

  waitFor(filter: RequestFilter, options?: WaitOptions): Promise<JournalEntry> {
    let latest: JournalEntry | undefined;
    return waitUntil(
      () => latest ?? this.entries.find((entry) => matches(entry, filter)),
      (again) =>
        this.onChange(({ added }) => {
          if (!added || !matches(added, filter)) return;
          latest = added;
          again();
        }),
      `request matching ${describeFilter(filter)}`,
      options,
      () => ({ detail: ` (${this.size} in the journal)`, nearMisses: nearMisses(this, filter) }),
    );
  }

  private keep(entry: JournalEntry): void {
    const bytes = entryBytes(entry);
    // In its place: at the end, unless a request that arrived after it was answered first.
    const at = (this.entries.at(-1)?.id ?? 0) < entry.id ? this.entries.length : this.indexAfter(entry.id);
    this.entries.splice(at, 0, entry);
    this.orders.splice(at, 0, this.budget.next());
    this.sizes.splice(at, 0, bytes);
    this.totalBytes += bytes;
    this.budget.bytes += bytes;
    this.drop(this.entries.length - this.maxEntries);
    this.budget.trim(entry);
    this.changes.tell({ added: entry });
    this.held.splice(this.heldIndexAfter(entry.id), 0, entry);
    this.tellInOrder();
  }

  private heldIndexAfter(id: number): number {
    let index = this.held.length;
    while (index > 0 && this.held[index - 1]!.id > id) index--;
    return index;
  }

  /** Tells onEachInOrder's listeners of the held entries no unanswered request arrived before. */
  private tellInOrder(): void {
    let first = Infinity;
    for (const id of this.unanswered) first = Math.min(first, id);
    let told = 0;
    while (told < this.held.length && this.held[told]!.id < first) told++;
    if (told === 0) return;
    const ready = this.held.splice(0, told);
    // A listener's failure is its own (listeners()): the others and the request still go on.
    for (const entry of ready) this.inOrder.tell(entry);
  }

  /** @internal Lets its oldest `count` entries go (none when count is 0 or less). */
  drop(count: number): void {
    if (count <= 0) return;
    let bytes = 0;
    for (let index = 0; index < count && index < this.sizes.length; index++) bytes += this.sizes[index]!;
    // One at a time in the common case (V8 trims an array's front in place); a lowered limit cuts once.
    if (count === 1) {
      this.entries.shift();
      this.orders.shift();
      this.sizes.shift();
    } else {
      this.entries.splice(0, count);
      this.orders.splice(0, count);
      this.sizes.splice(0, count);
    }
    this.totalBytes -= bytes;
    this.budget.bytes -= bytes;
  }
}

function checkedLimits(limits: JournalLimits): JournalLimits {
  const { maxEntries, maxBytes } = limits;
  if (!Number.isInteger(maxEntries) || maxEntries < 0 || maxEntries > MAX_JOURNAL_ENTRIES) {
    throw invalid(`maxEntries must be a whole number from 0 to ${MAX_JOURNAL_ENTRIES}, got ${String(maxEntries)}`);
  }
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) {
    throw invalid(`maxBytes must be a whole number of bytes, at least 1, got ${String(maxBytes)}`);
  }
  return { maxEntries, maxBytes };
}
