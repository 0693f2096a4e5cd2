import * as assert from 'node:assert/strict';
import { startSandbox } from '../../../src/sandbox/package';
import type { ScenarioFile } from '../../../src/sandbox/scenario/scenarioFile';

// Issue 27 ("snapshots"): sandbox.snapshot() writes the world as it is now as a scenario, and a
// sandbox started from it is in the same world: the keys a test hard-codes still work.

const scenario: ScenarioFile = {
  seed: 3,
  developers: [
    {
      email: 'snap@example.ng',
      password: 'snap-password-1',
      apps: [{ name: 'snap', sandboxKey: 'sk_test_snap_0001', wallets: ['08031112222'] }],
    },
  ],
  wallets: [
    { mobile: '08031112222', name: 'Ada Obi', passcode: '424242', balance: 1_500_000 },
    { mobile: '08033334444', name: 'Chidi Eze', balance: 500_000 },
  ],
  bankAccounts: [{ bankCode: '000014', accountNumber: '0123456789', accountName: 'ACME STORES LTD' }],
};

describe('sandbox package: snapshot()', function () {
  this.timeout(20_000);

  it('writes the world now as a scenario that starts another sandbox in the same world', async () => {
    await using first = await startSandbox({ scenario, log: () => undefined });
    await first.setBalance('2348033334444', 123_456);
    const { scenario: snapshot, notes } = await first.snapshot();
    assert.ok(Array.isArray(notes));

    await using second = await startSandbox({ scenario: snapshot, log: () => undefined });
    assert.equal(await second.balance('2348033334444'), 123_456, 'the balance set before the snapshot');
    assert.equal(await second.balance('2348031112222'), 1_500_000);
    const headers = { 'content-type': 'application/json', 'x-app-key': 'sk_test_snap_0001' };
    const signIn = (body: object): Promise<Response> =>
      fetch(`${second.url}/v1/users/auth`, { method: 'POST', headers, body: JSON.stringify(body) });
    assert.equal((await signIn({ mobile: '2348031112222', factor: 'sms' })).status, 200);
    const answer = await signIn({ mobile: '2348031112222', factor: 'sms', passcode: '424242' });
    const body = (await answer.json()) as { success: boolean; data?: { accessToken?: string } };
    assert.equal(answer.status, 200, JSON.stringify(body));
    assert.ok(body.data?.accessToken, 'the fixed app key and passcode still sign the wallet in');
  });
});
