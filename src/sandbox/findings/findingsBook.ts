import type { JournalEntry } from '../requests/entry';
import type { WebhookEvent } from '../types';
import {
  CHECK_USER_AGENT,
  docsOf,
  EDITOR_USER_AGENT,
  remember,
  SEVERITY,
  type Finding,
  type FindingDraft,
  type FindingRule,
} from './finding';
import { MoneyRules } from './moneyRules';
import type { LedgerReader } from './moneyAtStake';
import { RecipientRules } from './recipientRules';
import { RepeatedBvnQuery } from './repeatedBvnQuery';
import { floatKobo, SecretInBrowser, UnknownEndpoint } from './requestRules';
import type { RunFindings } from './runFindings';
import { SignInRules } from './signInRules';
import { TokenChurn } from './tokenChurn';
import { TokenRules } from './tokenRules';
import { SecretInUrl } from './secretInUrl';
import { WebhookRules } from './webhookRules';
import { referenceOf, WebhookTrust } from './webhookTrust';

// One world's findings (docs/integration-review.md): computed as each exchange is journalled and
// each webhook attempt ends, kept oldest first, the oldest let go past MAX_FINDINGS. Each is also
// the run's (runFindings.ts), which keeps it across resets. Rules that wait for something (a
// requery after a webhook or after an unheard transfer) are judged as traffic comes and again
// when findings are read (settled), after a short grace for work still on its way.

/** How many findings a world keeps; past it the oldest go. */
export const MAX_FINDINGS = 500;
/**
 * The longest title a finding keeps (one that names a path, such as secret-in-url, could carry a
 * 16 KB URL): so GET /__sandbox/findings, answered whole, stays within about 0.5 MB.
 */
export const MAX_TITLE_CHARS = 300;
/**
 * How long (the real clock) a read of the findings waits, after an acknowledged webhook or an
 * unheard transfer, for the app's requery still on its way: a handler answers first and
 * requeries after, as it should.
 */
export const JUDGE_GRACE_MS = 500;
/** How many references of Check Webhook Handler's own transfers and events it remembers. */
const MAX_CHECK_REFERENCES = 100;
const REFERENCE_IN_ANSWER = /"(?:transactionReference|reference)":"([^"]{1,100})"/g;

export interface FindingsOptions {
  /** Rules not to report (a scenario's or startSandbox's `findings.ignore`). */
  ignore?: readonly string[];
  /** The run's record, which every world's findings also go to (the sandbox's: owner/start.ts). */
  run?: RunFindings;
  /** The namespace this book is for; each finding names it. */
  namespace?: string;
  /** Whether a value is an app key of the world (secret-in-url finds one under any parameter name). */
  isAppKey?: (value: string) => boolean;
  /** The real clock (epoch ms) that a read's grace is measured on. */
  realNow?: () => number;
}

export class FindingsBook {
  private kept: Finding[] = [];
  /** The finding of each rule and key a rule revises rather than repeats (token-churn's wallet). */
  private byKey = new Map<string, Finding>();
  private nextId = 1;
  private readonly money = new MoneyRules(() => this.ledger);
  private readonly recipients = new RecipientRules();
  private readonly tokens = new TokenRules();
  private readonly churn = new TokenChurn();
  private readonly trust = new WebhookTrust();
  private readonly webhooks = new WebhookRules();
  private readonly bvn = new RepeatedBvnQuery();
  private readonly secrets: SecretInUrl;
  private readonly endpoints = new UnknownEndpoint();
  private readonly browser = new SecretInBrowser();
  private readonly signIns = new SignInRules();
  /** References of the transfers and events Check Webhook Handler made: the tool's, not the app's. */
  private readonly checks = new Map<string, true>();
  private readonly ignored: ReadonlySet<string>;
  private readonly realNow: () => number;
  private readonly detachRun: () => void;
  /** The rules it does not report (a namespace takes its sandbox's). */
  readonly ignoredRules: readonly string[];
  /** What the world's ledger holds for a transaction: the money findings say what moved (worlds/env.ts watchFindings sets it). */
  ledger: LedgerReader | undefined;

  constructor(
    /** The world's virtual clock (epoch ms). */
    private readonly now: () => number,
    private readonly options: FindingsOptions = {},
    /** Told after findings were added or cleared (the change feed's `findings: true`). */
    private readonly changed: () => void = () => undefined,
  ) {
    this.ignoredRules = [...(options.ignore ?? [])];
    this.ignored = new Set(this.ignoredRules);
    this.realNow = options.realNow ?? Date.now;
    this.secrets = new SecretInUrl(options.isAppKey);
    this.detachRun = options.run?.attach(this) ?? (() => undefined);
  }

  /** The findings kept, oldest first (copies). */
  list(): Finding[] {
    return structuredClone(this.kept);
  }

  get size(): number {
    return this.kept.length;
  }

  /** The run's record this book reports to, if any. */
  get run(): RunFindings | undefined {
    return this.options.run;
  }

  /** Empties it on purpose (DELETE /__sandbox/findings): the run forgets them too; answers how many it held. */
  clear(): number {
    const cleared = this.kept.length;
    this.options.run?.forget(this.kept);
    this.forget();
    if (cleared > 0) this.changed();
    return cleared;
  }

