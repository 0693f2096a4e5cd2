// The check's report: what `wallet-sandbox check-webhook --json` prints, what the editor's page
// shows. One row per case, in the order the cases ran; an advisory row (NOTE) is not counted.

export type WebhookCheckCaseName =
  | 'bank-transfer'
  | 'phone-transfer'
  | 'redelivery'
  | 'malformed'
  | 'forgery'
  | 'slow-acceptance'
  // Production's disorder (issue 53): copies at once, an older event late, the webhook before the answer, a reversal, none at all.
  | 'concurrent'
  | 'out-of-order'
  | 'before-answer'
  | 'reversal'
  | 'never-sent';

export interface WebhookCheckCase {
  name: WebhookCheckCaseName;
  passed: boolean;
  /** The handler's HTTP status; 0 when it did not answer (in time, or at all). */
  status: number;
  /** From the request to the handler's answer, as the sender measured it. */
  ms: number;
  /** Whether the handler fetched the event's transaction from the sandbox (GET by reference) within the case. */
  requeried: boolean;
  /** Why it passed or failed, in a sentence. */
  why: string;
  /** How many requests the case sent the handler, when not one: copies at once (`concurrent`), or 0 (`never-sent`: the event was withheld). */
  deliveries?: number;
  /** Not counted in the report's verdict: what it asks of the app, a handler alone cannot do (`never-sent`: a requery of a transfer it heard nothing of). */
  advisory?: true;
}

export interface WebhookCheckReport {
  handlerUrl: string;
  cases: WebhookCheckCase[];
  /** Every case passed, the advisory ones aside. */
  passed: boolean;
}

/** What the handler answered, in a few characters: "HTTP 200", "HTTP 200 x3" for copies, "not sent", "no answer". */
export function answerText(row: WebhookCheckCase): string {
  if (row.deliveries === 0) return 'not sent';
  if (row.status === 0) return 'no answer';
  return row.deliveries === undefined ? `HTTP ${row.status}` : `HTTP ${row.status} x${row.deliveries}`;
}

/** The report as lines for a terminal: one per case, then the verdict. */
export function reportLines(report: WebhookCheckReport): string[] {
  const rows = report.cases.map((row) => {
    const requery = row.requeried ? 'requeried' : 'no requery';
    const result = row.passed ? 'PASS' : row.advisory ? 'NOTE' : 'FAIL';
    return `${result}  ${row.name.padEnd(16)} ${answerText(row).padEnd(11)} ${String(row.ms).padStart(5)} ms  ${requery.padEnd(10)}  ${row.why}`;
  });
  const counted = report.cases.filter((row) => !row.advisory);
  const failed = counted.filter((row) => !row.passed).length;
  const verdict =
    failed === 0
      ? `The handler at ${report.handlerUrl} passed all ${counted.length} cases.`
      : `The handler at ${report.handlerUrl} failed ${failed} of ${counted.length} cases.`;
  const notes = report.cases.filter((row) => row.advisory && !row.passed).length;
  return [...rows, notes === 0 ? verdict : `${verdict} ${notes} note${notes === 1 ? '' : 's'} for the app (not counted).`];
}
