import { TRANSACTION_TYPES, TransactionRecord, TransactionType } from '../types';

export interface BankAccount {
  accountNumber: string;
  accountName: string;
  bankCode: string;
  bankName: string;
}

/** What is persisted for a wallet. Transactions are kept oldest first, so new ones append. */
export interface WalletRecord {
  id: string;
  mobile: string;
  name: string;
  balance: number;
  accounts: BankAccount[];
  transactions: TransactionRecord[];
}

function byCreatedAt(a: TransactionRecord, b: TransactionRecord): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

/** Index just past the last element whose createdAt is <= the given one (binary search). */
function upperBound(list: TransactionRecord[], createdAt: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as TransactionRecord).createdAt <= createdAt) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

/** Two lists in time order as one (a's first among equal times). */
export function mergeByTime(a: TransactionRecord[], b: TransactionRecord[]): TransactionRecord[] {
  const merged = new Array<TransactionRecord>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    merged[k++] =
      (a[i] as TransactionRecord).createdAt <= (b[j] as TransactionRecord).createdAt
        ? (a[i++] as TransactionRecord)
        : (b[j++] as TransactionRecord);
  }
  while (i < a.length) merged[k++] = a[i++] as TransactionRecord;
  while (j < b.length) merged[k++] = b[j++] as TransactionRecord;
  return merged;
}

/**
 * A wallet with its transaction indexes: one time-ordered array overall, one per type, and a map
 * by reference. Listing a page is a slice from the newest end, so its cost depends on the page
 * size, not on how long the history is.
 */
export class Wallet {
  private readonly byType = new Map<TransactionType, TransactionRecord[]>();
  private readonly byRef = new Map<string, TransactionRecord>();
  /** How many times the balance was set outright (setBalance) in this process: what an undo asks (move). */
  private balanceSets = 0;

  constructor(readonly record: WalletRecord) {
    if (!record.transactions.every((tx, i, all) => i === 0 || byCreatedAt(all[i - 1] as TransactionRecord, tx) <= 0)) {
      record.transactions.sort(byCreatedAt);
    }
    this.reindex();
  }

  get size(): number {
    return this.record.transactions.length;
  }

  hasReference(reference: string): boolean {
    return this.byRef.has(reference);
  }

  find(reference: string): TransactionRecord | undefined {
    return this.byRef.get(reference);
  }

  newest(): TransactionRecord | undefined {
    return this.record.transactions[this.record.transactions.length - 1];
  }

  /** Newest first; `page` is 1-based. */
  list(type: TransactionType | undefined, limit: number, page: number): TransactionRecord[] {
    const source = type ? (this.byType.get(type) ?? []) : this.record.transactions;
    const end = source.length - (page - 1) * limit;
    if (end <= 0) {
      return [];
    }
    return source.slice(Math.max(0, end - limit), end).reverse();
  }

  insert(tx: TransactionRecord): void {
    const all = this.record.transactions;
    all.splice(upperBound(all, tx.createdAt), 0, tx);
    const typed = this.typed(tx.type);
    typed.splice(upperBound(typed, tx.createdAt), 0, tx);
    this.byRef.set(tx.reference, tx);
  }

  /**
   * Adds `kobo` to the balance (negative: takes it) and answers how to take exactly that back if
   * the move cannot be saved. An undo runs after the undos of every money move made since (newest
   * first: SandboxState.undoUnsaved), so the balance is again what this move left, unless it was
   * set outright since (an admin's setBalance landing during the failed save): that value is the
   * caller's word and already holds none of this move, so the undo leaves it alone. Subtracting
   * from it could take a wallet below zero (issue 52).
   */
  move(kobo: number): () => void {
    this.record.balance += kobo;
    const sets = this.balanceSets;
    return () => {
      if (this.balanceSets === sets) this.record.balance -= kobo;
    };
  }

  /** Sets the balance outright (an admin or test call); an unsaved move made before it no longer undoes its kobo (move). */
  setBalance(kobo: number): void {
    this.record.balance = kobo;
    this.balanceSets++;
  }

  /** Takes back a record `insert` added (a money move that could not be saved is undone). */
  remove(tx: TransactionRecord): void {
    for (const list of [this.record.transactions, this.typed(tx.type)]) {
      const at = list.lastIndexOf(tx);
      if (at >= 0) list.splice(at, 1);
    }
    if (this.byRef.get(tx.reference) === tx) this.byRef.delete(tx.reference);
  }

  /** Adds many transactions (oldest first) in one linear merge; the indexes grow by what came, not rebuilt. */
  merge(incoming: TransactionRecord[]): void {
    this.record.transactions = mergeByTime(this.record.transactions, incoming);
    const byType = new Map<TransactionType, TransactionRecord[]>();
    for (const tx of incoming) {
      this.byRef.set(tx.reference, tx);
      let list = byType.get(tx.type);
      if (!list) byType.set(tx.type, (list = []));
      list.push(tx);
    }
    for (const [type, list] of byType) this.byType.set(type, mergeByTime(this.typed(type), list));
  }

  private typed(type: TransactionType): TransactionRecord[] {
    let list = this.byType.get(type);
    if (!list) {
      list = [];
      this.byType.set(type, list);
    }
    return list;
  }

  private reindex(): void {
    this.byType.clear();
    this.byRef.clear();
    for (const type of TRANSACTION_TYPES) {
      this.byType.set(type, []);
    }
    for (const tx of this.record.transactions) {
      this.typed(tx.type).push(tx);
      this.byRef.set(tx.reference, tx);
    }
  }
}
