import type { JournalEntry } from '../requests/entry';
import type { WebhookEvent } from '../types';
import { docsOf, NO_FINDINGS, SEVERITY, type Finding, type FindingDraft, type FindingRule } from './finding';
import { isRequery, MoneyRules } from './moneyRules';
import { isVerification, RecipientRules } from './recipientRules';
import { isBvnQuery, RepeatedBvnQuery } from './repeatedBvnQuery';
import { TokenChurn } from './tokenChurn';
import { TokenRules } from './tokenRules';
import { secretInUrl } from './secretInUrl';
import { WebhookRules } from './webhookRules';
import { mayBeRequery, WebhookTrust } from './webhookTrust';

// One world's findings (docs/integration-review.md): computed as each exchange is journalled and
// each webhook attempt ends, kept oldest first, the oldest let go past MAX_FINDINGS.

/** How many findings a world keeps; past it the oldest go. */
export const MAX_FINDINGS = 500;

export interface FindingsOptions {
  /** Rules not to report (a scenario's or startSandbox's `findings.ignore`). */
  ignore?: readonly string[];
}

export class FindingsBook {
  private kept: Finding[] = [];
  private nextId = 1;
  private readonly money = new MoneyRules();
  private readonly recipients = new RecipientRules();
  private readonly tokens = new TokenRules();
  private readonly churn = new TokenChurn();
  private readonly trust = new WebhookTrust();
  private readonly webhooks = new WebhookRules();
  private readonly bvn = new RepeatedBvnQuery();
  private readonly ignored: ReadonlySet<string>;
  /** The rules it does not report (a namespace takes its sandbox's). */
  readonly ignoredRules: readonly string[];
  /** Every rule ignored: the review is off and costs nothing (the bench's baseline, `npm run bench -- --only findings`). */
  private readonly off: boolean;

  constructor(
    /** The world's virtual clock (epoch ms). */
    private readonly now: () => number,
    options: FindingsOptions = {},
    /** Told after findings were added or cleared (the change feed's `findings: true`). */
    private readonly changed: () => void = () => undefined,
  ) {
    this.ignoredRules = [...(options.ignore ?? [])];
    this.ignored = new Set(this.ignoredRules);
    this.off = Object.keys(SEVERITY).every((rule) => this.ignored.has(rule));
  }

  /** The findings kept, oldest first (copies). */
  list(): Finding[] {
    return structuredClone(this.kept);
  }

  get size(): number {
    return this.kept.length;
  }

  /** Empties it and forgets what the rules remembered; answers how many it held. */
  clear(): number {
    const cleared = this.kept.length;
    this.kept = [];
    this.money.clear();
    this.recipients.clear();
    this.tokens.clear();
    this.churn.clear();
    this.trust.clear();
    this.webhooks.clear();
    this.bvn.clear();
    if (cleared > 0) this.changed();
    return cleared;
  }

  /** A journalled API exchange. */
  exchange(entry: JournalEntry): void {
    if (this.off || entry.path.startsWith('/__sandbox')) return;
    const found = entry.method === 'GET' && entry.status === 200 ? this.answeredRead(entry) : this.everyRule(entry);
    if (found.length > 0) this.keep(found);
  }

  /**
   * An answered GET goes only to the rules that read its path, the query check and the webhook
   * rule's clock aside: most of an app's traffic is such reads, and every rule asked cost the
   * sandbox even when it found nothing (docs/benchmarks.md). The others answer nothing for it.
   */
  private answeredRead(entry: JournalEntry): readonly FindingDraft[] {
    const { path } = entry;
    const secret = secretInUrl(entry);
    const own = isVerification(path)
      ? this.recipients.exchange(entry)
      : isBvnQuery(path)
        ? this.bvn.exchange(entry, this.now())
        : isRequery(path)
          ? this.money.exchange(entry, this.now())
          : NO_FINDINGS;
    // The webhook rule notes requeries, and judges its waiting events as traffic arrives.
    const trust = this.trust.waits || mayBeRequery(path) ? this.trust.exchange(entry, this.now()) : NO_FINDINGS;
    // Almost every read finds nothing: then no list is built (docs/benchmarks.md).
    return own.length === 0 && trust.length === 0 ? secret : [...secret, ...own, ...trust];
  }

  private everyRule(entry: JournalEntry): readonly FindingDraft[] {
    const now = this.now();
    const found = [
      secretInUrl(entry),
      this.money.exchange(entry, now),
      this.recipients.exchange(entry),
      this.tokens.exchange(entry),
      this.churn.exchange(entry, now),
      this.trust.exchange(entry, now),
      this.bvn.exchange(entry, now),
    ];
    return found.some((drafts) => drafts.length > 0) ? found.flat() : NO_FINDINGS;
  }

  /** A webhook event that changed (created, attempted, redelivered). */
  event(event: WebhookEvent): void {
    if (!this.off && event.attempts.length > 0) this.keep([...this.webhooks.event(event), ...this.trust.event(event, this.now())]);
  }

  private keep(drafts: readonly FindingDraft[]): void {
    const fresh = drafts.filter((draft) => !this.ignored.has(draft.rule));
    if (fresh.length === 0) return;
    const at = new Date(this.now()).toISOString();
    for (const draft of fresh) this.kept.push(this.finding(draft, at));
    if (this.kept.length > MAX_FINDINGS) this.kept.splice(0, this.kept.length - MAX_FINDINGS);
    this.changed();
  }

  private finding(draft: FindingDraft, at: string): Finding {
    const rule: FindingRule = draft.rule;
    return {
      id: `fnd_${this.nextId++}`,
      rule,
      severity: SEVERITY[rule],
      title: draft.title,
      detail: draft.detail,
      requestIds: draft.requestIds ?? [],
      eventIds: draft.eventIds ?? [],
      docs: docsOf(rule),
      at,
    };
  }
}
