import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { openSharedSandbox, Sandbox, SharedSandbox } from '../../../src/sandbox';
import * as password from '../../../src/sandbox/domain/records';
import type { ScenarioFile } from '../../../src/sandbox/scenario/scenarioFile';
import { checkAgainstContract, startCheckedSandbox } from '../support/contract';
import { webhookReceiver, WebhookReceiver } from '../support/webhookReceiver';
import { call, connectWallet, ConnectedWallet, errorOf, expectOk } from './helpers';

// Issue 27: Sandbox.reset puts the world back to the scenario it started from, in milliseconds,
// over the Node API, POST /__sandbox/reset and a SandboxClient in another process.

const KEY = 'sk_test_reset_000001';
const ADA = '2348031112222';
const BEN = '2348033334444';
const START = '2026-01-05T09:00:00.000Z';

function scenario(callbackURL: string): ScenarioFile {
  return {
    seed: 11,
    clock: { start: START },
    developers: [{ email: 'reset@example.ng', password: 'reset-password', apps: [{ name: 'shop', sandboxKey: KEY, callbackURL }] }],
    wallets: [
      { mobile: ADA, passcode: '111111', balance: 500_000, transactions: 4 },
      { mobile: BEN, passcode: '222222', balance: 100_000, transactions: 2 },
    ],
    bankAccounts: [{ bankCode: '000014', accountNumber: '0123456789', accountName: 'ACME STORES LTD' }],
    latencyMs: 0,
    faults: [{ method: 'GET', path: '/v1/queries/banks', status: 503, times: 1 }],
  };
}

