import * as assert from 'node:assert/strict';
import { type WalletCredentials } from '../../../src/api';
import { connectWallet, failure, newDeveloperApp, OTHER_DEMO_MOBILE, requestsTo, startHarness, type Harness } from './harness';

// The client's money methods against the sandbox over loopback.

describe('client: money movement', () => {
  let h: Harness;
  let wallet: WalletCredentials;
  let appKey: string;

  before(async () => {
    // Tokens outlive the day the clock jumps below.
    h = await startHarness({ tokenLifetimeSeconds: 10 * 86400 });
  });
  after(() => h.sandbox.close());

  beforeEach(async () => {
    const { app, session } = await newDeveloperApp(h.client);
    appKey = app.key;
    const mobile = session.user.sandboxMobile as string;
    const tokens = await connectWallet(h.client, app.key, mobile);
    wallet = { appKey: app.key, accessToken: tokens.accessToken };
    h.sandbox.setBalance(mobile, 500_000);
    h.sandbox.clearFaults();
  });

  it('sends to a phone, to a bank (pending, then success on requery), and buys airtime', async () => {
    const phone = await h.client.sendToPhone(wallet, { mobile: '0909 000 0000', amount: 2_500, sendSms: false });
    assert.equal(phone.amount, 2_500);
    assert.match(phone.reference, /^[0-9a-f]{24}$/);

    const bank = await h.client.sendToBank(wallet, {
      accountName: 'sandbox held pending',
      accountNumber: '1000000002',
      bankCode: '000014',
      amount: 10_000,
    });
    assert.deepEqual([bank.statusCode, bank.accountName, bank.amount], ['000002', 'SANDBOX HELD PENDING', 10_000]);
    assert.equal((await h.client.requeryBankTransfer(wallet, bank.transactionReference)).statusMessage, 'pending');
    await h.sandbox.advanceClock(24 * 3600);
    assert.deepEqual(
      { ...(await h.client.requeryBankTransfer(wallet, bank.transactionReference)) },
      { statusMessage: 'success', statusCode: '000001' },
    );
    assert.equal((await h.client.getBalance(wallet)).balance, 500_000 - 2_500 - 10_000);
  });

  it('requeries to success and buys airtime with a fresh token', async () => {
    const bank = await h.client.sendToBank(wallet, {
      accountName: 'SANDBOX INSTANT SUCCESS',
      accountNumber: '1000000001',
      bankCode: '000014',
      amount: 10_000,
    });
    assert.equal(bank.statusCode, '000001');
    assert.deepEqual(
      { ...(await h.client.requeryBankTransfer(wallet, bank.transactionReference)) },
      { statusMessage: 'success', statusCode: '000001' },
    );
    const airtime = await h.client.buyAirtime(wallet, { mobile: '+234 803 000 0000', amount: 10_000, provider: 'MTN' });
    assert.equal(airtime.amount, 10_000);
    const balance = await h.client.getBalance(wallet);
    assert.equal(balance.balance, 500_000 - 20_000);
  });

  it('refuses bad input before sending anything', async () => {
    const before = h.sandbox.requests.lastId;
    for (const attempt of [
      h.client.sendToPhone(wallet, { mobile: '0909 000 0000', amount: 0 }),
      h.client.sendToPhone(wallet, { mobile: '12', amount: 100 }),
      h.client.sendToBank(wallet, { accountName: ' ', accountNumber: '1000000001', bankCode: '000014', amount: 100 }),
      h.client.sendToBank(wallet, { accountName: 'A', accountNumber: '1000000001', bankCode: '000014', amount: 1.5 }),
      h.client.buyAirtime(wallet, { mobile: '0803 000 0000', amount: 100, provider: 'vodafone' }),
      h.client.updateAppSettings(appKey, { callbackURL: 'ftp://example.com' }),
    ]) {
      assert.equal((await failure(attempt)).kind, 'invalid-input');
    }
    assert.equal(h.sandbox.requests.lastId, before);
  });

  it('reports the sandbox refusals with their errorCode, not as outcome unknown; a provider error (5xx) is outcome unknown', async () => {
    const unknown = await failure(h.client.sendToPhone(wallet, { mobile: '2349095800000', amount: 100 }));
    assert.deepEqual(
      [unknown.status, unknown.errorCode, unknown.serverMessage, unknown.outcomeUnknown],
      [404, '10003', 'This user does not exist', false],
    );
    const provider = await failure(h.client.buyAirtime(wallet, { mobile: '0803 123 4567', amount: 50_200, provider: 'mtn' }));
    // Issue 55: an error the provider answered may still have moved money until a requery says otherwise.
    assert.deepEqual([provider.status, provider.errorCode, provider.outcomeUnknown], [502, '50009', true]);
    assert.match(provider.message, /^Outcome unknown: .* was answered 502 .*may still have moved money\. Do not send it again/);
  });

  it('never retries a transfer, and calls a lost answer "outcome unknown", naming the requery', async () => {
    const sent = (path: string) => requestsTo(h.sandbox, path, 'POST').length;
    const bankBefore = sent('/v1/users/transfers/bank');
    const vtuBefore = sent('/v1/users/payments/bills/vtu');
    h.sandbox.addFault({ method: 'POST', path: '/v1/users/transfers/bank', drop: true, times: 1 });
    const dropped = await failure(
      h.client.sendToBank(wallet, { accountName: 'SANDBOX INSTANT SUCCESS', accountNumber: '1000000001', bankCode: '000014', amount: 100 }),
    );
    assert.equal(dropped.outcomeUnknown, true);
    assert.match(dropped.message, /^Outcome unknown/);
    assert.match(dropped.message, /requery/);
    assert.doesNotMatch(dropped.message, /fail/i);
    assert.equal(sent('/v1/users/transfers/bank'), bankBefore + 1, 'sent once, never retried');

    h.sandbox.addFault({ method: 'POST', path: '/v1/users/transfers/phone', delayMs: 2_000, times: 1 });
    const slow = h.clientWith({ timeoutMs: 200 });
    const timedOut = await failure(slow.sendToPhone(wallet, { mobile: OTHER_DEMO_MOBILE, amount: 100 }));
    assert.deepEqual([timedOut.kind, timedOut.outcomeUnknown], ['timeout', true]);
    assert.match(timedOut.message, /money may or may not have moved/);
    assert.doesNotMatch(timedOut.message, /fail/i);

    h.sandbox.addFault({
      method: 'POST',
      path: '/v1/users/payments/bills/vtu',
      status: 503,
      body: '<html>Bad gateway</html>',
      contentType: 'text/html',
      times: 1,
    });
    const gateway = await failure(h.client.buyAirtime(wallet, { mobile: '0803 123 4567', amount: 100, provider: 'glo' }));
    assert.equal(gateway.outcomeUnknown, true, 'a gateway page without an errorCode says nothing about the purchase');
    assert.equal(sent('/v1/users/payments/bills/vtu'), vtuBefore + 1);
  });

  it('sets and clears the callbackURL', async () => {
    assert.deepEqual(await h.client.updateAppSettings(appKey, { callbackURL: 'http://localhost:3000/hooks' }), {
      message: 'App settings update successful.',
    });
    await h.client.updateAppSettings(appKey, { callbackURL: '' });
    const refused = await failure(h.client.updateAppSettings('pk_live_nope', { callbackURL: 'http://localhost:3000/hooks' }));
    assert.equal(refused.status, 401);
  });
});
