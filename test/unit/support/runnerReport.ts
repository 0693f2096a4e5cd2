import * as assert from 'node:assert/strict';

/** What Vitest's and Jest's JSON reporters say of a run (the fields the tests read). */
export interface RunnerReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
}

/** The runner's JSON report: the last line of stdout that is a JSON object. */
export function runnerReport(stdout: string): RunnerReport {
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((text) => text.startsWith('{'));
  assert.ok(line, `no JSON report in: ${stdout.slice(-2000)}`);
  return JSON.parse(line) as RunnerReport;
}
