import * as assert from 'node:assert/strict';
import { Sandbox, SandboxChange } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { when } from '../support/eventually';
import { webhookReceiver, WebhookReceiver } from '../support/webhookReceiver';
import { call, connectWallet, expectOk, newDeveloper } from './helpers';

// The Sandbox's own control methods (what the extension's views and the MCP tools use in-process)
// and POST /__sandbox/reset.

describe('sandbox: control methods', () => {
  let sandbox: Sandbox;
  let hook: WebhookReceiver | undefined;
  afterEach(async () => {
    await sandbox.close();
    await hook?.close();
    hook = undefined;
  });

  it('resets a wallet to its seeded history and balance, over HTTP and by method', async () => {
    sandbox = await startCheckedSandbox({ seed: 7, log: () => undefined });
    const mobile = '2349090000000';
    const before = await expectOk(call(sandbox, 'POST', `/__sandbox/reset?mobile=${mobile}`));
    const seeded = before.json['data'] as { user: { balance: number }; total: number };
    sandbox.setBalance(mobile, 5);
    sandbox.addTransaction(mobile, { type: 'vtu', amount: 100 });
    await sandbox.generateTransactions(mobile, 50);
    sandbox.resetWallet(mobile);
    const after = await expectOk(call(sandbox, 'POST', `/__sandbox/reset?mobile=${mobile}`));
    assert.deepEqual(after.json['data'], seeded, 'the same balance and history length as seeded');
    assert.equal(seeded.user.balance, 73450050, 'a demo wallet gets its published balance back');
    assert.throws(() => sandbox.resetWallet('2349990000001'), /No sandbox wallet/);
    // Issue 52: a 0 kept after 234 is no Nigerian mobile: a 400 that says the form, as a scenario says it.
    assert.throws(() => sandbox.resetWallet('2340000000001'), /mobile must be a Nigerian mobile number/);
  });

  it('tells watchers which wallet, transfer and event changed, and survives a failing watcher', async () => {
    const logged: string[] = [];
    sandbox = await startCheckedSandbox({ log: (line) => logged.push(line) });
    const changes: SandboxChange[] = [];
    sandbox.onChange(() => {
      throw new Error('watcher bug');
    });
    const stop = sandbox.onChange((change) => changes.push(change));
    sandbox.setBalance('2348000000000', 100_00);
    assert.deepEqual(changes.at(-1), { wallets: ['2348000000000'], transfers: [], events: [] });

    const dev = await newDeveloper(sandbox);
    const wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
    hook = await webhookReceiver();
    const url = hook.url;
    await expectOk(call(sandbox, 'PUT', '/v1/apps/settings', { body: { callbackURL: url }, headers: { 'x-app-key': dev.appKey } }));
    changes.length = 0;
    const sent = await expectOk(
      call(sandbox, 'POST', '/v1/users/transfers/bank', {
        body: { accountNumber: '1000000002', bankCode: '000014', accountName: 'SANDBOX HELD PENDING', amount: 4000 },
        headers: wallet.headers,
      }),
    );
    const reference = sent.json['data'].transaction.transactionReference as string;
    const pending = changes.find((change) => change.transfers.length > 0);
    assert.deepEqual(pending?.transfers, [{ reference, mobile: dev.sandboxMobile, status: 'pending' }]);
    assert.ok(pending?.wallets.includes(dev.sandboxMobile), 'the debit names the wallet');

    await sandbox.advanceClock(24 * 3600);
    assert.ok(changes.some((change) => change.transfers.some((t) => t.reference === reference && t.status === 'success')));
    const delivered = sandbox.events()[0];
    assert.equal(delivered?.state, 'delivered');
    assert.ok(changes.some((change) => change.events.some((e) => e.id === delivered?.id && e.state === 'delivered')));
    assert.ok(
      logged.some((line) => line.includes('watcher bug')),
      'a failing watcher is logged, not thrown',
    );

    stop();
    const count = changes.length;
    sandbox.setBalance('2348000000000', 1);
    assert.equal(changes.length, count, 'an unsubscribed watcher hears nothing');
  });

  it('lists, shows, redelivers and sends test events, copies that the caller cannot change', async () => {
    sandbox = await startCheckedSandbox({ log: () => undefined });
    assert.throws(() => sandbox.sendTestEvent('BANK_TRANSFER'), /No app has a callbackURL/);
    const dev = await newDeveloper(sandbox);
    const receiver = (hook = await webhookReceiver());
    const url = receiver.url;
    await expectOk(call(sandbox, 'PUT', '/v1/apps/settings', { body: { callbackURL: url }, headers: { 'x-app-key': dev.appKey } }));

    const first = sandbox.sendTestEvent('PHONE_TRANSFER');
    const second = sandbox.sendTestEvent('BANK_TRANSFER');
    assert.equal(first.type, 'PHONE_TRANSFER');
    assert.deepEqual(
      sandbox.events().map((event) => event.id),
      [second.id, first.id],
      'newest first',
    );
    await sandbox.advanceClock(1);
    // Both deliveries, and the sandbox's record of the first one's answer, however long they take to come.
    await receiver.delivered(2);
    await when(
      (listener) => sandbox.onChange(listener),
      () => (sandbox.event(first.id)?.state === 'delivered' ? true : undefined),
      'the first event is recorded as delivered',
    );
    assert.equal(sandbox.event(first.id)?.state, 'delivered');
    const shown = sandbox.event(first.id);
    shown?.attempts.push({ number: 99, at: '', status: 0, durationMs: 0, excerpt: '' });
    assert.equal(sandbox.event(first.id)?.attempts.length, 1, 'a copy, not the record');

    const again = sandbox.redeliverEvent(first.id);
    assert.equal(again.state, 'pending');
    assert.throws(() => sandbox.redeliverEvent('evt_nope'), /No webhook event has id evt_nope/);
    assert.equal(sandbox.event('evt_nope'), undefined);
  });
  it("expires a wallet's access tokens early; a refresh gives one that works, other wallets are untouched", async () => {
    sandbox = await startCheckedSandbox({ log: () => undefined });
    const dev = await newDeveloper(sandbox);
    const wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
    const other = await connectWallet(sandbox, dev.appKey, '2349090000000');
    await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: wallet.headers }));

    sandbox.expireAccessTokens(dev.sandboxMobile);
    const refused = await call(sandbox, 'GET', '/v1/users/balance', { headers: wallet.headers });
    assert.equal(refused.status, 401);
    assert.match(refused.text, /access token has expired/);
    await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: other.headers }));

    const renewed = await expectOk(
      call(sandbox, 'POST', '/v1/users/accessToken', { body: { refreshToken: wallet.refreshToken }, headers: { 'x-app-key': dev.appKey } }),
    );
    const accessToken = renewed.json['data'].accessToken as string;
    const renewedHeaders = { ...wallet.headers, 'x-app-wallet-access-token': accessToken };
    await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: renewedHeaders }));
    sandbox.expireAccessTokens(dev.sandboxMobile);
    assert.equal(
      (await call(sandbox, 'GET', '/v1/users/balance', { headers: renewedHeaders })).status,
      401,
      'a second call expires the renewed one',
    );
    assert.throws(() => sandbox.expireAccessTokens('2349990000001'), /No sandbox wallet/);
  });
});
