import * as assert from 'node:assert/strict';
import { runnerReport } from './runnerReport';

// Issue 54, "Proof": the docs' test examples (docs/examples/testing), each four tests that reset the
// sandbox before each, made careless by a small change to their text: the one thing a team gets
// wrong, and the finding of the integration review that names it. packageExamples.test.ts runs
// each careful and careless, on a sandbox of its own and under the CLI's --fail-on-findings.

/** How a run of an example's tests went, as its runner reports it. */
export interface ExampleReport {
  passed: number;
  failed: number;
  /** What the runner says of the failed tests (not the sandbox's own log lines). */
  failures: string;
}

export interface CarelessExample {
  /** The runner, as the docs name it. */
  readonly runner: string;
  /** The example's folder under docs/examples/testing, and its test file there. */
  readonly folder: string;
  readonly file: string;
  /** The change that makes the app careless: `from` (found once in the file) becomes `to`. */
  readonly change: string;
  readonly from: string;
  readonly to: string;
  /** The rule whose finding names the mistake. */
  readonly rule: string;
  /** The tests of four the careless app fails: 1, as each test resets the sandbox first. */
  readonly failing: number;
  /** The runner's command for the tests of `folder`, run from `cwd` (relative to the examples' folder). */
  readonly command: (folder: string, dir: string) => { args: readonly string[]; cwd: string };
  /** The run's report, from the runner's output. */
  readonly report: (stdout: string, stderr: string) => ExampleReport;
}

/** node:test's TAP: the counts, and each failed test's block. */
function tapReport(stdout: string): ExampleReport {
  const count = (word: string): number => Number(new RegExp(`^# ${word} (\\d+)$`, 'm').exec(stdout)?.[1] ?? NaN);
  const failures = stdout.split(/^(?=(?:not )?ok \d+ - )/m).filter((block) => block.startsWith('not ok'));
  return { passed: count('pass'), failed: count('fail'), failures: failures.join('\n') };
}

/** Jest's JSON report (Vitest writes the same): the counts, and the failure messages of its assertions. */
function jestReport(stdout: string): ExampleReport {
  const report = runnerReport(stdout) as ReturnType<typeof runnerReport> & {
    testResults: { assertionResults: { failureMessages: string[] }[] }[];
  };
  const messages = report.testResults.flatMap((file) => file.assertionResults.flatMap((test) => test.failureMessages));
  return { passed: report.numPassedTests, failed: report.numFailedTests, failures: messages.join('\n') };
}

/** unittest's report on stderr: "Ran N tests", then OK or FAILED (failures=…, errors=…), the tracebacks above. */
function unittestReport(_stdout: string, stderr: string): ExampleReport {
  const ran = Number(/^Ran (\d+) tests? in /m.exec(stderr)?.[1] ?? NaN);
  const failed = [...stderr.matchAll(/^(?:FAIL|ERROR): /gm)].length;
  const start = stderr.search(/^(?:FAIL|ERROR): /m);
  return { passed: ran - failed, failed, failures: start < 0 ? '' : stderr.slice(start, stderr.indexOf('\nRan ', start)) };
}

/** go test -v: its PASS and FAIL lines, and the lines the tests logged (file:line: …). */
export function goReport(stdout: string, _stderr: string): ExampleReport {
  const count = (word: string): number => [...stdout.matchAll(new RegExp(`^\\s*--- ${word}: Test`, 'gm'))].length;
  const logged = stdout.split('\n').filter((line) => /^\s+\w+_test\.go:\d+: /.test(line));
  return { passed: count('PASS'), failed: count('FAIL'), failures: logged.join('\n') };
}

const node = process.execPath;

export const CARELESS_EXAMPLES: readonly CarelessExample[] = [
  {
    runner: 'node:test',
    folder: 'node-test',
    file: 'transfer.test.mjs',
    change: "the webhook receiver trusts the event, without the requery (test 1's transfer)",
    from: "      await call(`/v1/users/transfers/requery/bank/${hook.payload.data.transactionReference}`, { method: 'GET', token: signedIn.accessToken });\n",
    to: '',
    rule: 'webhook-trusted-without-requery',
    failing: 1,
    command: (folder) => ({ args: [node, '--test', '--test-reporter=tap', `${folder}/transfer.test.mjs`], cwd: '.' }),
    report: tapReport,
  },
  {
    runner: 'Vitest',
    folder: 'vitest',
    file: 'transfer.test.mjs',
    change: "a dropped connection is never requeried (test 2's phone transfer)",
    from: "    await call('/v1/transactions?limit=5', { method: 'GET', token });\n",
    to: '',
    rule: 'unknown-outcome-not-requeried',
    failing: 1,
    command: (folder, dir) => ({ args: [node, `${dir}/node_modules/vitest/vitest.mjs`, 'run', '--reporter=json', `${folder}/`], cwd: '.' }),
    report: jestReport,
  },
  {
    runner: 'Jest',
    folder: 'jest',
    file: 'transfer.test.js',
    change: "a dropped connection is never requeried (test 1's phone transfer)",
    from: "  await call('/v1/transactions?limit=5', { method: 'GET', token });\n",
    to: '',
    rule: 'unknown-outcome-not-requeried',
    failing: 1,
    command: (folder, dir) => ({ args: [node, `${dir}/node_modules/jest/bin/jest.js`, '--ci', '--json', `${folder}/`], cwd: '.' }),
    report: jestReport,
  },
  {
    runner: 'Python',
    folder: 'python',
    file: 'test_transfer.py',
    change: 'the mobile is paid without validating it first',
    from: '        # The app checks the mobile it pays before paying it (a typo would pay a stranger).\n        call(self.url, "/v1/users/auth/validate", {"mobile": CHIDI}, token=self.token)\n',
    to: '',
    rule: 'unverified-recipient',
    failing: 1,
    command: (folder) => ({ args: ['python3', '-m', 'unittest', 'discover', '-s', folder], cwd: '.' }),
    report: unittestReport,
  },
  {
    runner: 'Go',
    folder: 'go',
    file: 'transfer_test.go',
    change: "the app key in the verify URL too (test 1's bank transfer)",
    from: '"/v1/queries/verify?accountNumber=0123456789&bankCode=000014", nil, token)',
    to: '"/v1/queries/verify?accountNumber=0123456789&bankCode=000014&key="+appKey, nil, token)',
    rule: 'secret-in-url',
    failing: 1,
    command: (folder) => ({ args: ['go', 'test', '-v', '-count=1', './...'], cwd: folder }),
    report: goReport,
  },
];

/** The no-findings assertion as each example writes it (Node, Python, Go), on a line of its own. */
const NO_FINDINGS = /^[ \t]*(?:await sandbox\.expectNoFindings\(\);|self\.assertNoFindings\(\)|expectNoFindings\(t\))[^\n]*\n/gm;

/** The text without its no-findings assertions: a suite that never asks the review, held to it by the CLI's flag alone. */
export function unasserted(text: string): string {
  const found = text.match(NO_FINDINGS)?.length ?? 0;
  assert.equal(found, 4, 'one no-findings assertion a test');
  return text.replace(NO_FINDINGS, '');
}

/** The example's text made careless: `from` must be there once, so a change to the example cannot leave the variant careful. */
export function carelessText(example: CarelessExample, text: string): string {
  assert.equal(text.split(example.from).length, 2, `${example.folder}/${example.file} has the careful line once: ${example.from}`);
  return text.replace(example.from, example.to);
}
