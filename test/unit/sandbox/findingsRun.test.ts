import * as assert from 'node:assert/strict';
import { Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { inTurn, webhookReceiver } from '../support/webhookReceiver';
import { call, connectWallet, ConnectedWallet, expectOk, newDeveloper } from './helpers';

// Issue 54, "Findings belong to the run": a reset clears what a world shows, never what the run
// found; a deleted namespace's findings stay the run's, each naming its namespace. What a rule
// waits on is judged when the findings are read, and at a reset.

interface Found {
  rule: string;
  severity: string;
  namespace?: string;
}

describe('sandbox: the findings of a world and of the run', () => {
  let sandbox: Sandbox;
  let wallet: ConnectedWallet;
  const read = async (query = '', headers: Record<string, string> = {}): Promise<Found[]> =>
    (await expectOk(call(sandbox, 'GET', `/__sandbox/findings${query}`, { headers }))).json['data'].findings as Found[];
  const leak = (key = wallet.appKey) => call(sandbox, 'GET', `/v1/queries/banks?appKey=${key}`, { headers: { 'x-app-key': key } });

  beforeEach(async () => {
    sandbox = await startCheckedSandbox({ log: () => undefined, clock: { frozen: true } });
    const developer = await newDeveloper(sandbox);
    wallet = await connectWallet(sandbox, developer.appKey, developer.sandboxMobile);
  });
  afterEach(() => sandbox.close());

  describe('the findings of a world', () => {
    it('are emptied by DELETE /__sandbox/findings (the run forgets them too) and, for the world only, by a reset', async () => {
      const told: boolean[] = [];
      sandbox.onChange((change) => change.findings && told.push(true));
      await call(sandbox, 'GET', `/v1/users/balance?passcode=123456`, { headers: wallet.headers });
      assert.equal(told.length, 1);
      const cleared = await expectOk(call(sandbox, 'DELETE', '/__sandbox/findings'));
      assert.equal(cleared.json['data'].cleared, 1);
      assert.deepEqual(await read(), []);
      assert.deepEqual(await read('?scope=run'), [], 'cleared on purpose: seen and dealt with');
      await call(sandbox, 'GET', `/v1/users/balance?passcode=123456`, { headers: wallet.headers });
      assert.equal(sandbox.findings().length, 1);
      await sandbox.reset();
      assert.deepEqual(sandbox.findings(), []);
      assert.deepEqual(
        sandbox.findings({ scope: 'run' }).map((finding) => finding.rule),
        ['secret-in-url'],
        'the run keeps what it found',
      );
    });

    it('belong to the run across resets: a key in a URL in test 1 of 3 is still there after test 3', async () => {
      await leak(); // test 1
      await sandbox.reset();
      const developer = await newDeveloper(sandbox); // test 2: careful
      const again = await connectWallet(sandbox, developer.appKey, developer.sandboxMobile);
      await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: again.headers }));
      await sandbox.reset(); // test 3: nothing at all
      assert.deepEqual(await read(), []);
      const run = await read('?scope=run');
      assert.deepEqual(
        run.map((finding) => [finding.rule, finding.namespace]),
        [['secret-in-url', undefined]],
      );
    });

    it("belong to the run across deleted namespaces, each naming its namespace; a namespace's run is its own", async () => {
      const one = sandbox.namespaces.create();
      const two = sandbox.namespaces.create();
      await leak(one.appKey);
      await leak(two.appKey);
      assert.deepEqual(
        (await read('?scope=run', { 'x-app-key': one.appKey })).map((finding) => finding.namespace),
        [one.id],
      );
      assert.ok(sandbox.namespaces.delete(one.id));
      assert.ok(await sandbox.namespaces.reset(two.id));
      assert.deepEqual(await read('', { 'x-app-key': two.appKey }), []);
      assert.deepEqual(
        (await read('?scope=run')).map((finding) => [finding.rule, finding.namespace]),
        [
          ['secret-in-url', one.id],
          ['secret-in-url', two.id],
        ],
      );
    });

    it('take a severity floor, and refuse a scope or severity they do not know in the error envelope', async () => {
      const refresh = () =>
        expectOk(
          call(sandbox, 'POST', '/v1/users/accessToken', {
            body: { refreshToken: wallet.refreshToken },
            headers: { 'x-app-key': wallet.appKey },
          }),
        );
      for (let i = 0; i < 3; i++) await refresh();
      await leak();
      assert.deepEqual(
        (await read()).map((finding) => finding.severity),
        ['info', 'error'],
      );
      assert.deepEqual(
        (await read('?severity=warning')).map((finding) => finding.severity),
        ['error'],
      );
      for (const query of ['?scope=everything', '?severity=loud']) {
        const refused = await call(sandbox, 'GET', `/__sandbox/findings${query}`);
        assert.equal(refused.status, 400);
        assert.equal(refused.json['errorCode'], '10000');
      }
    });

    it('judge what waits at a reset: a webhook acknowledged and never requeried is the run’s finding', async () => {
      const hook = await webhookReceiver(inTurn([200]));
      try {
        await expectOk(
          call(sandbox, 'PUT', '/v1/apps/settings', { body: { callbackURL: hook.url }, headers: { 'x-app-key': wallet.appKey } }),
        );
        // A transfer the app made itself (a test event is the sandbox's traffic, which no rule judges), its recipient validated first.
        const to = { mobile: '2349090000000' };
        await expectOk(call(sandbox, 'POST', '/v1/users/auth/validate', { body: to, headers: { 'x-app-key': wallet.appKey } }));
        await expectOk(call(sandbox, 'POST', '/v1/users/transfers/phone', { body: { ...to, amount: 100 }, headers: wallet.headers }));
        await sandbox.advanceClock(0.001);
        assert.equal(hook.hits, 1);
        await sandbox.reset();
      } finally {
        await hook.close();
      }
      assert.deepEqual(sandbox.findings(), []);
      assert.deepEqual(
        sandbox.findings({ scope: 'run' }).map((finding) => finding.rule),
        ['webhook-trusted-without-requery'],
      );
    });

    it("keep a namespace's traffic in the namespace", async () => {
      const namespace = sandbox.namespaces.create();
      await call(sandbox, 'GET', `/v1/users/balance?appKey=${namespace.appKey}`, { headers: { 'x-app-key': namespace.appKey } });
      assert.deepEqual(sandbox.findings(), []);
      assert.deepEqual(
        (await read('', { 'x-app-key': namespace.appKey })).map((f) => f.rule),
        ['secret-in-url'],
      );
      assert.equal(namespace.findings().length, 1);
    });

    it('leave out the rules a start option or a scenario ignores', async () => {
      const quiet = await startCheckedSandbox({ log: () => undefined, findings: { ignore: ['secret-in-url'] } });
      const fromScenario = await startCheckedSandbox({ log: () => undefined, scenario: { findings: { ignore: ['secret-in-url'] } } });
      try {
        for (const other of [quiet, fromScenario]) {
          await call(other, 'GET', '/v1/queries/banks?token=abc');
          assert.deepEqual(other.findings(), []);
        }
        await call(sandbox, 'GET', '/v1/queries/banks?token=abc');
        assert.equal(sandbox.findings().length, 1, 'the same request is a finding where the rule is not ignored');
      } finally {
        await quiet.close();
        await fromScenario.close();
      }
    });
  });
});
