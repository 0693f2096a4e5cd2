import type { JournalEntry } from '../requests/entry';
import type { WebhookEvent } from '../types';
import { docsOf, SEVERITY, type Finding, type FindingDraft, type FindingRule } from './finding';
import { MoneyRules } from './moneyRules';
import type { LedgerReader } from './moneyAtStake';
import { RecipientRules } from './recipientRules';
import { RepeatedBvnQuery } from './repeatedBvnQuery';
import { TokenChurn } from './tokenChurn';
import { TokenRules } from './tokenRules';
import { secretInUrl } from './secretInUrl';
import { WebhookRules } from './webhookRules';
import { WebhookTrust } from './webhookTrust';

// One world's findings (docs/integration-review.md): computed as each exchange is journalled and
// each webhook attempt ends, kept oldest first, the oldest let go past MAX_FINDINGS.

/** How many findings a world keeps; past it the oldest go. */
export const MAX_FINDINGS = 500;
/**
 * The longest title a finding keeps (one that names a path, such as secret-in-url, could carry a
 * 16 KB URL): so GET /__sandbox/findings, answered whole, stays within about 0.5 MB.
 */
export const MAX_TITLE_CHARS = 300;

export interface FindingsOptions {
  /** Rules not to report (a scenario's or startSandbox's `findings.ignore`). */
  ignore?: readonly string[];
}

export class FindingsBook {
  private kept: Finding[] = [];
  private nextId = 1;
  private readonly money = new MoneyRules(() => this.ledger);
  private readonly recipients = new RecipientRules();
  private readonly tokens = new TokenRules();
  private readonly churn = new TokenChurn();
  private readonly trust = new WebhookTrust();
  private readonly webhooks = new WebhookRules();
  private readonly bvn = new RepeatedBvnQuery();
  private readonly ignored: ReadonlySet<string>;
  /** The rules it does not report (a namespace takes its sandbox's). */
  readonly ignoredRules: readonly string[];
  /** What the world's ledger holds for a transaction: the money findings say what moved (worlds/findings.ts sets it). */
  ledger: LedgerReader | undefined;

  constructor(
    /** The world's virtual clock (epoch ms). */
    private readonly now: () => number,
    options: FindingsOptions = {},
    /** Told after findings were added or cleared (the change feed's `findings: true`). */
    private readonly changed: () => void = () => undefined,
  ) {
    this.ignoredRules = [...(options.ignore ?? [])];
    this.ignored = new Set(this.ignoredRules);
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

  /** A journalled API exchange: every rule sees it, and each looks only at what it reads. */
  exchange(entry: JournalEntry): void {
    if (entry.path.startsWith('/__sandbox')) return;
    const now = this.now();
    this.keep([
      ...secretInUrl(entry),
      ...this.money.exchange(entry, now),
      ...this.recipients.exchange(entry),
      ...this.tokens.exchange(entry),
      ...this.churn.exchange(entry, now),
      ...this.trust.exchange(entry, now),
      ...this.bvn.exchange(entry, now),
    ]);
  }

  /** A webhook event that changed (created, attempted, redelivered). */
  event(event: WebhookEvent): void {
    if (event.attempts.length > 0) this.keep([...this.webhooks.event(event), ...this.trust.event(event, this.now())]);
  }

  private keep(drafts: FindingDraft[]): void {
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
      title: draft.title.length > MAX_TITLE_CHARS ? `${draft.title.slice(0, MAX_TITLE_CHARS - 1)}…` : draft.title,
      detail: draft.detail,
      requestIds: draft.requestIds ?? [],
      eventIds: draft.eventIds ?? [],
      docs: docsOf(rule),
      at,
      ...(draft.landed ? { landed: draft.landed } : {}),
      ...(draft.atRiskKobo === undefined ? {} : { atRiskKobo: draft.atRiskKobo }),
    };
  }
}
