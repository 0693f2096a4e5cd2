import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startSandbox, type PublicWebhookEvent, type Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { when } from '../support/eventually';
import { overlapReceiver, webhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { call, connectWallet, errorOf, expectOk, newDeveloper, type ConnectedWallet } from './helpers';

// Issue 53 item 4, webhooks as production sends them: copies of one event at once (really in
// flight together), an older event after a newer one, an event withheld, the webhook before the
// API's answer, a reversal days later on the virtual clock. Each through the admin API (its
// answers checked against the OpenAPI document), with a real receiver.

const INSTANT_SUCCESS = { accountNumber: '1000000001', bankCode: '000014', accountName: 'SANDBOX INSTANT SUCCESS' };
const DAY = 86_400;

describe('sandbox: webhooks as production sends them', function () {
  this.timeout(30_000);
  let sandbox: Sandbox;
  let hook: WebhookReceiver;
  let wallet: ConnectedWallet;
  afterEach(async () => {
    await sandbox.close();
    await hook.close();
  });

  async function start(receiver: WebhookReceiver, options: Parameters<typeof startSandbox>[0] = {}): Promise<void> {
    hook = receiver;
    sandbox = await startCheckedSandbox({ log: () => undefined, clock: { frozen: true }, ...options });
    const dev = await newDeveloper(sandbox);
    wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
    await expectOk(call(sandbox, 'PUT', '/v1/apps/settings', { body: { callbackURL: hook.url }, headers: { 'x-app-key': dev.appKey } }));
  }

  const phoneTransfer = async (amount = 2_500): Promise<string> =>
    (
      await expectOk(
        call(sandbox, 'POST', '/v1/users/transfers/phone', { body: { mobile: '2349090000000', amount }, headers: wallet.headers }),
      )
    ).json['data'].transaction.reference;
  const bankTransfer = async (amount = 4_000): Promise<string> =>
    (await expectOk(call(sandbox, 'POST', '/v1/users/transfers/bank', { body: { ...INSTANT_SUCCESS, amount }, headers: wallet.headers })))
      .json['data'].transaction.transactionReference;
  const eventOf = (reference: string, newest = true): PublicWebhookEvent => {
    const events = sandbox.events().filter((event) => event.payload.payload.data.transactionReference === reference);
    return (newest ? events[0] : events.at(-1))!;
  };
  const settled = (id: string, attempts: number) =>
    when(
      (listener) => sandbox.onChange(listener),
      () => {
        const event = sandbox.event(id);
        return event && event.state !== 'pending' && event.attempts.length >= attempts ? event : undefined;
      },
      () => `event ${id} with ${attempts} attempts: ${JSON.stringify(sandbox.event(id))}`,
    );

  it('sends copies of one event at once: every request open together, one event, attempts marked', async () => {
    await start(await overlapReceiver(3));
    await expectOk(call(sandbox, 'POST', '/__sandbox/events/withhold', { body: { type: 'PHONE_TRANSFER' } }));
    const reference = await phoneTransfer();
    const withheld = eventOf(reference);
    assert.equal(withheld.state, 'withheld');
    const answer = await expectOk(call(sandbox, 'POST', `/__sandbox/events/${withheld.id}/copies`, { body: { copies: 3 } }));
    assert.equal(answer.json['data'].event.state, 'pending');
    const event = await settled(withheld.id, 3);
    assert.equal((hook as Awaited<ReturnType<typeof overlapReceiver>>).maxOpen, 3, 'the three requests were open at the receiver together');
    assert.equal(event.state, 'delivered');
    assert.deepEqual(
      event.attempts.map(({ number, status, copies }) => [number, status, copies]),
      [
        [1, 200, 3],
        [2, 200, 3],
        [3, 200, 3],
      ],
    );
    assert.equal(new Set(event.attempts.map((attempt) => attempt.at)).size, 1, 'the copies share their time');
    assert.deepEqual(new Set(hook.deliveries.map((delivery) => delivery.headers['x-sandbox-event-id'])), new Set([withheld.id]));
    assert.deepEqual(hook.deliveries.map((delivery) => delivery.headers['x-sandbox-delivery-attempt']).sort(), ['1', '2', '3']);
    assert.ok(hook.deliveries.every((delivery) => delivery.body.payload.data.transactionReference === reference));
  });

  it('counts the copies as one round of the retry schedule, and keeps 50 attempts', async () => {
    await start(await webhookReceiver([500]));
    const id = (await expectOk(call(sandbox, 'POST', '/__sandbox/events/test', { body: {} }))).json['data'].event.id as string;
    await settled(id, 1);
    await expectOk(call(sandbox, 'POST', `/__sandbox/events/${id}/copies`, { body: { copies: 10 } }));
    const afterCopies = await settled(id, 11);
    assert.equal(afterCopies.state, 'retrying', 'ten copies refused are the first round, not ten');
    assert.equal(Date.parse(afterCopies.nextAttemptAt!) - Date.parse(afterCopies.attempts.at(-1)!.at), 60_000, 'the next in a minute');
    for (let round = 0; round < 5; round++) await sandbox.advanceClock(8 * 3600);
    const failed = sandbox.event(id)!;
    assert.equal(failed.state, 'failed');
    assert.equal(failed.attempts.at(-1)!.number, 16, '1, then 10 copies, then 5 retries');
    for (let run = 0; run < 4; run++) {
      await expectOk(call(sandbox, 'POST', `/__sandbox/events/${id}/copies`, { body: { copies: 10 } }));
      const newest = 26 + 10 * run;
      await when(
        (listener) => sandbox.onChange(listener),
        () => (sandbox.event(id)!.attempts.at(-1)!.number === newest && sandbox.event(id)!.state !== 'pending' ? true : undefined),
        () => `attempt ${newest} recorded: ${JSON.stringify(sandbox.event(id)!.attempts.at(-1))}`,
      );
    }
    const kept = sandbox.event(id)!;
    assert.equal(kept.attempts.length, 50, 'an event keeps its newest 50 attempts, copies included');
    assert.equal(kept.attempts.at(-1)!.number, 56);
    for (const copies of [1, 11, 'many']) {
      const refused = await call(sandbox, 'POST', `/__sandbox/events/${id}/copies`, { body: { copies } });
      assert.deepEqual([refused.status, errorOf(refused).errorCode], [400, '10000'], String(copies));
    }
    assert.equal(errorOf(await call(sandbox, 'POST', '/__sandbox/events/evt_nope/copies')).errorCode, '90001');
  });

  it('sends the PENDING that preceded a SUCCESS after it, marked out of order', async () => {
    await start(await webhookReceiver([200]));
    const reference = await bankTransfer();
    await hook.delivered(1);
    const newer = await settled(eventOf(reference).id, 1);
    assert.equal(newer.payload.payload.message, 'SUCCESS');
    const older = (await expectOk(call(sandbox, 'POST', `/__sandbox/events/${newer.id}/older`))).json['data'].event as PublicWebhookEvent;
    await hook.delivered(2);
    assert.deepEqual(
      hook.deliveries.map((delivery) => [delivery.body.payload.message, delivery.body.payload.data.statusCode]),
      [
        ['SUCCESS', '000001'],
        ['PENDING', '000002'],
      ],
    );
    assert.deepEqual(Object.keys(hook.deliveries[1]!.body.payload.data).sort(), Object.keys(hook.deliveries[0]!.body.payload.data).sort());
    assert.notEqual(older.id, newer.id);
    assert.equal(older.outOfOrderAfter, newer.id);
    assert.ok(Date.parse(older.createdAt) <= Date.parse(newer.createdAt), 'the older event is older');
    assert.equal(eventOf(reference).id, older.id, 'listed newest first: it was sent last');
    const phone = eventOf(await phoneTransfer());
    const refused = await call(sandbox, 'POST', `/__sandbox/events/${phone.id}/older`);
    assert.equal(refused.status, 400);
    assert.match(errorOf(refused).error, /phone transfer completes at once/);
    assert.equal((await call(sandbox, 'POST', `/__sandbox/events/${older.id}/older`)).status, 400, 'nothing is older than a PENDING');
  });

  it('withholds the next events (never sent, listed), then sends one when redelivered', async () => {
    await start(await webhookReceiver([200]));
    const rule = await expectOk(call(sandbox, 'POST', '/__sandbox/events/withhold', { body: { times: 2, type: 'PHONE_TRANSFER' } }));
    assert.deepEqual(rule.json['data'].withholding, { times: 2, type: 'PHONE_TRANSFER' });
    const first = await phoneTransfer(100);
    const bank = await bankTransfer(200);
    const second = await phoneTransfer(300);
    const third = await phoneTransfer(400);
    await hook.delivered(2);
    // The app that never heard requeries: the API knows the transfer.
    await expectOk(call(sandbox, 'GET', `/v1/transactions/${first}`, { headers: wallet.headers }));
    await sandbox.advanceClock(DAY);
    const sent = hook.deliveries.map((delivery) => delivery.body.payload.data.transactionReference);
    assert.deepEqual(sent.sort(), [bank, third].sort(), 'the two withheld phone events never came; the others did');
    assert.deepEqual([eventOf(first).state, eventOf(second).state, eventOf(first).nextAttemptAt], ['withheld', 'withheld', null]);
    const listed = await expectOk(call(sandbox, 'GET', '/__sandbox/events?state=withheld'));
    assert.equal(listed.json['data'].events.length, 2);
    await expectOk(call(sandbox, 'POST', `/__sandbox/events/${eventOf(first).id}/redeliver`));
    await hook.delivered(3);
    assert.equal(hook.deliveries[2]!.body.payload.data.transactionReference, first, 'a withheld event comes late when redelivered');
    const off = await expectOk(call(sandbox, 'POST', '/__sandbox/events/withhold', { body: { times: 0 } }));
    assert.deepEqual(off.json['data'].withholding, { times: 0 });
    for (const body of [{ times: -1 }, { times: 101 }, { type: 'REFUND' }]) {
      assert.equal((await call(sandbox, 'POST', '/__sandbox/events/withhold', { body })).status, 400, JSON.stringify(body));
    }
  });

  it('holds the money answer until its webhook was answered: the webhook comes first', async () => {
    const order: string[] = [];
    let secondAnswered = (): void => undefined;
    const secondAnswer = new Promise<void>((resolve) => (secondAnswered = resolve));
    await start(
      await webhookReceiver(async (delivery) => {
        const amount = delivery.body.payload.data.amount as number;
        order.push(`webhook ${amount}`);
        // The second waits for its transfer's answer (at most 4 s): were the hold not used up, the answer would wait for it.
        if (amount === 222) await Promise.race([secondAnswer, new Promise((resolve) => setTimeout(resolve, 4_000))]);
        order.push(`webhook answered ${amount}`);
        return 200;
      }),
    );
    await expectOk(call(sandbox, 'POST', '/__sandbox/events/before-answers', { body: { times: 1 } }));
    // Airtime sends no event: it does not use the hold up.
    await expectOk(
      call(sandbox, 'POST', '/v1/users/payments/bills/vtu', {
        body: { mobile: '2348031234567', amount: 100, provider: 'mtn' },
        headers: wallet.headers,
      }),
    );
    await phoneTransfer(111);
    order.push('answer 111');
    assert.deepEqual(order, ['webhook 111', 'webhook answered 111', 'answer 111']);
    await phoneTransfer(222);
    order.push('answer 222');
    secondAnswered();
    await when(
      (listener) => sandbox.onChange(listener),
      () => (order.includes('webhook answered 222') ? true : undefined),
      'the second webhook answered',
    );
    assert.ok(
      order.indexOf('answer 222') < order.indexOf('webhook answered 222'),
      `the hold was used up: the answer came first again (${order.join(', ')})`,
    );
    assert.equal((await call(sandbox, 'POST', '/__sandbox/events/before-answers', { body: { times: 'x' } })).status, 400);
  });

  it('reverses a bank transfer that succeeded, days later on the virtual clock', async () => {
    await start(await webhookReceiver([200]));
    const before = sandbox.balance(wallet.mobile);
    const reference = await bankTransfer(4_000);
    await hook.delivered(1);
    const scheduled = await expectOk(
      call(sandbox, 'POST', `/__sandbox/transfers/${reference}/reversal`, { body: { afterSeconds: 2 * DAY } }),
    );
    assert.equal(scheduled.json['data'].transfer.status, 'success');
    assert.equal(Date.parse(scheduled.json['data'].transfer.reverseAt) - sandbox.now(), 2 * DAY * 1000);
    await sandbox.advanceClock(DAY);
    assert.equal(hook.hits, 1, 'nothing a day later');
    assert.equal(sandbox.balance(wallet.mobile), before - 4_000);
    await sandbox.advanceClock(DAY);
    assert.equal(hook.hits, 2, 'the reversal and its event, before the advance answers');
    assert.deepEqual(hook.deliveries[1]!.body.payload, {
      ...hook.deliveries[0]!.body.payload,
      message: 'FAILED',
      data: { ...hook.deliveries[0]!.body.payload.data, statusCode: '000000' },
    });
    assert.equal(sandbox.balance(wallet.mobile), before, 'the money is back');
    // A fresh token: the one from two days ago has expired, as an app's would.
    const fresh = await connectWallet(sandbox, wallet.appKey, wallet.mobile);
    const requery = await expectOk(call(sandbox, 'GET', `/v1/users/transfers/requery/bank/${reference}`, { headers: fresh.headers }));
    assert.deepEqual(requery.json['data'].transaction, { statusMessage: 'failed', statusCode: '000000' });
    const history = await expectOk(call(sandbox, 'GET', '/v1/transactions?type=bank', { headers: fresh.headers }));
    const credit = history.json['data'].transactions.find((tx: { reversalOf?: string }) => tx.reversalOf === reference);
    assert.equal(credit.amount, 4_000);
    assert.equal(
      (await call(sandbox, 'POST', `/__sandbox/transfers/${reference}/reversal`)).status,
      400,
      'a failed transfer is not reversed again',
    );
    assert.equal(errorOf(await call(sandbox, 'POST', '/__sandbox/transfers/nope/reversal')).errorCode, '30001');
    assert.equal((await call(sandbox, 'POST', `/__sandbox/transfers/${reference}/reversal`, { body: { afterSeconds: -1 } })).status, 400);
  });

  it('keeps a reversal that is due across a restart of the state file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-reversal-'));
    try {
      await start(await webhookReceiver([200]), { dataFile: path.join(dir, 'state.json') });
      const reference = await bankTransfer(700);
      await hook.delivered(1);
      await expectOk(call(sandbox, 'POST', `/__sandbox/transfers/${reference}/reversal`, { body: { afterSeconds: DAY } }));
      await sandbox.close();
      sandbox = await startSandbox({ log: () => undefined, dataFile: path.join(dir, 'state.json') });
      await sandbox.advanceClock(DAY);
      await hook.delivered(2);
      assert.equal(hook.deliveries[1]!.body.payload.message, 'FAILED');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
