import type { JournalEntry } from '../requests/entry';
import { remember, type FindingDraft } from './finding';
import {
  intentOf,
  landedBy,
  moneyAtStake,
  NOTHING_LANDED,
  stakeWords,
  withLanded,
  type LandedSoFar,
  type LedgerReader,
} from './moneyAtStake';

// retried-money-post and unknown-outcome-not-requeried: what an app does after a money-moving
// POST. Intent, not coincidence: the same body again while the first was still in flight (a
// double click) or after an error or no answer (a retry) is flagged; the same body after a
// success the app had read is a decision (a second payout), and is not. The memory is small: the
// last attempt of each body, the attempts whose outcome the app cannot know, until a requery, and
// what landed for each payment since the last requery (moneyAtStake.ts: what each finding says moved).

/** The money-moving calls (docs/integration-review.md; wallet-api.md and evidence.md). */
const MONEY_PATHS = new Set(['/v1/users/transfers/bank', '/v1/users/transfers/phone', '/v1/users/payments/bills/vtu']);
/** Reads that tell an app what became of a transfer: the requery, a transaction by reference, the history. */
const REQUERY = /^\/v1\/(users\/transfers\/requery\/bank\/[^/]+|transactions(\/[^/]+)?)\/?$/;
/** How many bodies it remembers for a double click; older ones go first. */
const MAX_REMEMBERED = 200;

interface Attempt {
  id: number;
  status: number;
  /** When it arrived and when it was answered (the real clock, epoch ms; `at` is whole milliseconds). */
  arrived: number;
  answered: number;
  /** When the review saw it (the real clock): an unheard attempt's grace runs from here. */
  seen: number;
  /** An unheard attempt already judged unrequeried when findings were read: not judged twice. */
  judged?: true;
  /** The payment it made (moneyAtStake.ts intentOf). */
  intent: string;
}

export const withoutSlash = (path: string): string => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

export const isMoneyPost = (entry: Pick<JournalEntry, 'method' | 'path'>): boolean =>
  entry.method === 'POST' && MONEY_PATHS.has(withoutSlash(entry.path));

const whatCame = (status: number): string => (status === 0 ? 'got no answer' : `was answered ${status}`);
/** The status the app heard: none (0) when the answer went unheard (the client gave up, a fault dropped it). */
const heard = (entry: JournalEntry): number => (entry.unheard ? 0 : entry.status);
/** An answer that says the money moved; one that says error moved none, so sending again is no double payment. */
const moved = (status: number): boolean => status >= 200 && status < 300;

const attemptOf = (entry: JournalEntry, seen: number, intent: string): Attempt => ({
  id: entry.id,
  status: heard(entry),
  intent,
  arrived: entry.at,
  answered: entry.at + entry.durationMs,
  seen,
});

/**
 * Whether two attempts were in flight together: the later one arrived before the earlier one was
 * answered. `at` is cut to the millisecond, so the later must have arrived a whole millisecond
 * before that answer: a request sent right after reading the first answer is never taken for one.
 */
function inFlightTogether(a: Attempt, b: Attempt): boolean {
  const [first, second] = a.arrived <= b.arrived ? [a, b] : [b, a];
  return second.arrived + 1 <= first.answered;
}

const UNKNOWN_OUTCOME_DETAIL =
  'No answer is not a failure: the transfer may have been made. Treat it as "outcome unknown", requery it by its ' +
  'reference (or the transaction history) before showing a result or moving more money.';

export class MoneyRules {
  private sent = new Map<string, Attempt>();
  /** Attempts answered 5xx or not at all (status 0), by body, until a requery. */
  private unresolved = new Map<string, Attempt>();
  /** The transfers that landed for each payment since the last requery, oldest first. */
  private landed = new Map<string, LandedSoFar>();

  /** `ledger` reads what a transfer moved (the world's ledger, read when a finding is made). */
  constructor(private readonly ledger: () => LedgerReader | undefined = () => undefined) {}

  clear(): void {
    this.sent.clear();
    this.unresolved.clear();
    this.landed.clear();
  }

  exchange(entry: JournalEntry, seen: number): FindingDraft[] {
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
    remember(this.landed, intent, withLanded(this.landed.get(intent) ?? NOTHING_LANDED, made), MAX_REMEMBERED);
    const attempt = attemptOf(entry, seen, intent);
    const findings = this.retried(key, entry, attempt) ?? this.wentOn(entry);
    this.unresolved.delete(key);
    if (attempt.status === 0 || attempt.status >= 500) this.unresolved.set(key, attempt);
    remember(this.sent, key, attempt, MAX_REMEMBERED);
    return findings;
  }

  /** Unheard attempts the review waits on (for a requery), with when it saw each. */
  waiting(): number[] {
    return [...this.unresolved.values()].filter((attempt) => attempt.status === 0 && !attempt.judged).map((attempt) => attempt.seen);
  }

  /**
   * Judged when findings are read: an attempt that got no answer, seen at least `graceMs` ago,
   * and neither requeried nor followed by another money POST since. It stays remembered, so a
   * blind retry of it is still a retried-money-post.
   */
  judge(realNow: number, graceMs: number): FindingDraft[] {
    const findings: FindingDraft[] = [];
    for (const attempt of this.unresolved.values()) {
      if (attempt.status !== 0 || attempt.judged || realNow - attempt.seen < graceMs) continue;
      attempt.judged = true;
      const draft: FindingDraft = {
        rule: 'unknown-outcome-not-requeried',
        title: `A money POST got no answer (request ${attempt.id}) and the app never requeried it`,
        detail: UNKNOWN_OUTCOME_DETAIL,
        requestIds: [attempt.id],
      };
      findings.push(this.withStake(draft, attempt.intent));
    }
    return findings;
  }

  /** The finding with what the ledger shows moved for the payment: its title and detail say it, and its fields carry it. */
  private withStake(draft: FindingDraft, intent: string): FindingDraft {
    const { landedCount, ...stake } = moneyAtStake(this.landed.get(intent) ?? NOTHING_LANDED);
    const words = stakeWords({ ...stake, landedCount });
    return { ...draft, title: draft.title + words.title, detail: words.detail + draft.detail, ...stake };
  }

  private retried(key: string, entry: JournalEntry, attempt: Attempt): FindingDraft[] | undefined {
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
    if (last && moved(last.status) && moved(attempt.status) && inFlightTogether(last, attempt)) {
      const draft: FindingDraft = {
        rule: 'retried-money-post',
        title: `${call} sent twice with the same body, the second before the first was answered (a double click?)`,
        detail:
          'Both moved money: the customer paid twice. Disable the button while the request is under way and ' +
          'refuse a second identical payment the app has not confirmed with the user.',
        requestIds: [last.id, entry.id].sort((a, b) => a - b),
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
      // Judged already when findings were read: the app was told once.
      if (attempt.judged) continue;
      const draft: FindingDraft = {
        rule: 'unknown-outcome-not-requeried',
        title: `A money POST got no answer (request ${attempt.id}) and the app went on without requerying it`,
        detail: UNKNOWN_OUTCOME_DETAIL,
        requestIds: [attempt.id, entry.id],
      };
      findings.push(this.withStake(draft, attempt.intent));
    }
    return findings;
  }
}
