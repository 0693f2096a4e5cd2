import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { parseArgs, type CliConfig } from '../../../src/sandbox/cli/cli';
import { findingsSummary } from '../../../src/sandbox/cli/cliFindings';
import type { Finding } from '../../../src/sandbox/findings/finding';
import { readyLine } from '../support/cliReady';
import { call } from './helpers';

// The CLI in CI (issue 39): when it stops, a summary of the findings goes to stderr, and
// --fail-on-findings makes the exit status 1 when there were any.

const CLI = path.resolve(__dirname, '../../../src/sandboxCli.js');

/** Runs the CLI, sends it `traffic` once it listens, stops it with SIGTERM: its exit status and stderr. */
async function runWith(args: string[], traffic: (url: string) => Promise<unknown>): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, '--port', '0', '--json', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    await traffic((await readyLine(child)).url);
    child.kill('SIGTERM');
    return { status: await exited, stderr };
  } finally {
    child.kill('SIGKILL');
  }
}

describe('sandbox: CLI findings summary and --fail-on-findings', function () {
  this.timeout(20_000);

  it('parses --fail-on-findings (errors and warnings unless =info or =error says otherwise)', () => {
    assert.equal((parseArgs(['--fail-on-findings']) as CliConfig).findings.failOn, 'warning');
    assert.equal((parseArgs(['--fail-on-findings=info']) as CliConfig).findings.failOn, 'info');
    assert.equal((parseArgs([]) as CliConfig).findings.failOn, undefined);
    assert.throws(() => parseArgs(['--fail-on-findings=loud']), /--fail-on-findings= takes error, warning, info, got "loud"/);
  });

  it('prints the findings to stderr when it stops and exits 1 with --fail-on-findings', async () => {
    const { status, stderr } = await runWith(['--fail-on-findings'], (url) => call(url, 'GET', '/v1/queries/banks?passcode=123456'));
    assert.equal(status, 1);
    assert.match(stderr, /the integration review has 1 finding/);
    assert.match(
      stderr,
      /^ {2}error secret-in-url: GET \/v1\/queries\/banks carries a secret in its query string \(passcode\) \(requests 1\)$/m,
    );
    assert.ok(!stderr.includes('123456'), 'the summary never shows the secret');
  });

  it('lists the most money at stake first within a severity, with the naira and the references that landed (issue 53)', () => {
    const money = (id: number, atRiskKobo: number): Finding => ({
      id: `fnd_${id}`,
      rule: 'retried-money-post',
      severity: 'error',
      title: `POST /v1/users/transfers/bank sent again — ₦${atRiskKobo / 100}.00 paid twice`,
      detail: '',
      requestIds: [id, id + 1],
      eventIds: [],
      docs: '',
      at: '2026-12-02T00:00:00.000Z',
      landed: [
        { requestId: id, reference: `ref${id}`, amount: atRiskKobo },
        { requestId: id + 1, reference: `ref${id + 1}`, amount: atRiskKobo },
      ],
      atRiskKobo,
    });
    assert.deepEqual(findingsSummary([money(1, 1_000), money(3, 500_000)]).slice(1), [
      '  error retried-money-post: POST /v1/users/transfers/bank sent again — ₦5000.00 paid twice (requests 3, 4) (landed: ref3, ref4)',
      '  error retried-money-post: POST /v1/users/transfers/bank sent again — ₦10.00 paid twice (requests 1, 2) (landed: ref1, ref2)',
    ]);
  });

  it('exits 0 with --fail-on-findings when nothing was found, and says nothing of findings', async () => {
    const { status, stderr } = await runWith(['--fail-on-findings'], (url) => call(url, 'GET', '/v1/queries/banks'));
    assert.equal(status, 0);
    assert.doesNotMatch(stderr, /integration review/);
  });
});
