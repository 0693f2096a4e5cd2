import * as assert from 'node:assert/strict';
import { Sandbox, startSandbox } from '../../../src/sandbox';
import type { ScenarioFile } from '../../../src/sandbox/scenario/scenarioFile';
import { call, connectWallet, errorOf, expectOk } from './helpers';

// Issue 35: a namespace is a boundary. Its id is random and reaches nothing; only its key does.
// A key that names no app and no namespace is the API's 401 on admin calls too (a typo must not
// act on the root world). A reissued key keeps the namespace reachable; a reset keeps its keys.

const KEY = 'sk_test_boundary_0001';
const ADA = '2348031112222';
const BEN = '2348033334444';

const SCENARIO: ScenarioFile = {
  seed: 35,
  developers: [{ email: 'b@example.ng', password: 'boundary-password', apps: [{ name: 'shop', sandboxKey: KEY }] }],
  wallets: [
    { mobile: ADA, passcode: '111111', balance: 500_000 },
    { mobile: BEN, passcode: '222222', balance: 100_000 },
  ],
};

interface Created {
  id: string;
  appKey: string;
  apps: { id: string; sandboxKey: string }[];
}

describe('sandbox: namespaces as a boundary', function () {
  this.timeout(30_000);
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ scenario: SCENARIO, log: () => undefined });
  });
  afterEach(() => sandbox.close());

  const create = async (): Promise<Created> => (await expectOk(call(sandbox, 'POST', '/__sandbox/namespaces'))).json['data'].namespace;
  const send = async (key: string, amount: number): Promise<void> => {
    const ada = await connectWallet(sandbox, key, ADA);
    await expectOk(call(sandbox, 'POST', '/v1/users/transfers/phone', { headers: ada.headers, body: { mobile: BEN, amount } }));
  };
  const journalOf = async (key: string): Promise<{ namespace?: string; path: string }[]> =>
    (await expectOk(call(sandbox, 'GET', '/__sandbox/requests', { headers: { 'x-app-key': key } }))).json['data'].requests;

  it('ids are random and unguessable: ns_ and 24 hex digits, none like another', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, async () => (await create()).id));
    for (const id of ids) assert.match(id, /^ns_[0-9a-f]{24}$/);
    assert.equal(new Set(ids).size, 5);
  });

  it('?namespace= alone is refused, whatever it names, and says to send the key', async () => {
    const ns = await create();
    await send(ns.appKey, 1_000);
    for (const query of [`namespace=${ns.id}`, 'namespace=ns_1', 'namespace=', `path=/v1/users/auth&namespace=${ns.id}`]) {
      const answer = await call(sandbox, 'GET', `/__sandbox/requests?${query}`);
      assert.equal(answer.status, 400, query);
      assert.equal(errorOf(answer).errorCode, '90007');
      assert.match(errorOf(answer).error, /send the namespace's key as X-App-Key/);
      assert.ok(!answer.text.includes(ns.appKey) && !answer.text.includes('/v1/users'), 'nothing of the namespace in the answer');
    }
    // Not even with a key of the root world: the id is never the way in.
    const withRootKey = await call(sandbox, 'POST', `/__sandbox/clock/advance?namespace=${ns.id}`, {
      headers: { 'x-app-key': KEY },
      body: { seconds: 60 },
    });
    assert.equal(withRootKey.status, 400);
    const clock = await expectOk(call(sandbox, 'GET', '/__sandbox/clock'));
    assert.equal(clock.json['data'].offsetMs, 0, 'the root clock did not move');
  });

  it('a key of no app and no namespace is the API’s 401 on admin calls, and acts on no world', async () => {
    const ns = await create();
    const typo = `${ns.appKey.slice(0, -1)}x`;
    const api = await call(sandbox, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': typo } });
    assert.equal(api.status, 401);
    for (const [method, path] of [
      ['GET', '/__sandbox/requests'],
      ['POST', '/__sandbox/reset'],
      ['DELETE', '/__sandbox/requests'],
      ['POST', '/__sandbox/balance?mobile=2348031112222'],
    ] as const) {
      const admin = await call(sandbox, method, path, {
        headers: { 'x-app-key': typo },
        ...(method === 'GET' ? {} : { body: { balance: 1 } }),
      });
      assert.equal(admin.status, 401, `${method} ${path}`);
      assert.deepEqual(errorOf(admin), errorOf(api), 'the same code and message as the API');
    }
    assert.equal(sandbox.balance(ADA), 500_000, 'the root world is untouched');
    // Missing: the root world, as on loopback it always was; a root app's key: the root world too.
    await expectOk(call(sandbox, 'GET', '/__sandbox/health'));
    await expectOk(call(sandbox, 'GET', '/__sandbox/requests', { headers: { 'x-app-key': KEY } }));
  });

  it('a namespace’s key reaches that namespace only; another’s key reaches the other', async () => {
    const [one, two] = [await create(), await create()];
    await send(one.appKey, 1_000);
    await send(two.appKey, 2_000);
    const first = await journalOf(one.appKey);
    const second = await journalOf(two.appKey);
    assert.ok(first.length > 0 && second.length > 0);
    assert.ok(first.every((entry) => entry.namespace === one.id));
    assert.ok(second.every((entry) => entry.namespace === two.id));
    assert.deepEqual(await journalOf(KEY), [], 'the root journal has neither');
    await expectOk(
      call(sandbox, 'POST', `/__sandbox/balance?mobile=${ADA}`, { headers: { 'x-app-key': two.appKey }, body: { balance: 7 } }),
    );
    const [a, b] = [sandbox.namespaces.get(one.id)!, sandbox.namespaces.get(two.id)!];
    assert.deepEqual([a.balance(ADA), b.balance(ADA), sandbox.balance(ADA)], [499_000, 7, 500_000]);
  });

  it('a key reissued inside a namespace keeps it reachable: the new key works there, the old one nowhere', async () => {
    const ns = await create();
    const appId = ns.apps[0]!.id;
    const reissued = await expectOk(call(sandbox, 'POST', `/__sandbox/apps/${appId}/keys`, { headers: { 'x-app-key': ns.appKey } }));
    const fresh = reissued.json['data'].app.sandboxKey as string;
    assert.notEqual(fresh, ns.appKey);
    await send(fresh, 3_000);
    assert.equal(sandbox.namespaces.get(ns.id)!.balance(ADA), 497_000, 'the money moved in the namespace');
    assert.equal(sandbox.balance(ADA), 500_000, 'not in the root world');
    assert.ok((await journalOf(fresh)).every((entry) => entry.namespace === ns.id));
    const old = await call(sandbox, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': ns.appKey } });
    assert.deepEqual([old.status, errorOf(old).errorCode], [401, '10001']);
    assert.equal((await call(sandbox, 'GET', '/__sandbox/requests', { headers: { 'x-app-key': ns.appKey } })).status, 401);
  });

  it('a namespace resets to its start, by its key, by id or in code, keeping the keys it has now', async () => {
    const ns = await create();
    const appId = ns.apps[0]!.id;
    await send(ns.appKey, 4_000);
    const reissued = await expectOk(call(sandbox, 'POST', `/__sandbox/apps/${appId}/keys`, { headers: { 'x-app-key': ns.appKey } }));
    const key = reissued.json['data'].app.sandboxKey as string;
    const world = sandbox.namespaces.get(ns.id)!;
    const offsetOf = async (): Promise<number> =>
      (await expectOk(call(sandbox, 'GET', '/__sandbox/clock', { headers: { 'x-app-key': key } }))).json['data'].offsetMs;
    assert.equal(await offsetOf(), 0, 'the scenario sets no clock: the namespace starts at the real now');
    await expectOk(call(sandbox, 'POST', '/__sandbox/clock/advance', { headers: { 'x-app-key': key }, body: { seconds: 86_400 } }));
    assert.equal(await offsetOf(), 86_400_000);

    await expectOk(call(sandbox, 'POST', '/__sandbox/reset', { headers: { 'x-app-key': key } }));
    assert.deepEqual([world.balance(ADA), world.balance(BEN)], [500_000, 100_000]);
    assert.equal(world.requests.size, 0, 'its journal is emptied');
    assert.equal(await offsetOf(), 0, 'its clock is back');
    await send(key, 1_000);
    assert.equal(world.balance(ADA), 499_000, 'the key it had still reaches it');

    await expectOk(call(sandbox, 'POST', `/__sandbox/namespaces/${ns.id}/reset`));
    assert.equal(world.balance(ADA), 500_000);
    await send(key, 500);
    assert.equal(await sandbox.namespaces.reset(ns.id), true);
    assert.equal(world.balance(ADA), 500_000);
    assert.equal(sandbox.balance(ADA), 500_000, 'the root world was never touched');
    assert.equal((await call(sandbox, 'POST', '/__sandbox/namespaces/ns_000000000000000000000000/reset')).status, 404);
    assert.equal(await sandbox.namespaces.reset('ns_nothing'), false);
  });

  it('a namespace of a world without apps (the demo world) resets with the app made for it, its key still working', async () => {
    const demo = await startSandbox({ log: () => undefined });
    try {
      const ns = demo.namespaces.create();
      const wallet = await connectWallet(demo, ns.appKey, '2348000000000');
      const before = ns.balance('2348000000000');
      await expectOk(
        call(demo, 'POST', '/v1/users/transfers/phone', { headers: wallet.headers, body: { mobile: '2349090000000', amount: 700 } }),
      );
      assert.equal(await demo.namespaces.reset(ns.id), true);
      assert.equal(ns.balance('2348000000000'), before);
      await connectWallet(demo, ns.appKey, '2348000000000');
    } finally {
      await demo.close();
    }
  });
});
