import * as assert from 'node:assert/strict';
import { Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { call, connectWallet, ConnectedWallet, errorOf, expectOk, newDeveloper } from './helpers';

const BALANCE = '/v1/users/balance';

describe('sandbox: knobs, faults and the admin API', () => {
  let sandbox: Sandbox;
  let wallet: ConnectedWallet;
  before(async () => {
    sandbox = await startCheckedSandbox({ seed: 5, log: () => undefined });
    const dev = await newDeveloper(sandbox);
    wallet = await connectWallet(sandbox, dev.appKey, '2348000000000');
  });
  after(() => sandbox.close());
  afterEach(() => {
    sandbox.clearFaults();
    sandbox.setLatency(0);
  });

  const balance = () => call(sandbox, 'GET', BALANCE, { headers: wallet.headers });

  it('status: answers with the error envelope, Retry-After, for `times` requests only', async () => {
    sandbox.addFault({ path: BALANCE, status: 429, retryAfterSeconds: 7, times: 2 });
    for (let i = 0; i < 2; i++) {
      const answer = await balance();
      assert.equal(answer.status, 429);
      assert.equal(answer.headers.get('retry-after'), '7');
      assert.deepEqual(answer.json, { success: false, error: 'Injected failure: Too many requests', errorCode: '90000' });
    }
    assert.deepEqual(sandbox.knobs.faults, []);
    await expectOk(balance());
  });

  it('body: sends the raw body with its content type', async () => {
    sandbox.addFault({ path: BALANCE, status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html', times: 1 });
    sandbox.addFault({ path: BALANCE, body: '{"success":tru', times: 1 });
    const html = await balance();
    assert.equal(html.status, 502);
    assert.equal(html.text, '<html>Bad gateway</html>');
    assert.equal(html.headers.get('content-type'), 'text/html');
    const malformed = await balance();
    assert.equal(malformed.status, 200);
    assert.equal(malformed.text, '{"success":tru');
    assert.equal(malformed.headers.get('content-type'), 'application/json');
  });

  it('success2xxFalse: a 200 that says it failed', async () => {
    sandbox.addFault({ path: BALANCE, success2xxFalse: true, times: 1 });
    const answer = await balance();
    assert.equal(answer.status, 200);
    assert.equal(answer.json['success'], false);
    assert.equal(answer.json['error'], 'Injected failure');
  });

  it('drop: destroys the connection without an answer, and records status 0', async () => {
    sandbox.requests.clear();
    sandbox.addFault({ path: BALANCE, drop: true, times: 1 });
    await assert.rejects(fetch(sandbox.url + BALANCE, { headers: wallet.headers }), TypeError);
    await expectOk(balance());
    assert.deepEqual(
      sandbox.requests.list().map((r) => [r.method, r.path, r.status]),
      [
        ['GET', BALANCE, 0],
        ['GET', BALANCE, 200],
      ],
    );
  });

  it('delayMs: waits, then answers normally (or with the fault)', async () => {
    sandbox.addFault({ path: BALANCE, delayMs: 300, times: 1 });
    let started = Date.now();
    await expectOk(balance());
    assert.ok(Date.now() - started >= 290);
    sandbox.addFault({ path: BALANCE, delayMs: 200, status: 504, times: 1 });
    started = Date.now();
    const late = await balance();
    assert.equal(late.status, 504);
    assert.ok(Date.now() - started >= 190);
  });

  it('delayMs: lets a client time out and keeps serving', async () => {
    sandbox.addFault({ path: BALANCE, delayMs: 5000, times: 1 });
    await assert.rejects(fetch(sandbox.url + BALANCE, { headers: wallet.headers, signal: AbortSignal.timeout(100) }));
    await expectOk(balance());
  });

  it('matches by method, exact path and prefix', async () => {
    sandbox.addFault({ method: 'post', path: BALANCE, status: 503 });
    await expectOk(balance());
    const posted = await call(sandbox, 'POST', BALANCE, { body: {}, headers: wallet.headers });
    assert.equal(posted.status, 503);
    sandbox.clearFaults();

    sandbox.addFault({ path: '/v1/transactions*', status: 500 });
    assert.equal((await call(sandbox, 'GET', '/v1/transactions?limit=1', { headers: wallet.headers })).status, 500);
    assert.equal((await call(sandbox, 'GET', '/v1/transactions/abc', { headers: wallet.headers })).status, 500);
    await expectOk(balance());
    assert.equal((await call(sandbox, 'GET', '/v1/transaction', { headers: wallet.headers })).status, 404);
  });

  it('latencyMs: slows API requests, never admin ones', async () => {
    sandbox.setLatency(250);
    const started = Date.now();
    await expectOk(balance());
    assert.ok(Date.now() - started >= 240);
    // Ten minutes of latency: an admin call that waited for it would outlast the test's timeout.
    sandbox.setLatency(600_000);
    await expectOk(call(sandbox, 'GET', '/__sandbox/health'));
    sandbox.setLatency(0);
  });

  it('never faults admin paths', async () => {
    sandbox.addFault({ path: '/*', status: 500 });
    await expectOk(call(sandbox, 'GET', '/__sandbox/knobs'));
    assert.equal((await balance()).status, 500);
  });

  it('takes faults, knobs and resets over HTTP', async () => {
    const bad = await call(sandbox, 'POST', '/__sandbox/faults', { body: { path: 'v1/users/balance', status: 500 } });
    assert.equal(errorOf(bad).errorCode, '10000');
    const typo = await call(sandbox, 'POST', '/__sandbox/faults', { body: { path: BALANCE, statuss: 500 } });
    assert.match(errorOf(typo).error, /^Unknown field "statuss"; the fields are path, method, phase, status/);
    const added = await expectOk(call(sandbox, 'POST', '/__sandbox/faults', { body: { path: BALANCE, status: 503, times: 1 } }));
    const id = added.json['data'].fault.id as string;
    assert.match(id, /^flt_\d+$/);
    // The answer is the fault added, not the world's whole list (100 faults of 2 KB each at most: GET /__sandbox/knobs has it).
    assert.deepEqual(added.json['data'], { fault: { id, path: BALANCE, status: 503, times: 1 } });
    assert.deepEqual((await expectOk(call(sandbox, 'GET', '/__sandbox/knobs'))).json['data'].knobs.faults, [
      { id, path: BALANCE, status: 503, times: 1 },
    ]);
    assert.equal(errorOf(await call(sandbox, 'POST', '/__sandbox/faults', { body: { id: 'mine', path: BALANCE } })).errorCode, '10000');
    assert.equal((await balance()).status, 503);
    const always = await expectOk(call(sandbox, 'POST', '/__sandbox/faults', { body: { path: BALANCE, status: 500 } }));
    const other = await expectOk(call(sandbox, 'POST', '/__sandbox/faults', { body: { path: '/v1/transactions', status: 500 } }));
    const removed = await expectOk(call(sandbox, 'DELETE', `/__sandbox/faults/${always.json['data'].fault.id}`));
    assert.deepEqual(removed.json['data'], { removed: true });
    assert.deepEqual((await expectOk(call(sandbox, 'GET', '/__sandbox/knobs'))).json['data'].knobs.faults.slice(-1), [
      other.json['data'].fault,
    ]);
    assert.equal(
      (await expectOk(call(sandbox, 'DELETE', `/__sandbox/faults/${always.json['data'].fault.id}`))).json['data'].removed,
      false,
    );
    await expectOk(balance());
    assert.deepEqual((await expectOk(call(sandbox, 'DELETE', '/__sandbox/faults'))).json['data'], { cleared: 1 });

    const patched = await expectOk(call(sandbox, 'PATCH', '/__sandbox/knobs', { body: { latencyMs: 5, tokenLifetimeSeconds: 120 } }));
    assert.deepEqual(patched.json['data'].knobs, { tokenLifetimeSeconds: 120, latencyMs: 5, faults: [] });
    assert.equal(sandbox.knobs.tokenLifetimeSeconds, 120);
    assert.equal(errorOf(await call(sandbox, 'PATCH', '/__sandbox/knobs', { body: { latency: 5 } })).errorCode, '10000');
    assert.equal(errorOf(await call(sandbox, 'PATCH', '/__sandbox/knobs', { body: { latencyMs: -1 } })).errorCode, '10000');
    assert.equal(errorOf(await call(sandbox, 'PATCH', '/__sandbox/knobs', { body: { tokenLifetimeSeconds: '60' } })).errorCode, '10000');
    sandbox.setTokenLifetime(86400);
  });

  it('records API requests, not admin ones, and clears them', async () => {
    await expectOk(call(sandbox, 'DELETE', '/__sandbox/requests'));
    assert.equal(sandbox.requests.size, 0);
    const before = Date.now();
    await call(sandbox, 'GET', '/v1/transactions?limit=2&type=bank', { headers: wallet.headers });
    await call(sandbox, 'GET', '/nowhere');
    const listed = await expectOk(call(sandbox, 'GET', '/__sandbox/requests'));
    const requests = listed.json['data'].requests as { method: string; path: string; query: string; status: number; at: number }[];
    assert.deepEqual(
      requests.map((r) => [r.method, r.path, r.query, r.status]),
      [
        ['GET', '/v1/transactions', 'limit=2&type=bank', 200],
        ['GET', '/nowhere', '', 404],
      ],
    );
    // `at` is epoch ms, in the order received, between the two reads of the clock. The second's
    // margin is for the journal's clock (the monotonic one, from the process's start) drifting
    // from Date.now, not for load: a slow machine only widens the window.
    const after = Date.now();
    assert.ok(requests[0]!.at <= requests[1]!.at, 'in the order received');
    assert.ok(
      requests.every((r) => r.at >= before - 1_000 && r.at <= after + 1_000),
      `at ${requests.map((r) => r.at).join(', ')} between ${before} and ${after}`,
    );
  });

  it('reads passcodes and edits wallets over HTTP', async () => {
    const dev = await newDeveloper(sandbox);
    assert.equal((await call(sandbox, 'GET', `/__sandbox/passcode?mobile=${dev.sandboxMobile}`)).status, 404);
    await expectOk(
      call(sandbox, 'POST', '/v1/users/auth', { body: { mobile: dev.sandboxMobile, factor: 'sms' }, headers: { 'x-app-key': dev.appKey } }),
    );
    const passcode = await expectOk(call(sandbox, 'GET', `/__sandbox/passcode?mobile=${dev.sandboxMobile}`));
    assert.equal(passcode.json['data'].passcode, sandbox.lastPasscode(dev.sandboxMobile));
    assert.equal(errorOf(await call(sandbox, 'GET', '/__sandbox/passcode?mobile=2347000000000')).errorCode, '10003');
    assert.equal(errorOf(await call(sandbox, 'GET', '/__sandbox/passcode')).errorCode, '10000');

    await expectOk(call(sandbox, 'POST', '/__sandbox/balance?mobile=2348000000000', { body: { balance: 99 } }));
    assert.equal((await expectOk(balance())).json['data'].user.balance, 99);
    assert.equal(
      errorOf(await call(sandbox, 'POST', '/__sandbox/balance?mobile=2348000000000', { body: { balance: 1.5 } })).errorCode,
      '10000',
    );

    const added = await expectOk(
      call(sandbox, 'POST', '/__sandbox/transactions?mobile=2348000000000', { body: { type: 'vtu', amount: 50000 } }),
    );
    const tx = added.json['data'].transaction;
    const newest = await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=1', { headers: wallet.headers }));
    assert.deepEqual(newest.json['data'].transactions, [tx]);
    assert.equal(tx.recipient.metadata.billType, 'vtu');
    assert.equal(
      errorOf(await call(sandbox, 'POST', '/__sandbox/transactions?mobile=2348000000000', { body: { type: 'card', amount: 1 } })).errorCode,
      '10000',
    );
    assert.equal(
      errorOf(await call(sandbox, 'POST', '/__sandbox/transactions?mobile=2348000000000', { body: { type: 'bank', amount: -5 } }))
        .errorCode,
      '10000',
    );
    assert.equal(
      errorOf(
        await call(sandbox, 'POST', '/__sandbox/transactions?mobile=2348000000000', {
          body: { type: 'bank', amount: 5, createdAt: 'yesterday' },
        }),
      ).errorCode,
      '10000',
    );
    const dup = await call(sandbox, 'POST', '/__sandbox/transactions?mobile=2348000000000', {
      body: { type: 'bank', amount: 5, reference: tx.reference },
    });
    assert.match(errorOf(dup).error, /already exists/);
    assert.equal(errorOf(await call(sandbox, 'GET', '/__sandbox/nothing')).errorCode, '40004');
  });
});
