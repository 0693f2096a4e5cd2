// Issue 55: Trigger Test Event made up a reference the API could not requery, so a careful handler
// ignored it as forged. A test transfer (POST /__sandbox/events/test with transfer: true) moves
// ₦1.00 of sandbox money as the app would, and its own event, marked as a test, can be requeried.
// And a reset keeps the wallets' sessions: a handler's refresh token still renews its token.
import * as assert from 'node:assert/strict';
import type { Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { webhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { call, connectWallet, errorOf, expectError, expectOk, newDeveloper, type ConnectedWallet } from './helpers';

const KEY = 'sk_test_transfers_0001';
const SHOP = '2348031240001';
const OTHER = '2348031240002';
const scenario = (callbackURL: string) => ({
  developers: [
    {
      email: 'tests@example.ng',
      password: 'tests-password',
      apps: [
        { name: 'shop', sandboxKey: KEY, callbackURL, wallets: [SHOP] },
        { name: 'no wallet', sandboxKey: 'sk_test_transfers_0002', callbackURL },
      ],
    },
  ],
  wallets: [
    { mobile: SHOP, passcode: '123456', balance: 50_000 },
    { mobile: OTHER, balance: 0 },
  ],
});

describe('sandbox: test transfers and their events', () => {
  let sandbox: Sandbox;
  let hook: WebhookReceiver;
  let shop: ConnectedWallet;
  const testEvent = (body: Record<string, unknown>) => call(sandbox, 'POST', '/__sandbox/events/test', { body });

  beforeEach(async () => {
    hook = await webhookReceiver([200]);
    sandbox = await startCheckedSandbox({ scenario: scenario(hook.url), clock: { frozen: true }, log: () => undefined });
    shop = await connectWallet(sandbox, KEY, SHOP);
  });
  afterEach(async () => {
    await sandbox.close();
    await hook.close();
  });

  for (const type of ['BANK_TRANSFER', 'PHONE_TRANSFER'] as const) {
    it(`${type}: ₦1.00 moves from the app's wallet, and its event, marked a test, names a transaction the API knows`, async () => {
      const recipientBefore = sandbox.balance('2349090000000');
      const sent = await expectOk(testEvent({ type, transfer: true, appId: sandbox.scenario!.apps[0]!.id }));
      const event = sent.json['data'].event;
      assert.equal(event.test, true);
      assert.equal(event.type, type);
      const reference = event.payload.payload.data.transactionReference as string;
      assert.equal(sandbox.balance(SHOP), 50_000 - 100);
      const requery = await expectOk(call(sandbox, 'GET', `/v1/transactions/${reference}`, { headers: shop.headers }));
      assert.equal(requery.json['data'].transaction.amount, 100);
      if (type === 'PHONE_TRANSFER') {
        // To another wallet of the sandbox (the persona's, which every world has), as a phone transfer goes.
        const { recipientMobile } = event.payload.payload.data as { recipientMobile: string };
        assert.equal(recipientMobile, '2349090000000');
        assert.equal(sandbox.balance(recipientMobile), recipientBefore + 100);
        assert.deepEqual(event.payload.payload.data, {
          appWalletMobile: SHOP,
          amount: 100,
          recipientMobile,
          transactionReference: reference,
        });
      } else {
        assert.equal(event.payload.payload.data.statusCode, '000001');
        const bank = await expectOk(call(sandbox, 'GET', `/v1/users/transfers/requery/bank/${reference}`, { headers: shop.headers }));
        assert.equal(bank.json['data'].transaction.statusCode, '000001');
      }
      await sandbox.advanceClock(0.001);
      await hook.delivered(1);
      assert.deepEqual(Object.keys(hook.deliveries[0]!.body), ['payload'], 'the body is the service’s shape');
      assert.equal(sandbox.event(event.id)?.state, 'delivered');
    });
  }

  it('refuses what it cannot send, moving nothing: no wallet on the app, no money, data with it, mobile without it', async () => {
    const [withWallet, withoutWallet] = sandbox.scenario!.apps;
    assert.match(
      await expectError(testEvent({ transfer: true, appId: withoutWallet!.id }), 400, '10000'),
      /has no connected wallet to send a test transfer from/,
    );
    sandbox.setBalance(SHOP, 99);
    const broke = await testEvent({ transfer: true, appId: withWallet!.id });
    assert.equal(broke.status, 400);
    assert.match(errorOf(broke).error, /Insufficient funds/);
    assert.equal(sandbox.balance(SHOP), 99);
    await expectError(testEvent({ transfer: true, data: { amount: 100 } }), 400, '10000', /data makes up an event/);
    await expectError(testEvent({ mobile: SHOP }), 400, '10000', /with transfer: true/);
    await expectError(testEvent({ transfer: 'yes' }), 400, '10000', /transfer must be true or false/);
    assert.deepEqual(sandbox.events(), [], 'no event was sent');
  });

  it('sends from the wallet named (any mobile form), else from the wallet connected to the app last', async () => {
    await connectWallet(sandbox, KEY, OTHER);
    sandbox.setBalance(OTHER, 1_000);
    const appId = sandbox.scenario!.apps[0]!.id;
    const last = await expectOk(testEvent({ type: 'PHONE_TRANSFER', transfer: true, appId }));
    assert.equal(last.json['data'].event.payload.payload.data.appWalletMobile, OTHER);
    const named = await expectOk(testEvent({ type: 'PHONE_TRANSFER', transfer: true, appId, mobile: '08031240001' }));
    assert.equal(named.json['data'].event.payload.payload.data.appWalletMobile, SHOP);
  });

  it('never judges a test event, made up or a test transfer’s: answered 500 and never requeried, it makes no finding', async () => {
    const refusing = await webhookReceiver([500]);
    try {
      await expectOk(call(sandbox, 'PUT', '/v1/apps/settings', { body: { callbackURL: refusing.url }, headers: { 'x-app-key': KEY } }));
      const appId = sandbox.scenario!.apps[0]!.id;
      const sent = [await expectOk(testEvent({ type: 'PHONE_TRANSFER', appId })), await expectOk(testEvent({ transfer: true, appId }))];
      await sandbox.advanceClock(3600);
      for (const { json } of sent) {
        const event = sandbox.event(json['data'].event.id as string)!;
        assert.equal(event.test, true);
        assert.ok(event.attempts.length > 1 && event.attempts.every((attempt) => attempt.status === 500), 'retried, never acknowledged');
      }
      assert.deepEqual(sandbox.findings(), []);
      // The same answers to a transfer the app made itself are judged, as ever (its recipient validated first, as a careful app does).
      await expectOk(call(sandbox, 'POST', '/v1/users/auth/validate', { body: { mobile: OTHER }, headers: { 'x-app-key': KEY } }));
      await expectOk(call(sandbox, 'POST', '/v1/users/transfers/phone', { body: { mobile: OTHER, amount: 100 }, headers: shop.headers }));
      await sandbox.advanceClock(0.001);
      assert.deepEqual([...new Set(sandbox.findings().map((finding) => finding.rule))], ['webhook-not-acknowledged']);
    } finally {
      await refusing.close();
    }
  });

  it('after a reset, a wallet’s refresh token still renews its access token; the old access token opens nothing', async () => {
    const other = await newDeveloper(sandbox);
    const gone = await connectWallet(sandbox, other.appKey, other.sandboxMobile);
    await sandbox.reset();
    const stale = await call(sandbox, 'GET', '/v1/users/balance', { headers: shop.headers });
    assert.equal(stale.status, 401);
    const renewed = await expectOk(
      call(sandbox, 'POST', '/v1/users/accessToken', { body: { refreshToken: shop.refreshToken }, headers: { 'x-app-key': KEY } }),
    );
    const headers = { 'x-app-key': KEY, 'x-app-wallet-access-token': renewed.json['data'].accessToken as string };
    assert.equal((await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers }))).json['data'].user.balance, 50_000);
    // A wallet the reset world does not have keeps no session in it.
    const refused = await call(sandbox, 'POST', '/v1/users/accessToken', {
      body: { refreshToken: gone.refreshToken },
      headers: { 'x-app-key': KEY },
    });
    assert.equal(refused.status, 401);
  });
});
