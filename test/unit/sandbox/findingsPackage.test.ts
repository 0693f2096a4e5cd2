import * as assert from 'node:assert/strict';
import { connectSandbox, startSandbox, type SandboxWorld, type WalletSandbox } from '../../../src/sandbox/package';
import { call, connectWallet, expectOk } from './helpers';

// The package's face of the integration review: findings() and expectNoFindings() answer the same
// in this process and over connectSandbox, and the report names each finding's rule and requests.

const KEY = 'sk_test_findings_0001';
const scenario = {
  clock: { start: '2026-03-02T09:00:00.000Z', frozen: true },
  developers: [{ email: 'qa@example.ng', password: 'qa-password', apps: [{ name: 'shop', sandboxKey: KEY }] }],
  wallets: [{ mobile: '08031112222', passcode: '123456', balance: 500_000 }],
};

describe('sandbox package: findings and expectNoFindings', () => {
  let sandbox: WalletSandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ scenario, log: () => undefined });
  });
  afterEach(() => sandbox.close());

  for (const side of ['in process', 'over connectSandbox'] as const) {
    const world = async (): Promise<SandboxWorld> => (side === 'in process' ? sandbox : connectSandbox(sandbox.url));

    it(`${side}: passes on careful traffic and throws a readable report on a double-clicked transfer`, async () => {
      const reached = await world();
      const wallet = await connectWallet(sandbox.url, KEY, '2348031112222');
      await expectOk(
        call(sandbox.url, 'POST', '/v1/users/auth/validate', { body: { mobile: '2348000000000' }, headers: { 'x-app-key': KEY } }),
      );
      await reached.expectNoFindings();
      const pay = () =>
        expectOk(
          call(sandbox.url, 'POST', '/v1/users/transfers/phone', {
            body: { mobile: '2348000000000', amount: 1500 },
            headers: wallet.headers,
          }),
        );
      // Two clicks, the second before the first is answered (an API as slow as the real one).
      await reached.setLatency(150);
      await Promise.all([pay(), pay()]);
      await reached.setLatency(0);
      const ids = (await reached.requests.list({ path: '/v1/users/transfers/phone' })).map((entry) => entry.id);
      const [finding] = await reached.findings();
      assert.equal(finding?.rule, 'retried-money-post');
      await assert.rejects(reached.expectNoFindings(), (error: Error & { findings?: unknown[] }) => {
        assert.equal(error.name, 'SandboxFindingsError');
        assert.equal(error.findings?.length, 1);
        assert.ok(error.message.includes(`error retried-money-post: ${finding?.title} (requests ${ids.join(', ')})`), error.message);
        assert.match(error.message, /docs\/integration-review\.md/);
        return true;
      });
      assert.equal(await reached.clearFindings(), 1);
      await reached.expectNoFindings();
    });
  }
});
