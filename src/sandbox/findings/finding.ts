// What the sandbox says an integration does wrong (docs/integration-review.md): one finding per
// thing seen in the traffic, naming the requests (journal ids) and webhook events involved.

/** The rules, in the order docs/integration-review.md gives them. */
export const FINDING_RULES = [
  'retried-money-post',
  'secret-in-url',
  'webhook-not-acknowledged',
  'unknown-outcome-not-requeried',
  'unverified-recipient',
  'expired-token-loop',
  'token-churn',
  'webhook-trusted-without-requery',
  'repeated-bvn-query',
  'unknown-endpoint',
  'float-kobo',
  'secret-in-browser',
  'sign-in-answer-ignored',
] as const;

export type FindingRule = (typeof FINDING_RULES)[number];

export type FindingSeverity = 'error' | 'warning' | 'info';

/** A transfer the ledger shows landed for a money POST: what a money finding says moved. */
export interface LandedTransfer {
  /** The journal id of the request that made it. */
  requestId: number;
  reference: string;
  /** Kobo. */
  amount: number;
}

export interface Finding {
  /** `fnd_1`, `fnd_2`… in the order they were found; never reused in a world, not even after a clear. */
  id: string;
  rule: FindingRule;
  severity: FindingSeverity;
  /** One line: what happened. */
  title: string;
  /** Why it costs money and how to fix it. */
  detail: string;
  /** The journal ids of the requests involved, oldest first. */
  requestIds: number[];
  /** The webhook events involved. */
  eventIds: string[];
  /** Where the rule is explained (its section of docs/integration-review.md). */
  docs: string;
  /** When it was found: the world's virtual clock, ISO 8601. */
  at: string;
  /** The namespace whose traffic it was found in; absent for the sandbox's own world. */
  namespace?: string;
  /**
   * A money finding's (retried-money-post, unknown-outcome-not-requeried) transfers that the ledger
   * shows landed for the same payment (its call, recipient and amount), oldest first: the first ten.
   */
  landed?: LandedTransfer[];
  /** A money finding's kobo paid more than once (every landed transfer after the first): what orders findings by money at stake. */
  atRiskKobo?: number;
}

/** Which findings a read answers: a world's (what it shows since its last reset) or the run's, and how severe at least. */
export interface FindingsQuery {
  /**
   * `world` (the default): this world's, since its last reset. `run`: every finding since the
   * sandbox started, across resets and deleted namespaces (a namespace's: its own).
   */
  scope?: 'world' | 'run';
  /** Only findings at least this severe (`warning`: errors and warnings). Default: all. */
  severity?: FindingSeverity;
}

/**
 * What a rule reports; the book adds the id, severity, docs and time. A draft with a `key` the
 * rule reported before revises that finding (its title, detail and requests) instead of adding one.
 */
export type FindingDraft = Pick<Finding, 'rule' | 'title' | 'detail'> &
  Partial<Pick<Finding, 'requestIds' | 'eventIds' | 'landed' | 'atRiskKobo'>> & { key?: string };

export const SEVERITY: Readonly<Record<FindingRule, FindingSeverity>> = {
  'retried-money-post': 'error',
  'secret-in-url': 'error',
  'webhook-not-acknowledged': 'error',
  'unknown-outcome-not-requeried': 'error',
  'unverified-recipient': 'warning',
  'expired-token-loop': 'warning',
  'token-churn': 'info',
  'webhook-trusted-without-requery': 'warning',
  'repeated-bvn-query': 'warning',
  'unknown-endpoint': 'warning',
  'float-kobo': 'error',
  'secret-in-browser': 'error',
  'sign-in-answer-ignored': 'warning',
};

/**
 * The User-Agent of Check Webhook Handler's own calls (webhookCheck/): its test transfers and
 * events are the tool's traffic, not the app's, and the rules leave them alone.
 */
export const CHECK_USER_AGENT = 'wallet-sandbox-webhook-check';

/**
 * The User-Agent of Wallet Console's own calls (its views, Try it, Replay): the editor's traffic,
 * not the app's. No rule judges it, and its reads settle nothing: the Wallet view loading the
 * transactions after money moved is not the app requerying a transfer it never heard back from.
 */
export const EDITOR_USER_AGENT = 'wallet-console-vscode';

const DOCS = 'https://github.com/wallet-console/wallet-console/blob/main/docs/integration-review.md';

export const docsOf = (rule: FindingRule): string => `${DOCS}#${rule}`;

const SEVERITY_RANK: Readonly<Record<FindingSeverity, number>> = { error: 0, warning: 1, info: 2 };

/** The severities, most severe first. */
export const SEVERITIES: readonly FindingSeverity[] = ['error', 'warning', 'info'];

/** Whether a finding is at least as severe as `floor` (expectNoFindings' `severity`, GET /__sandbox/findings?severity=). */
export const atLeast = (finding: Pick<Finding, 'severity'>, floor: FindingSeverity): boolean =>
  SEVERITY_RANK[finding.severity] <= SEVERITY_RANK[floor];

/**
 * The findings most severe first, then the most money at stake first (atRiskKobo), then newest
 * first (the Findings view's, the CLI's and the tool's order).
 */
export function mostSevereFirst<T extends Pick<Finding, 'severity'> & { atRiskKobo?: number }>(findings: readonly T[]): T[] {
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort(
      (a, b) =>
        SEVERITY_RANK[a.finding.severity] - SEVERITY_RANK[b.finding.severity] ||
        (b.finding.atRiskKobo ?? 0) - (a.finding.atRiskKobo ?? 0) ||
        b.index - a.index,
    )
    .map(({ finding }) => finding);
}

/**
 * One line per finding: its rule, title, requests, for a money finding the transfers that landed
 * (expectNoFindings' report, the CLI's summary, the agent tool), and its namespace when it has one.
 */
export function findingLines(findings: readonly Finding[]): string[] {
  return findings.map((finding) => {
    const requests = finding.requestIds.length ? ` (requests ${finding.requestIds.join(', ')})` : '';
    const events = finding.eventIds.length ? ` (events ${finding.eventIds.join(', ')})` : '';
    const landed = finding.landed?.length ? ` (landed: ${finding.landed.map((transfer) => transfer.reference).join(', ')})` : '';
    const namespace = finding.namespace === undefined ? '' : ` [namespace ${finding.namespace}]`;
    return `${finding.severity} ${finding.rule}: ${finding.title}${requests}${events}${landed}${namespace}`;
  });
}

/**
 * Keeps `value` as the newest entry of a rule's bounded memory: a key seen again moves to the
 * end, and past `limit` entries the oldest goes (a rule remembers recent traffic, never all of it).
 */
export function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as K);
}
