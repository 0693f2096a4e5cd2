import * as assert from 'node:assert/strict';
import { Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { webhookReceiver, WebhookReceiver } from '../support/webhookReceiver';
import { call, errorOf, expectOk, newDeveloper } from './helpers';

// Issue 27: a test in any language waits over the admin API as a Node test does with
// requests.waitFor and webhooks.waitFor: GET /__sandbox/requests and /__sandbox/events take
// waitMs (and the events the webhooks' filter), answer once something matches, and 408 (90005)
// when nothing came in time.

describe('sandbox admin API: waiting for requests and webhook events (waitMs)', function () {
  this.timeout(20_000);
  let sandbox: Sandbox;
  let hook: WebhookReceiver | undefined;

  afterEach(async () => {
    await sandbox?.close();
    await hook?.close();
    hook = undefined;
  });

  it('answers a request wait once a matching request comes, and 408 naming the filter when none does', async () => {
    sandbox = await startCheckedSandbox({ log: () => undefined });
    const waiting = call(sandbox, 'GET', '/__sandbox/requests?path=/v1/queries/banks&waitMs=5000');
    let answered = false;
    void waiting.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.equal(answered, false, 'the wait holds the answer while nothing matches');
    await call(sandbox, 'GET', '/v1/queries/banks');
    const found = await expectOk(waiting);
    assert.deepEqual(
      found.json['data'].requests.map((entry: { path: string }) => entry.path),
      ['/v1/queries/banks'],
    );

    const started = Date.now();
    const none = await call(sandbox, 'GET', '/__sandbox/requests?method=DELETE&waitMs=100');
    assert.equal(none.status, 408);
    assert.equal(errorOf(none).errorCode, '90005');
    assert.match(errorOf(none).error, /DELETE.*100 ms/);
    assert.ok(Date.now() - started >= 90, 'it waited the time asked');
    assert.equal((await call(sandbox, 'GET', '/__sandbox/requests?waitMs=30001')).status, 400, 'a wait past 30 s is refused');
  });

  it('filters webhook events and waits for one by type and reference', async () => {
    hook = await webhookReceiver();
    const hookUrl = hook.url;
    sandbox = await startCheckedSandbox({ log: () => undefined });
    const dev = await newDeveloper(sandbox);
    await expectOk(call(sandbox, 'PUT', '/v1/apps/settings', { body: { callbackURL: hookUrl }, headers: { 'x-app-key': dev.appKey } }));

    const waiting = call(sandbox, 'GET', '/__sandbox/events?type=PHONE_TRANSFER&delivered=true&waitMs=5000');
    await expectOk(call(sandbox, 'POST', '/__sandbox/events/test', { body: { type: 'BANK_TRANSFER' } }));
    const phone = await expectOk(call(sandbox, 'POST', '/__sandbox/events/test', { body: { type: 'PHONE_TRANSFER' } }));
    const found = await expectOk(waiting);
    const events = found.json['data'].events as { id: string; type: string; state: string }[];
    assert.deepEqual(
      events.map((event) => [event.id, event.type, event.state]),
      [[phone.json['data'].event.id, 'PHONE_TRANSFER', 'delivered']],
    );

    const reference = phone.json['data'].event.payload.payload.data.transactionReference as string;
    const byReference = await expectOk(call(sandbox, 'GET', `/__sandbox/events?reference=${encodeURIComponent(reference)}`));
    assert.equal(byReference.json['data'].events.length, 1);
    assert.equal((await expectOk(call(sandbox, 'GET', '/__sandbox/events'))).json['data'].events.length, 2, 'no filter: every event');
    assert.equal((await call(sandbox, 'GET', '/__sandbox/events?state=lost')).status, 400);
  });

  it('ends a wait when the sandbox closes, so close() leaves no timer behind', async () => {
    sandbox = await startCheckedSandbox({ log: () => undefined });
    // Timers that keep the process alive (unref'd ones do not count): the wait's is one until close() ends it.
    const timers = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    const waiting = call(sandbox, 'GET', '/__sandbox/requests?path=/never&waitMs=30000').catch((error: unknown) => error);
    // The wait has begun once its timer is there (however long the request takes to arrive).
    while (timers() === before) await new Promise((resolve) => setImmediate(resolve));
    // Were close() to wait for the wait, this would outlast the test's 20 s timeout.
    await sandbox.close();
    await waiting;
    assert.equal(timers(), before, 'close() left no timer of the wait behind');
  });
});
