import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { Sandbox } from '../../../src/sandbox';
import { startSandbox, WalletNamespace } from '../../../src/sandbox/package';
import type { ScenarioFile } from '../../../src/sandbox/scenario/scenarioFile';
import { startCheckedSandbox } from '../support/contract';
import { webhookReceiver, WebhookReceiver } from '../support/webhookReceiver';
import { call, connectWallet, errorOf, expectOk, UNTIL_IT_COMES } from './helpers';

// Issue 27: one sandbox serves many isolated namespaces (a map from app key to world), so parallel
// test workers share one process and never see each other; and many sandboxes run in one process,
// each closing to nothing.

const KEY = 'sk_test_namespaces_01';
const ADA = '2348031112222';
const BEN = '2348033334444';

function scenario(callbackURL: string): ScenarioFile {
  return {
    seed: 13,
    developers: [{ email: 'ns@example.ng', password: 'namespace-password', apps: [{ name: 'shop', sandboxKey: KEY, callbackURL }] }],
    wallets: [
      { mobile: ADA, passcode: '111111', balance: 500_000, transactions: 3 },
      { mobile: BEN, passcode: '222222', balance: 100_000 },
    ],
    bankAccounts: [{ bankCode: '000014', accountNumber: '0123456789', accountName: 'ACME STORES LTD' }],
  };
}

interface Created {
  id: string;
  appKey: string;
  apps: { sandboxKey: string }[];
  wallets: { mobile: string; balance: number; passcode?: string }[];
}

