// The check's report: what `wallet-sandbox check-webhook --json` prints, what the editor's page
// shows. One row per case, in the order the cases ran.

export type WebhookCheckCaseName = 'bank-transfer' | 'phone-transfer' | 'redelivery' | 'malformed' | 'forgery' | 'slow-acceptance';

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
}

export interface WebhookCheckReport {
  handlerUrl: string;
  cases: WebhookCheckCase[];
  passed: boolean;
}

/** The report as lines for a terminal: one per case, then the verdict. */
export function reportLines(report: WebhookCheckReport): string[] {
  const rows = report.cases.map((row) => {
    const answered = row.status === 0 ? 'no answer' : `HTTP ${row.status}`;
    const requery = row.requeried ? 'requeried' : 'no requery';
    return `${row.passed ? 'PASS' : 'FAIL'}  ${row.name.padEnd(16)} ${answered.padEnd(9)} ${String(row.ms).padStart(5)} ms  ${requery.padEnd(10)}  ${row.why}`;
  });
  const failed = report.cases.filter((row) => !row.passed).length;
  const verdict =
    failed === 0
      ? `The handler at ${report.handlerUrl} passed all ${report.cases.length} cases.`
      : `The handler at ${report.handlerUrl} failed ${failed} of ${report.cases.length} cases.`;
  return [...rows, verdict];
}
