import * as assert from 'node:assert/strict';
import { connectSandbox, startSandbox, type WalletSandbox } from '../../../src/sandbox/package/index';

// Issue 53: `phase: "after"` from every Node surface: the package in process (sandbox.faults.add),
// out of process (connectSandbox, over the admin API) and a scenario file's faults. Each moves the
// money and then lets the app hear the fault (the admin API, the agent tools and the extension are
// covered by operationParity, their own tests and the host tests).

const KEY = 'sk_test_wallet_sandbox_demo';
const FROM = '2348000000000';
const PHONE = '/v1/users/transfers/phone';

async function signIn(url: string): Promise<string> {
  const post = (body: unknown) =>
    fetch(`${url}/v1/users/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-key': KEY },
      body: JSON.stringify(body),
    });
  await post({ mobile: FROM, factor: 'sms' });
  return ((await (await post({ mobile: FROM, factor: 'sms', passcode: '123456' })).json()) as { data: { accessToken: string } }).data
    .accessToken;
}

/** A phone transfer: what the app heard, and the kobo that left the wallet. */
async function transfer(sandbox: WalletSandbox, token: string): Promise<{ heard: number; moved: number }> {
  const before = await sandbox.balance(FROM);
  const answer = await fetch(sandbox.url + PHONE, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-key': KEY, 'x-app-wallet-access-token': token },
    body: JSON.stringify({ mobile: '2349090000000', amount: 1_500 }),
  });
  await answer.text();
  return { heard: answer.status, moved: before - (await sandbox.balance(FROM)) };
}

describe('sandbox package: a fault after the work from every Node surface (issue 53)', () => {
  it('sandbox.faults.add in process, and connectSandbox out of it: the money moves, the app hears the fault', async () => {
    const sandbox = await startSandbox();
    const remote = await connectSandbox(sandbox.url);
    try {
      const token = await signIn(sandbox.url);
      const added = await sandbox.faults.add({ path: PHONE, phase: 'after', status: 503, times: 1 });
      assert.equal(added.phase, 'after');
      assert.deepEqual(await transfer(sandbox, token), { heard: 503, moved: 1_500 });
      const [listed] = await remote.faults.list();
      assert.equal(listed, undefined, 'used up');
      await remote.faults.add({ path: PHONE, phase: 'after', status: 502, times: 1 });
      assert.equal((await sandbox.faults.list())[0]?.phase, 'after', 'the same world');
      assert.deepEqual(await transfer(sandbox, token), { heard: 502, moved: 1_500 });
      await assert.rejects(remote.faults.add({ path: PHONE, phase: 'later' as 'after' }), /phase must be one of before, after/);
      await sandbox.faults.add({ path: PHONE, status: 503, times: 1 });
      assert.deepEqual(await transfer(sandbox, token), { heard: 503, moved: 0 }, 'before stays the default: nothing moves');
    } finally {
      await remote.close();
      await sandbox.close();
    }
  });

  it("a scenario file's fault with phase after", async () => {
    const sandbox = await startSandbox({
      scenario: {
        developers: [{ email: 'phase@example.ng', password: 'phase-pass-1', apps: [{ name: 'shop', sandboxKey: KEY }] }],
        wallets: [{ mobile: FROM, passcode: '123456', balance: 100_000 }],
        faults: [{ path: PHONE, phase: 'after', drop: true, times: 1 }],
      },
    });
    try {
      const token = await signIn(sandbox.url);
      await assert.rejects(transfer(sandbox, token), TypeError, 'the connection dropped');
      assert.equal(await sandbox.balance(FROM), 100_000 - 1_500, 'after the money moved');
      const [entry] = await sandbox.requests.list({ path: PHONE });
      assert.deepEqual([entry?.status, entry?.unheard, entry?.apiAnswer?.status], [0, true, 200]);
      const { scenario } = await sandbox.snapshot();
      assert.equal(scenario.faults, undefined, 'used up: a snapshot writes no faults');
    } finally {
      await sandbox.close();
    }
  });
});