describe('sandbox: namespaces and many sandboxes in one process', function () {
  this.timeout(60_000);
  let hook: WebhookReceiver;
  let callbackURL: string;
  /** The namespace header of the delivery the receiver got of this event. */
  const namespaceOfEvent = (id: string): unknown =>
    hook.deliveries.filter((delivery) => delivery.headers['x-sandbox-event-id'] === id).at(-1)?.headers['x-sandbox-namespace'];

  before(async () => {
    hook = await webhookReceiver();
    callbackURL = hook.url;
  });
  after(() => hook.close());

  describe('20 namespaces used in parallel', () => {
    let sandbox: Sandbox;
    before(async () => {
      sandbox = await startCheckedSandbox({ scenario: scenario(callbackURL), log: () => undefined });
    });
    after(() => sandbox.close());

    it('money moves in each, and nothing crosses: balances, transactions, journals, webhook events, tokens, clocks', async () => {
      const created = await Promise.all(
        Array.from(
          { length: 20 },
          async () => (await expectOk(call(sandbox, 'POST', '/__sandbox/namespaces'))).json['data'].namespace as Created,
        ),
      );
      assert.equal(new Set(created.map((ns) => ns.id)).size, 20);
      assert.equal(new Set(created.map((ns) => ns.appKey)).size, 20, 'every namespace has keys of its own');
      for (const ns of created) {
        assert.match(ns.appKey, /^sk_test_/, 'a sandbox key');
        assert.notEqual(ns.appKey, KEY);
        assert.deepEqual(
          ns.wallets
            .filter((w) => w.mobile === ADA || w.mobile === BEN)
            .map(({ mobile, balance, passcode }) => [mobile, balance, passcode]),
          [
            [ADA, 500_000, '111111'],
            [BEN, 100_000, '222222'],
          ],
        );
      }

      // Each worker: sign in, a phone transfer and a bank transfer of amounts of its own, all at once.
      const results = await Promise.all(
        created.map(async (ns, i) => {
          const ada = await connectWallet(sandbox, ns.appKey, ADA);
          const phone = 1_000 * (i + 1);
          const bank = 100 * (i + 1);
          const sent = await expectOk(
            call(sandbox, 'POST', '/v1/users/transfers/phone', { headers: ada.headers, body: { mobile: BEN, amount: phone } }),
          );
          const wired = await expectOk(
            call(sandbox, 'POST', '/v1/users/transfers/bank', {
              headers: ada.headers,
              body: { amount: bank, bankCode: '000014', accountNumber: '0123456789', accountName: 'ACME STORES LTD' },
            }),
          );
          const references = [sent.json['data'].transaction.reference, wired.json['data'].transaction.transactionReference] as string[];
          return { ns, ada, phone, bank, references };
        }),
      );

      for (const { ns, ada, phone, bank, references } of results) {
        const balance = await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: ada.headers }));
        assert.equal(balance.json['data'].user.balance, 500_000 - phone - bank, `${ns.id}: only its own transfers left Ada's wallet`);
        const ben = await connectWallet(sandbox, ns.appKey, BEN);
        const benBalance = await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: ben.headers }));
        assert.equal(benBalance.json['data'].user.balance, 100_000 + phone, `${ns.id}: Ben got this namespace's transfer only`);
        const list = await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=100', { headers: ada.headers }));
        const own = (list.json['data'].transactions as { reference: string }[]).map((tx) => tx.reference);
        assert.equal(own.length, 3 + 2, `${ns.id}: the scenario's 3 records and its own 2`);
        for (const reference of references) assert.ok(own.includes(reference));

        // Its journal: what was sent with its key, each entry marked with it; read with its key only (issue 35: not by id).
        const byId = await call(sandbox, 'GET', `/__sandbox/requests?namespace=${ns.id}`);
        assert.deepEqual([byId.status, errorOf(byId).errorCode], [400, '90007']);
        const byKey = await expectOk(call(sandbox, 'GET', '/__sandbox/requests', { headers: { 'x-app-key': ns.appKey } }));
        const entries = byKey.json['data'].requests as { namespace?: string; path: string; requestHeaders: string[] }[];
        assert.ok(entries.length >= 9, `${ns.id}: sign-ins, transfers and reads are in its journal`);
        for (const entry of entries) {
          assert.equal(entry.namespace, ns.id);
          const key = entry.requestHeaders[entry.requestHeaders.findIndex((h) => h.toLowerCase() === 'x-app-key') + 1];
          assert.equal(key, ns.appKey, 'only requests sent with its key');
        }
        assert.equal(entries.filter((e) => e.path === '/v1/users/transfers/phone').length, 1);

        // Its webhook events are those of its own transfers.
        const events = await expectOk(call(sandbox, 'GET', '/__sandbox/events', { headers: { 'x-app-key': ns.appKey } }));
        const eventReferences = (events.json['data'].events as { payload: { payload: { data: Record<string, unknown> } } }[]).map(
          (event) => event.payload.payload.data['transactionReference'] ?? event.payload.payload.data['reference'],
        );
        assert.ok(eventReferences.length >= 1);
        for (const reference of eventReferences)
          assert.ok(references.includes(reference as string), `${ns.id}: event of ${String(reference)}`);
      }

      // The sandbox's own world saw none of it.
      assert.deepEqual([sandbox.balance(ADA), sandbox.balance(BEN)], [500_000, 100_000]);
      assert.equal(sandbox.requests.size, 0, 'the sandbox’s own journal has no namespace’s request');
      assert.deepEqual(sandbox.events(), []);

      // A wallet token of one namespace opens neither another namespace nor the sandbox's world.
      const [first, second] = results as [(typeof results)[0], (typeof results)[0]];
      const elsewhere = await call(sandbox, 'GET', '/v1/users/balance', {
        headers: { ...first.ada.headers, 'x-app-key': second.ns.appKey },
      });
      assert.equal(elsewhere.status, 401);
      assert.equal(errorOf(elsewhere).errorCode, '10002');
      assert.equal((await call(sandbox, 'GET', '/v1/users/balance', { headers: { ...first.ada.headers, 'x-app-key': KEY } })).status, 401);

      // Clocks are each its own.
      const clockOf = async (ns: Created) =>
        (await expectOk(call(sandbox, 'GET', '/__sandbox/clock', { headers: { 'x-app-key': ns.appKey } }))).json['data'].offsetMs as number;
      const before = await clockOf(second.ns);
      await expectOk(
        call(sandbox, 'POST', '/__sandbox/clock/advance', { headers: { 'x-app-key': first.ns.appKey }, body: { seconds: 7200 } }),
      );
      assert.ok((await clockOf(first.ns)) >= before + 7_200_000);
      assert.equal(await clockOf(second.ns), before);

      // Listed without keys; deleted, its key opens nothing.
      const listed = await expectOk(call(sandbox, 'GET', '/__sandbox/namespaces'));
      assert.equal(listed.json['data'].namespaces.length, 20);
      for (const ns of created) assert.ok(!listed.text.includes(ns.appKey), 'no key in the list');
      await expectOk(call(sandbox, 'DELETE', `/__sandbox/namespaces/${first.ns.id}`));
      const gone = await call(sandbox, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': first.ns.appKey } });
      assert.equal(gone.status, 401);
      assert.equal((await call(sandbox, 'DELETE', `/__sandbox/namespaces/${first.ns.id}`)).status, 404);
      // Its key on an admin call is now a key of nothing: the API's 401, never the root world.
      const stale = await call(sandbox, 'GET', '/__sandbox/requests', { headers: { 'x-app-key': first.ns.appKey } });
      assert.deepEqual([stale.status, errorOf(stale).errorCode], [401, '10001']);
      assert.equal(sandbox.namespaces.size, 19);
    });

    it('a namespace keeps its faults and latency to itself, and its reset (with its key) is its own', async () => {
      const a = sandbox.namespaces.create();
      const b = sandbox.namespaces.create();
      await expectOk(
        call(sandbox, 'POST', '/__sandbox/faults', {
          headers: { 'x-app-key': a.appKey },
          body: { path: '/v1/queries/banks', status: 503 },
        }),
      );
      assert.equal((await call(sandbox, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': a.appKey } })).status, 503);
      await expectOk(call(sandbox, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': b.appKey } }));
      await expectOk(call(sandbox, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': KEY } }));
      assert.equal(sandbox.knobs.faults.length, 0);
      // Issue 35: a namespace resets to its start (it was refused before); its faults go, the others' stay.
      await expectOk(
        call(sandbox, 'POST', '/__sandbox/faults', { headers: { 'x-app-key': b.appKey }, body: { path: '/v1/x', status: 503 } }),
      );
      await expectOk(call(sandbox, 'POST', '/__sandbox/reset', { headers: { 'x-app-key': a.appKey } }));
      await expectOk(call(sandbox, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': a.appKey } }));
      assert.deepEqual([a.knobs.faults.length, b.knobs.faults.length, sandbox.knobs.faults.length], [0, 1, 0]);
    });
  });

  it('the package: sandbox.namespaces.create() answers a namespace with its own balance, journal, webhooks and clock', async () => {
    const sandbox = await startSandbox({ scenario: scenario(callbackURL), log: () => undefined });
    try {
      const [one, two] = await Promise.all([sandbox.namespaces.create(), sandbox.namespaces.create()]);
      assert.ok(one instanceof WalletNamespace);
      assert.equal(one.url, sandbox.url);
      const ada = await connectWallet(sandbox.url, one.appKey, ADA);
      const sent = await expectOk(
        call(sandbox.url, 'POST', '/v1/users/transfers/phone', { headers: ada.headers, body: { mobile: BEN, amount: 4_200 } }),
      );
      const reference = sent.json['data'].transaction.reference as string;
      assert.deepEqual([await one.balance(ADA), await one.balance(BEN)], [495_800, 104_200]);
      assert.deepEqual([await two.balance(ADA), await sandbox.balance(ADA)], [500_000, 500_000]);
      const seen = await one.requests.waitFor({ path: '/v1/users/transfers/phone' }, UNTIL_IT_COMES);
      assert.equal(seen.namespace, one.id);
      assert.equal((await two.requests.list()).length, 0);
      assert.equal((await sandbox.requests.list()).length, 0);
      const event = await one.webhooks.waitFor({ type: 'PHONE_TRANSFER', reference, delivered: true }, UNTIL_IT_COMES);
      assert.equal(event.state, 'delivered');
      assert.equal(namespaceOfEvent(event.id), one.id, 'the delivery names its namespace');
      assert.deepEqual(await two.webhooks.list(), []);
      const before = (await two.clock.now()).getTime();
      await one.clock.advance(3600);
      assert.ok((await one.clock.now()).getTime() - (await two.clock.now()).getTime() > 3_500_000);
      assert.ok((await two.clock.now()).getTime() - before < 60_000);
      assert.deepEqual(
        (await sandbox.namespaces.list()).map((ns) => ns.id),
        [one.id, two.id],
      );
      assert.equal(await one.delete(), true);
      assert.equal(await sandbox.namespaces.get(one.id), undefined);
      assert.equal((await call(sandbox.url, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': one.appKey } })).status, 401);
    } finally {
      await sandbox.close();
    }
  });

  it('20 startSandbox instances in one process: each its own world on its own port', async () => {
    const sandboxes = await Promise.all(
      Array.from({ length: 20 }, () => startSandbox({ scenario: scenario(callbackURL), log: () => undefined })),
    );
    try {
      assert.equal(new Set(sandboxes.map((s) => s.port)).size, 20);
      await Promise.all(
        sandboxes.map(async (sandbox, i) => {
          const ada = await connectWallet(sandbox.url, KEY, ADA);
          await expectOk(
            call(sandbox.url, 'POST', '/v1/users/transfers/phone', { headers: ada.headers, body: { mobile: BEN, amount: 500 * (i + 1) } }),
          );
        }),
      );
      for (const [i, sandbox] of sandboxes.entries()) {
        assert.deepEqual([await sandbox.balance(ADA), await sandbox.balance(BEN)], [500_000 - 500 * (i + 1), 100_000 + 500 * (i + 1)]);
        assert.equal((await sandbox.requests.list({ path: '/v1/users/transfers/phone' })).length, 1);
      }
    } finally {
      await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
    }
  });

  it('close() leaves the process free to exit: a child that starts 20 (with namespaces, pending transfers and webhook retries) and closes them exits by itself', async () => {
    const packageEntry = path.resolve(__dirname, '../../../src/sandbox/package/index.js');
    const child = `
      const { startSandbox } = require(${JSON.stringify(packageEntry)});
      const scenario = ${JSON.stringify(scenario('http://127.0.0.1:9/refused'))};
      (async () => {
        const sandboxes = await Promise.all(Array.from({ length: 20 }, () => startSandbox({ scenario, log: () => {} })));
        for (const sandbox of sandboxes) {
          const ns = await sandbox.namespaces.create();
          for (const key of [${JSON.stringify(KEY)}, ns.appKey]) {
            const headers = { 'x-app-key': key, 'content-type': 'application/json' };
            const post = (path, body, extra = {}) => fetch(sandbox.url + path, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) }).then((r) => r.json());
            await post('/v1/users/auth', { mobile: '${ADA}', factor: 'sms' });
            const { data } = await post('/v1/users/auth', { mobile: '${ADA}', factor: 'sms', passcode: '111111' });
            const wallet = { 'x-app-wallet-access-token': data.accessToken };
            const sent = await post('/v1/users/transfers/bank', { amount: 100, bankCode: '000014', accountNumber: '0123456789', accountName: 'ACME STORES LTD' }, wallet);
            if (!sent.success) throw new Error(JSON.stringify(sent));
            await post('/v1/users/transfers/phone', { mobile: '${BEN}', amount: 100 }, wallet);
          }
        }
        await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
        // What still keeps the process alive: timers and servers would be the sandboxes' (fetch's sockets
        // close by themselves). A closed server's handle is listed until its close callback has run: a
        // few turns of the loop (counted, not timed), while a leaked timer or server stays.
        const keeping = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout' || kind === 'TCPServerWrap');
        for (let turn = 0; turn < 10 && keeping().length > 0; turn++) await new Promise((resolve) => setImmediate(resolve));
        const kept = keeping();
        console.log(JSON.stringify({ closed: true, kept }));
      })().catch((error) => { console.error(error); process.exitCode = 1; });
    `;
    const proc = spawn(process.execPath, ['-e', child], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const exited = once(proc, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      const [line] = (await Promise.race([once(createInterface({ input: proc.stdout }), 'line'), exited.then(() => [''])])) as [string];
      assert.deepEqual(
        JSON.parse(line || '{}'),
        { closed: true, kept: [] },
        'closed, and nothing of the sandboxes keeps the process alive',
      );
      // Nothing kept it: it exits by itself (were something left, the test's timeout would end first).
      assert.deepEqual(await exited, [0, null], 'it exited by itself');
    } finally {
      proc.kill('SIGKILL');
    }
  });
});
