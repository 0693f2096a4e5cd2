// The bench's paired costs (scripts/bench/traffic.mjs) are only as true as the servers they
// pair: recording is the journal off against the journal on with the review's rules ignored,
// and the review is every rule ignored against the sandbox as it ships. A mode that records
// nothing, or reviews where it should not, would charge one feature's cost to the other.
import * as assert from 'node:assert/strict';
import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { connectWallet, newDeveloper } from './helpers';

const SERVE = path.resolve(__dirname, '../../../../scripts/bench/serve.mjs');

interface Served {
  url: string;
  child: ChildProcess;
}

function serve(mode: string): Promise<Served> {
  const child = fork(SERVE, [mode], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`serve.mjs ${mode} exited (code ${code})`)));
    child.once('message', (message) => resolve({ url: (message as { url: string }).url, child }));
  });
}

async function admin<T>(url: string, route: string): Promise<T> {
  const answer = await fetch(`${url}/__sandbox/${route}`);
  return ((await answer.json()) as { data: T }).data;
}

/** What a sandbox of `mode` recorded and found after a balance read with a token in its query (secret-in-url). */
async function recordedAndFound(mode: string): Promise<{ recorded: number; rules: string[] }> {
  const { url, child } = await serve(mode);
  try {
    const dev = await newDeveloper(url);
    const wallet = await connectWallet(url, dev.appKey, '2348000000000');
    await fetch(`${url}/v1/users/balance?token=leaked`, { headers: wallet.headers });
    const { requests } = await admin<{ requests: { path: string }[] }>(url, 'requests?path=/v1/users/balance');
    const { findings } = await admin<{ findings: { rule: string }[] }>(url, 'findings');
    return { recorded: requests.length, rules: findings.map((finding) => finding.rule) };
  } finally {
    child.kill();
  }
}

describe('the bench’s servers measure one feature each', function () {
  this.timeout(60_000);

  it('sandbox-recorded records without the review, sandbox (as it ships) records and reviews, the others turn one off', async () => {
    assert.deepEqual(await recordedAndFound('sandbox-recorded'), { recorded: 1, rules: [] });
    assert.deepEqual(await recordedAndFound('sandbox'), { recorded: 1, rules: ['secret-in-url'] });
    assert.deepEqual(await recordedAndFound('sandbox-unreviewed'), { recorded: 1, rules: [] });
    assert.deepEqual(await recordedAndFound('sandbox-unrecorded'), { recorded: 0, rules: [] });
  });
});
