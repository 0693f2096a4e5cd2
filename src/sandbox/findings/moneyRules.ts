import type { JournalEntry } from '../requests/entry';
import { remember, type FindingDraft, type LandedTransfer } from './finding';
import { intentOf, landedBy, moneyAtStake, stakeWords, type LedgerReader } from './moneyAtStake';

// retried-money-post and unknown-outcome-not-requeried: what an app does after a money-moving
// POST. The memory is small: the last time each body was sent (for a double click), the
// attempts whose outcome the app cannot know, until a requery or the next money POST, and what
// landed for each payment since the last requery (moneyAtStake.ts: what each finding says moved).

/** The money-moving calls (docs/integration-review.md; wallet-api.md and evidence.md). */
const MONEY_PATHS = new Set(['/v1/users/transfers/bank', '/v1/users/transfers/phone', '/v1/users/payments/bills/vtu']);
/** Reads that tell an app what became of a transfer: the requery, a transaction by reference, the history. */
const REQUERY = /^\/v1\/(users\/transfers\/requery\/bank\/[^/]+|transactions(\/[^/]+)?)\/?$/;
/** The same body sent again within this long (virtual clock) is a double click. */
export const DOUBLE_CLICK_MS = 2_000;
/** How many bodies it remembers for a double click; older ones go first. */
const MAX_REMEMBERED = 200;

interface Attempt {
  id: number;
  at: number;
  status: number;
  /** The payment it made (moneyAtStake.ts intentOf). */
  intent: string;
}

const withoutSlash = (path: string): string => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

export const isMoneyPost = (entry: JournalEntry): boolean => entry.method === 'POST' && MONEY_PATHS.has(withoutSlash(entry.path));

const whatCame = (status: number): string => (status === 0 ? 'got no answer' : `was answered ${status}`);
/** The status the app heard: none (0) when the answer went unheard (the client gave up, a fault dropped it). */
const heard = (entry: JournalEntry): number => (entry.unheard ? 0 : entry.status);
/** An answer that says the money moved; one that says error moved none, so sending again is no double payment. */
const moved = (status: number): boolean => status >= 200 && status < 300;

export class MoneyRules {
  private sent = new Map<string, Attempt>();
  /** Attempts answered 5xx or not at all (status 0), by body, until a requery. */
  private unresolved = new Map<string, Attempt>();
  /** The transfers that landed for each payment since the last requery, oldest first. */
  private landed = new Map<string, LandedTransfer[]>();

  /** `ledger` reads what a transfer moved (the world's ledger, read when a finding is made). */
  constructor(private readonly ledger: () => LedgerReader | undefined = () => undefined) {}

  clear(): void {
    this.sent.clear();
    this.unresolved.clear();
    this.landed.clear();
  }

  exchange(entry: JournalEntry, now: number): FindingDraft[] {
    if (entry.method === 'GET') {
      // A requery settles every unknown outcome.
      if (REQUERY.test(entry.path)) {
        this.unresolved.clear();
        this.landed.clear();
      }
      return [];
    }
    if (!isMoneyPost(entry)) return [];
    const path = withoutSlash(entry.path);
    const key = `${path} ${entry.requestBody}`;
    const intent = intentOf(path, entry);
    const made = landedBy(entry, this.ledger());
    remember(this.landed, intent, [...(this.landed.get(intent) ?? []), ...(made ? [made] : [])], MAX_REMEMBERED);
    const findings = this.retried(key, entry, now) ?? this.wentOn(entry);
    this.unresolved.delete(key);
    const status = heard(entry);
    const attempt = { id: entry.id, at: now, status, intent };
    if (status === 0 || status >= 500) this.unresolved.set(key, attempt);
    remember(this.sent, key, attempt, MAX_REMEMBERED);
    return findings;
  }

  /** The finding with what the ledger shows moved for the payment: its title and detail say it, and its fields carry it. */
  private withStake(draft: FindingDraft, intent: string): FindingDraft {
    const stake = moneyAtStake(this.landed.get(intent) ?? []);
    const words = stakeWords(stake);
    return { ...draft, title: draft.title + words.title, detail: words.detail + draft.detail, ...stake };
  }

  private retried(key: string, entry: JournalEntry, now: number): FindingDraft[] | undefined {
    const first = this.unresolved.get(key);
    const call = `POST ${withoutSlash(entry.path)}`;
    if (first) {
      const draft: FindingDraft = {
        rule: 'retried-money-post',
        title: `${call} sent again with the same body after its first attempt ${whatCame(first.status)}, without a requery`,
        detail:
          'The first attempt may have moved the money: a retry can pay twice. Requery the transaction by its reference ' +
          '(GET /v1/users/transfers/requery/bank/:ref, GET /v1/transactions) and send again only when it says nothing was made.',
        requestIds: [first.id, entry.id],
      };
      return [this.withStake(draft, first.intent)];
    }
    const last = this.sent.get(key);
    if (last && now - last.at <= DOUBLE_CLICK_MS && moved(last.status) && moved(heard(entry))) {
      const draft: FindingDraft = {
        rule: 'retried-money-post',
        title: `${call} sent twice with the same body within ${DOUBLE_CLICK_MS / 1000} s (a double click?)`,
        detail:
          'Both moved money: the customer paid twice. Disable the button while the request is under way and ' +
          'refuse a second identical payment the app has not confirmed with the user.',
        requestIds: [last.id, entry.id],
      };
      return [this.withStake(draft, last.intent)];
    }
    return undefined;
  }

  /** Another money POST while an attempt's outcome is unknown (no answer) and was never requeried. */
  private wentOn(entry: JournalEntry): FindingDraft[] {
    const findings: FindingDraft[] = [];
    for (const [key, attempt] of this.unresolved) {
      if (attempt.status !== 0) continue;
      this.unresolved.delete(key);
      const draft: FindingDraft = {
        rule: 'unknown-outcome-not-requeried',
        title: `A money POST got no answer (request ${attempt.id}) and the app went on without requerying it`,
        detail:
          'No answer is not a failure: the transfer may have been made. Treat it as "outcome unknown", requery it by its ' +
          'reference (or the transaction history) before showing a result or moving more money.',
        requestIds: [attempt.id, entry.id],
      };
      findings.push(this.withStake(draft, attempt.intent));
    }
    return findings;
  }
}