async function history(sandbox: Sandbox | string, wallet: ConnectedWallet): Promise<unknown[]> {
  return (await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=100', { headers: wallet.headers }))).json['data'].transactions;
}

/** Moves money both ways a test app does: a phone transfer and a bank transfer that settles an hour later. */
async function moveMoney(sandbox: Sandbox | string, ada: ConnectedWallet): Promise<void> {
  await expectOk(call(sandbox, 'POST', '/v1/users/transfers/phone', { headers: ada.headers, body: { mobile: BEN, amount: 25_000 } }));
  await expectOk(
    call(sandbox, 'POST', '/v1/users/transfers/bank', {
      headers: ada.headers,
      body: { amount: 10_000, bankCode: '000014', accountNumber: '0123456789', accountName: 'ACME STORES LTD' },
    }),
  );
}

describe('sandbox: reset to the scenario', function () {
  this.timeout(30_000);
  let hook: WebhookReceiver;
  let callbackURL: string;

  before(async () => {
    hook = await webhookReceiver();
    callbackURL = hook.url;
  });
  after(() => hook.close());

  it('money moved, then reset: balances, transactions, transfers, events, journal, faults and clock are the scenario’s again', async () => {
    const sandbox = await startCheckedSandbox({ scenario: scenario(callbackURL), log: () => undefined });
    try {
      const ada = await connectWallet(sandbox, KEY, ADA);
      const ben = await connectWallet(sandbox, KEY, BEN);
      const before = { ada: await history(sandbox, ada), ben: await history(sandbox, ben) };
      assert.equal(before.ada.length, 4);

      // The scenario's fault is used up, money moves, the clock runs, a webhook goes out.
      assert.equal((await call(sandbox, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': KEY } })).status, 503);
      await moveMoney(sandbox, ada);
      await sandbox.advanceClock(3600);
      sandbox.setLatency(5);
      assert.deepEqual([sandbox.balance(ADA), sandbox.balance(BEN)], [465_000, 125_000]);
      assert.ok(sandbox.events().length >= 2, 'the phone and the bank transfer sent webhooks');
      assert.ok(sandbox.requests.size > 0);
      assert.equal(sandbox.knobs.faults.length, 0);

      const answer = await expectOk(call(sandbox, 'POST', '/__sandbox/reset'));
      assert.equal(answer.json['data'].reset, true);
      assert.equal(answer.json['data'].clock.now.slice(0, 16), START.slice(0, 16), 'the clock is back at the scenario’s start');

      assert.deepEqual([sandbox.balance(ADA), sandbox.balance(BEN)], [500_000, 100_000]);
      assert.deepEqual(sandbox.events(), []);
      assert.equal(sandbox.requests.size, 0, 'the journal is empty');
      assert.deepEqual(
        sandbox.knobs.faults.map(({ path, status, times }) => ({ path, status, times })),
        [{ path: '/v1/queries/banks', status: 503, times: 1 }],
      );
      assert.equal(sandbox.knobs.latencyMs, 0);
      assert.ok(Math.abs(sandbox.now() - Date.parse(START)) < 5_000);

      // Tokens of before the reset open nothing; the scenario's passcodes still sign in, to the histories of the start.
      const stale = await call(sandbox, 'GET', '/v1/transactions', { headers: ada.headers });
      assert.equal(stale.status, 401);
      assert.equal(errorOf(stale).errorCode, '10002');
      const again = { ada: await connectWallet(sandbox, KEY, ADA), ben: await connectWallet(sandbox, KEY, BEN) };
      assert.deepEqual(await history(sandbox, again.ada), before.ada);
      assert.deepEqual(await history(sandbox, again.ben), before.ben);
      assert.equal((await call(sandbox, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': KEY } })).status, 503, 'the fault is back');

      // The pending bank transfer of before does not settle into the new world.
      await sandbox.advanceClock(24 * 3600);
      assert.deepEqual([sandbox.balance(ADA), sandbox.balance(BEN)], [500_000, 100_000]);
    } finally {
      await sandbox.close();
    }
  });

  it('copies the world kept at start: a 20-wallet scenario resets without hashing a password again (the bench times it)', async () => {
    const wallets = Array.from({ length: 20 }, (_, i) => ({
      mobile: `0803${String(1_000_000 + i).slice(1)}0`,
      balance: 10_000 * i,
      transactions: 20,
    }));
    // scrypt is what made a rebuilt world slow (~50 ms): count its calls instead of timing the reset
    // (npm run bench holds the median to 5 ms). The compiled callers read the export at each call.
    const passwords = password as unknown as { hashPassword: typeof password.hashPassword };
    const real = passwords.hashPassword;
    let hashed = 0;
    passwords.hashPassword = (text) => (hashed++, real(text));
    let sandbox: Sandbox | undefined;
    try {
      sandbox = await startCheckedSandbox({
        scenario: {
          seed: 3,
          wallets,
          developers: [{ email: 'd@example.ng', password: 'password-20', apps: [{ name: 'a', sandboxKey: KEY }] }],
        },
        log: () => undefined,
      });
      assert.equal(hashed, 1, "the start hashed the developer's password (the count sees it)");
      for (let i = 0; i < 15; i++) {
        sandbox.setBalance('2348030000000', i);
        await sandbox.reset();
      }
      assert.equal(hashed, 1, 'no reset hashed it again');
      assert.equal(sandbox.balance('2348030000000'), 0);
    } finally {
      passwords.hashPassword = real;
      await sandbox?.close();
    }
  });

  it('a sandbox started without a scenario goes back to a fresh world of its seed', async () => {
    const sandbox = await startCheckedSandbox({ seed: 5, log: () => undefined });
    try {
      const demo = '2348000000000';
      const start = sandbox.balance(demo);
      const fresh = sandbox.addTransaction(demo, { type: 'phone', amount: 100 });
      sandbox.setBalance(demo, 1);
      await sandbox.reset();
      assert.equal(sandbox.balance(demo), start);
      // The same seed and generator state: the next record made is the one made before the reset.
      assert.deepEqual(sandbox.addTransaction(demo, { type: 'phone', amount: 100 }).recipient, fresh.recipient);
    } finally {
      await sandbox.close();
    }
  });

  it('over a SandboxClient in another process (remote): reset, its reads follow, and the state file holds the reset world', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-reset-'));
    const dataFile = path.join(dir, 'state.json');
    const opened: SharedSandbox[] = [];
    try {
      const options = { dataFile, port: 0, log: () => undefined, onExchange: checkAgainstContract, scenario: scenario(callbackURL) };
      opened.push(await openSharedSandbox({ ...options, role: 'window' }));
      opened.push(await openSharedSandbox({ ...options, role: 'mcp' }));
      const [owner, other] = opened as [SharedSandbox, SharedSandbox];
      assert.equal(other.client.server.here, false, 'the second one is a remote client');
      const url = other.client.url;

      const ada = await connectWallet(url, KEY, ADA);
      await moveMoney(url, ada);
      await other.client.clock.advance(3600);
      await other.client.setLatency(3);
      assert.equal(owner.inProcess?.balance(ADA), 465_000);

      await other.client.reset();
      assert.equal(owner.inProcess?.balance(ADA), 500_000);
      assert.equal(owner.inProcess?.balance(BEN), 100_000);
      assert.deepEqual(await other.client.webhooks.list(), [], 'the remote client reads the events as the owner has them now');
      assert.deepEqual(await other.client.requests.newest(10), []);
      const knobs = await other.client.knobs();
      assert.equal(knobs.latencyMs, 0);
      assert.equal(knobs.faults.length, 1);
      assert.ok(Math.abs((await other.client.clock.now()).getTime() - Date.parse(START)) < 5_000);

      const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as { wallets: { mobile: string; balance: number }[]; events: unknown[] };
      assert.deepEqual(
        saved.wallets.filter((w) => w.mobile === ADA || w.mobile === BEN).map((w) => w.balance),
        [500_000, 100_000],
      );
      assert.deepEqual(saved.events, []);
    } finally {
      for (const shared of opened.reverse()) await shared.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
