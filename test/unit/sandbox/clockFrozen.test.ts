import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { openSharedSandbox, Sandbox } from '../../../src/sandbox';
import { startSandbox } from '../../../src/sandbox/package';
import { parseScenario, ScenarioError } from '../../../src/sandbox/scenario/parse';
import { checkAgainstContract, startCheckedSandbox } from '../support/contract';
import { call, connectWallet, expectOk, newDeveloper } from './helpers';
import { webhookReceiver, WebhookReceiver } from '../support/webhookReceiver';

// Issue 37: `clock: { frozen: true }` (scenario, startSandbox option, --frozen-clock): the virtual
// clock moves only by advance. The short real waits below only prove that it did NOT move.

const START = Date.parse('2026-03-02T09:00:00.000Z');
const MINUTE = 60_000;
const realWait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

type Attempt = { number: number; at: string; status: number };

async function eventAttempts(sandbox: Sandbox, id: string): Promise<{ state: string; attempts: Attempt[] }> {
  return (await expectOk(call(sandbox, 'GET', `/__sandbox/events/${id}`))).json['data'].event;
}

describe('sandbox: the frozen clock', function () {
  this.timeout(20_000);

  it('startSandbox({ clock: { frozen: true } }): real time passes, the clock does not; advance moves it, as do its namespaces', async () => {
    await using sandbox = await startSandbox({ clock: { frozen: true }, log: () => undefined });
    const at = (await sandbox.clock.now()).getTime();
    await realWait(30);
    assert.equal((await sandbox.clock.now()).getTime(), at);
    const shown = await fetch(`${sandbox.url}/__sandbox/clock`).then((answer) => answer.json());
    assert.equal(shown.data.now, new Date(at).toISOString(), 'the admin API reads the same frozen time');
    await sandbox.clock.advance(90);
    assert.equal((await sandbox.clock.now()).getTime(), at + 90_000);
    await realWait(30);
    assert.equal((await sandbox.clock.now()).getTime(), at + 90_000, 'still frozen after an advance');

    const namespace = await sandbox.namespaces.create();
    const nsAt = (await namespace.clock.now()).getTime();
    await realWait(30);
    assert.equal((await namespace.clock.now()).getTime(), nsAt, "a namespace's clock is frozen too");
    await namespace.clock.advance(60);
    assert.equal((await namespace.clock.now()).getTime(), nsAt + 60_000);

    await sandbox.reset();
    const resetAt = (await sandbox.clock.now()).getTime();
    await realWait(30);
    assert.equal((await sandbox.clock.now()).getTime(), resetAt, 'frozen again after a reset');
  });

  it('a scenario with clock.frozen starts frozen at its start, and round-trips through snapshot()', async () => {
    const start = new Date(START).toISOString();
    await using first = await startSandbox({ scenario: { clock: { start, frozen: true } }, log: () => undefined });
    assert.equal((await first.clock.now()).toISOString(), start);
    await first.clock.advance(3600);
    const { scenario } = await first.snapshot();
    assert.deepEqual(scenario.clock, { start: new Date(START + 3600_000).toISOString(), frozen: true });
    assert.deepEqual(parseScenario(scenario).clock, scenario.clock, 'the export is a valid scenario');

    await using second = await startSandbox({ scenario, log: () => undefined });
    await realWait(30);
    assert.equal((await second.clock.now()).getTime(), START + 3600_000);

    await using running = await startSandbox({ scenario: { clock: { start } }, log: () => undefined });
    assert.equal((await running.snapshot()).scenario.clock?.frozen, undefined, 'a running clock exports no frozen');
  });

  it('refuses a clock.frozen that is not true or false, naming the path', () => {
    assert.throws(
      () => parseScenario({ clock: { frozen: 'yes' } }),
      (error: Error) => error instanceof ScenarioError && /clock\.frozen/.test(error.message) && /true or false/.test(error.message),
    );
  });

  it('a state file keeps the frozen time; the option or scenario decides frozen or running on the next start', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-clock-'));
    const dataFile = path.join(dir, 'state.json');
    try {
      const first = await startSandbox({ dataFile, clock: { frozen: true }, log: () => undefined });
      await first.clock.advance(7200);
      const saved = (await first.clock.now()).getTime();
      await first.close();

      const again = await startSandbox({ dataFile, log: () => undefined });
      assert.equal((await again.clock.now()).getTime(), saved, 'restored at the frozen time');
      await realWait(30);
      assert.equal((await again.clock.now()).getTime(), saved, 'and still frozen: nothing said otherwise');
      await again.close();

      const running = await startSandbox({ dataFile, clock: { frozen: false }, log: () => undefined });
      const from = (await running.clock.now()).getTime();
      assert.ok(from >= saved, 'runs on from the saved time');
      await realWait(30);
      assert.ok((await running.clock.now()).getTime() > from, 'with real time');
      await running.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a client in another process (the shared state file) reads the frozen time, and advances it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-clock-'));
    const options = {
      dataFile: path.join(dir, 'state.json'),
      port: 0,
      portTries: 5,
      log: () => undefined,
      onExchange: checkAgainstContract,
    };
    const owner = await openSharedSandbox({ ...options, role: 'window', clock: { frozen: true } });
    const user = await openSharedSandbox({ ...options, role: 'mcp' });
    try {
      const remote = user.client;
      const at = (await owner.client.clock.now()).getTime();
      assert.equal((await remote.clock.now()).getTime(), at);
      await realWait(30);
      assert.equal((await remote.clock.now()).getTime(), at, 'frozen there too');
      await remote.clock.advance(120);
      assert.equal((await remote.clock.now()).getTime(), at + 120_000);
      assert.equal((await owner.client.clock.now()).getTime(), at + 120_000);
    } finally {
      await user.close();
      await owner.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('with a webhook receiver', () => {
    let sandbox: Sandbox;
    let hook: WebhookReceiver;
    afterEach(async () => {
      await sandbox.close();
      await hook.close();
    });

    it('settles, then delivers each attempt in order, in one HTTP advance on a frozen clock', async () => {
      hook = await webhookReceiver([503, 500, 200]);
      sandbox = await startCheckedSandbox({
        log: () => undefined,
        scenario: { clock: { start: new Date(START).toISOString(), frozen: true } },
      });
      const dev = await newDeveloper(sandbox);
      const wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
      await expectOk(call(sandbox, 'PUT', '/v1/apps/settings', { body: { callbackURL: hook.url }, headers: { 'x-app-key': dev.appKey } }));
      const sent = await expectOk(
        call(sandbox, 'POST', '/v1/users/transfers/bank', {
          body: { accountNumber: '1000000002', bankCode: '000014', accountName: 'SANDBOX HELD PENDING', amount: 4000 },
          headers: wallet.headers,
        }),
      );
      const reference = sent.json['data'].transaction.transactionReference as string;

      // A day (the hold) and ten minutes: the settlement, then attempts 1, 2 (a minute on) and 3 (five more).
      const advanced = await expectOk(call(sandbox, 'POST', '/__sandbox/clock/advance', { body: { seconds: 86_400 + 600 } }));
      assert.equal(advanced.json['data'].now, new Date(START + 86_400_000 + 600_000).toISOString());
      assert.deepEqual(advanced.json['data'].changed.transfers, [{ reference, mobile: dev.sandboxMobile, status: 'success' }]);
      const [event] = sandbox.events();
      assert.ok(event);
      assert.deepEqual(advanced.json['data'].changed.events, [{ id: event.id, state: 'delivered' }]);
      const shown = await eventAttempts(sandbox, event.id);
      const settledAt = START + 86_400_000;
      assert.deepEqual(
        shown.attempts.map((a) => [a.status, Date.parse(a.at) - settledAt]),
        [
          [503, 0],
          [500, MINUTE],
          [200, MINUTE + 5 * MINUTE],
        ],
      );
      assert.equal(hook.hits, 3);
    });
  });
});