  /** A world's reset: what waited is judged (for the run), then the world shows none and the rules forget. */
  reset(): void {
    this.judge(0);
    const had = this.kept.length;
    this.forget();
    if (had > 0) this.changed();
  }

  /** A deleted namespace: what waited is judged for the run, and the run stops asking this book. */
  detach(): void {
    this.judge(0);
    this.detachRun();
  }

  /** A journalled API exchange: every rule sees it, and each looks only at what it reads. */
  exchange(entry: JournalEntry): void {
    if (entry.path.startsWith('/__sandbox')) return;
    if (entry.userAgent === CHECK_USER_AGENT) return this.checkMade(entry.responseBody);
    if (entry.userAgent === EDITOR_USER_AGENT) return;
    const now = this.now();
    this.keep([
      ...this.secrets.exchange(entry),
      ...this.money.exchange(entry, this.realNow()),
      ...this.recipients.exchange(entry),
      ...this.tokens.exchange(entry),
      ...this.churn.exchange(entry, now),
      ...this.trust.exchange(entry, now),
      ...this.bvn.exchange(entry, now),
      ...this.endpoints.exchange(entry),
      ...floatKobo(entry),
      ...this.browser.exchange(entry),
      ...this.signIns.exchange(entry),
    ]);
  }

  /**
   * A webhook event that changed (created, attempted, redelivered). A test event (Trigger Test
   * Event, a check's) is the sandbox's traffic, not the app's: no rule judges it.
   */
  event(event: WebhookEvent): void {
    if (event.test) return;
    if (event.attempts.length === 0 || this.checks.has(referenceOf(event))) return;
    this.keep([...this.webhooks.event(event), ...this.trust.event(event, this.now(), this.realNow())]);
  }

  /** An event Check Webhook Handler sent (its forgery): the tool's traffic, which no rule judges. */
  checkMade(answer: string): void {
    for (const [, reference] of answer.matchAll(REFERENCE_IN_ANSWER)) remember(this.checks, reference!, true, MAX_CHECK_REFERENCES);
  }

  /**
   * Judges what the rules wait on whose grace has passed (a requery after an acknowledged webhook
   * or an unheard transfer), and sign-ins whose tokens were never used. `graceMs` 0 judges
   * everything that waits.
   */
  judge(graceMs = JUDGE_GRACE_MS): void {
    const realNow = this.realNow();
    this.keep([...this.trust.judge(realNow, graceMs), ...this.money.judge(realNow, graceMs), ...this.signIns.judge()]);
  }

  /**
   * Resolves once what waits has been judged: at once when nothing waits; else when every
   * awaited requery came, or the grace of the newest waiting thing passed (at most JUDGE_GRACE_MS).
   */
  async settled(): Promise<void> {
    const waiting = (): number[] => [...this.trust.pending(), ...this.money.waiting()];
    const since = waiting();
    if (since.length > 0) {
      const deadline = Math.max(...since) + JUDGE_GRACE_MS;
      while (waiting().some((seen) => since.includes(seen)) && this.realNow() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(25, Math.max(1, deadline - this.realNow()))));
      }
    }
    this.judge();
  }

  private forget(): void {
    this.kept = [];
    this.byKey.clear();
    for (const rules of [this.money, this.recipients, this.tokens, this.churn, this.trust, this.webhooks, this.bvn]) rules.clear();
    for (const rules of [this.secrets, this.endpoints, this.browser, this.signIns]) rules.clear();
  }

  private keep(drafts: FindingDraft[]): void {
    const fresh = drafts.filter((draft) => !this.ignored.has(draft.rule));
    if (fresh.length === 0) return;
    const at = new Date(this.now()).toISOString();
    for (const draft of fresh) {
      const key = draft.key === undefined ? undefined : `${draft.rule} ${draft.key}`;
      const earlier = key === undefined ? undefined : this.byKey.get(key);
      if (earlier) {
        Object.assign(earlier, { title: titleOf(draft), detail: draft.detail, requestIds: draft.requestIds ?? [], at });
        continue;
      }
      const finding = this.finding(draft, at);
      if (key !== undefined) remember(this.byKey, key, finding, MAX_FINDINGS);
      this.kept.push(finding);
      this.options.run?.add(finding);
    }
    if (this.kept.length > MAX_FINDINGS) this.kept.splice(0, this.kept.length - MAX_FINDINGS);
    this.changed();
  }

  private finding(draft: FindingDraft, at: string): Finding {
    const rule: FindingRule = draft.rule;
    return {
      id: `fnd_${this.nextId++}`,
      rule,
      severity: SEVERITY[rule],
      title: titleOf(draft),
      detail: draft.detail,
      requestIds: draft.requestIds ?? [],
      eventIds: draft.eventIds ?? [],
      docs: docsOf(rule),
      at,
      ...(this.options.namespace === undefined ? {} : { namespace: this.options.namespace }),
      ...(draft.landed ? { landed: draft.landed } : {}),
      ...(draft.atRiskKobo === undefined ? {} : { atRiskKobo: draft.atRiskKobo }),
    };
  }
}

const titleOf = (draft: FindingDraft): string =>
  draft.title.length > MAX_TITLE_CHARS ? `${draft.title.slice(0, MAX_TITLE_CHARS - 1)}…` : draft.title;
