import * as assert from 'node:assert/strict';
import { Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { Answer, call, ConnectedWallet, connectWallet, Developer, errorOf, expectError, expectOk, newDeveloper } from './helpers';

// Money movement over loopback: every endpoint, every error, the clock, magic values and the
// X-Sandbox-Outcome header.

const OTHER = '2349090000000';
const GTB = '000013';

async function balanceOf(sandbox: Sandbox, wallet: ConnectedWallet): Promise<number> {
  const answer = await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: wallet.headers }));
  return answer.json['data'].user.balance as number;
}

describe('sandbox: money movement', () => {
  let sandbox: Sandbox;
  let dev: Developer;
  let wallet: ConnectedWallet;
  let account: { accountNumber: string; accountName: string; bankCode: string };

  beforeEach(async () => {
    sandbox = await startCheckedSandbox({ log: () => undefined });
    dev = await newDeveloper(sandbox);
    wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
    sandbox.setBalance(dev.sandboxMobile, 1_000_000);
    const verified = await expectOk(
      call(sandbox, 'GET', `/v1/queries/verify?accountNumber=0000000001&bankCode=000014`, { headers: wallet.headers }),
    );
    account = { accountNumber: '0000000001', accountName: verified.json['data'].accountName as string, bankCode: '000014' };
  });
  afterEach(() => sandbox.close());

  const bank = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(sandbox, 'POST', '/v1/users/transfers/bank', {
      body: { ...account, amount: 10_000, ...body },
      headers: { ...wallet.headers, ...headers },
    });
  const phone = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(sandbox, 'POST', '/v1/users/transfers/phone', {
      body: { mobile: OTHER, amount: 2_500, ...body },
      headers: { ...wallet.headers, ...headers },
    });
  const vtu = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(sandbox, 'POST', '/v1/users/payments/bills/vtu', {
      body: { mobile: '2348031234567', amount: 10_000, provider: 'mtn', ...body },
      headers: { ...wallet.headers, ...headers },
    });
  const requery = (reference: string) => call(sandbox, 'GET', `/v1/users/transfers/requery/bank/${reference}`, { headers: wallet.headers });

  it('moves money by phone to another sandbox wallet: both balances and both histories agree at once', async () => {
    const other = await connectWallet(sandbox, dev.appKey, OTHER);
    const otherBefore = await balanceOf(sandbox, other);
    const answer = await expectOk(phone({ amount: '2500', sendSms: false }));
    assert.equal(answer.json['message'], 'Transaction successful');
    const { reference, amount } = answer.json['data'].transaction as { reference: string; amount: number };
    assert.match(reference, /^[0-9a-f]{24}$/);
    assert.equal(amount, 2_500, 'a digit-string amount is read as kobo');
    assert.equal(await balanceOf(sandbox, wallet), 1_000_000 - 2_500);
    assert.equal(await balanceOf(sandbox, other), otherBefore + 2_500);
    const mine = await expectOk(call(sandbox, 'GET', `/v1/transactions/${reference}`, { headers: wallet.headers }));
    assert.deepEqual(
      {
        type: mine.json['data'].transaction.type,
        direction: mine.json['data'].transaction.direction,
        to: mine.json['data'].transaction.recipient.mobile,
      },
      { type: 'phone', direction: 'debit', to: OTHER },
    );
    const theirs = await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=1', { headers: other.headers }));
    assert.equal(theirs.json['data'].transactions[0].reference, reference);
    assert.equal(theirs.json['data'].transactions[0].direction, 'credit');
  });

  it('refuses every bad phone transfer with its own errorCode, and moves nothing', async () => {
    await expectError(phone({ mobile: '2349095800000' }), 404, '10003', /^This user does not exist$/);
    await expectError(phone({ mobile: dev.sandboxMobile }), 400, '50006', /own wallet/);
    await expectError(phone({ amount: 0 }), 400, '50002', /greater than 0/);
    await expectError(phone({ amount: -5 }), 400, '50002');
    await expectError(phone({ amount: 10.5 }), 400, '50002');
    await expectError(phone({ amount: '1e3' }), 400, '50002');
    await expectError(phone({ amount: undefined }), 400, '50002', /required/);
    await expectError(phone({ amount: 1_000_001 }), 400, '50001', /holds ₦10,000\.00 and this needs ₦10,000\.01/);
    await expectError(phone({ mobile: '0803' }), 400, '10000', /234 followed by 10 digits/);
    await expectError(phone({ sendSms: 'maybe' }), 400, '10000', /sendSms/);
    await expectError(
      call(sandbox, 'POST', '/v1/users/transfers/phone', { body: { mobile: OTHER, amount: 1 }, headers: { 'x-app-key': dev.appKey } }),
      401,
      '10002',
    );
    assert.equal(await balanceOf(sandbox, wallet), 1_000_000);
  });

  it('walks a bank transfer from pending to success on the virtual clock', async () => {
    const answer = await expectOk(bank({ accountName: `  ${account.accountName.toLowerCase().replace(/ /g, '   ')} ` }));
    const transaction = answer.json['data'].transaction;
    assert.equal(answer.json['message'], 'Transaction successful');
    assert.equal(transaction.statusCode, '000002');
    assert.equal(transaction.accountName, account.accountName, 'the answer carries the resolved name');
    assert.equal(transaction.amount, 10_000);
    assert.equal(await balanceOf(sandbox, wallet), 990_000);
    const pending = await expectOk(requery(transaction.transactionReference));
    assert.deepEqual(pending.json['data'].transaction, { statusMessage: 'pending', statusCode: '000002' });

    const before = Date.now();
    const clock = await expectOk(call(sandbox, 'POST', '/__sandbox/clock/advance', { body: { seconds: 10 } }));
    assert.equal(clock.json['data'].offsetMs, 10_000);
    // The sandbox reads Date.now too: its answer's time is 10 s past some moment of the call.
    const now = Date.parse(clock.json['data'].now);
    assert.ok(now >= before + 10_000 && now <= Date.now() + 10_000, `${clock.json['data'].now} is 10 s ahead`);
    const settled = await expectOk(requery(transaction.transactionReference));
    assert.deepEqual(settled.json['data'].transaction, { statusMessage: 'success', statusCode: '000001' });
    assert.equal(await balanceOf(sandbox, wallet), 990_000);
    const record = await expectOk(
      call(sandbox, 'GET', `/v1/transactions/${transaction.transactionReference}`, { headers: wallet.headers }),
    );
    assert.equal(record.json['data'].transaction.statusCode, '000001');
  });

  it('fails a transfer to the magic failing account and returns the money with a reversal record', async () => {
    const answer = await expectOk(bank({ accountNumber: '1000000003', accountName: 'Sandbox Fails Reverses', bankCode: GTB }));
    const reference = answer.json['data'].transaction.transactionReference as string;
    assert.equal(await balanceOf(sandbox, wallet), 990_000);
    await sandbox.advanceClock(10);
    const failed = await expectOk(requery(reference));
    assert.deepEqual(failed.json['data'].transaction, { statusMessage: 'failed', statusCode: '000000' });
    assert.equal(await balanceOf(sandbox, wallet), 1_000_000);
    const newest = await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=1&type=bank', { headers: wallet.headers }));
    const reversal = newest.json['data'].transactions[0];
    assert.deepEqual([reversal.reversalOf, reversal.direction, reversal.amount], [reference, 'credit', 10_000]);
  });

  it('honours the magic accounts: instant success, held pending, unresolvable', async () => {
    const instant = await expectOk(bank({ accountNumber: '1000000001', accountName: 'SANDBOX INSTANT SUCCESS' }));
    assert.equal(instant.json['data'].transaction.statusCode, '000001');
    const held = await expectOk(bank({ accountNumber: '1000000002', accountName: 'SANDBOX HELD PENDING' }));
    const ref = held.json['data'].transaction.transactionReference as string;
    await sandbox.advanceClock(23 * 3600);
    assert.equal((await expectOk(requery(ref))).json['data'].transaction.statusCode, '000002');
    await sandbox.advanceClock(3600);
    // A day passed on the clock, so the access token expired too: connect again.
    wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
    assert.equal((await expectOk(requery(ref))).json['data'].transaction.statusCode, '000001');
    await expectError(bank({ accountNumber: '1000000004', accountName: 'x' }), 404, '30002');
    await expectError(
      call(sandbox, 'GET', '/v1/queries/verify?accountNumber=1000000004&bankCode=000014', { headers: wallet.headers }),
      404,
      '30002',
    );
    const verified = await expectOk(
      call(sandbox, 'GET', '/v1/queries/verify?accountNumber=1000000001&bankCode=000014', { headers: wallet.headers }),
    );
    assert.equal(verified.json['data'].accountName, 'SANDBOX INSTANT SUCCESS', 'verify shows the name the transfer checks');
  });

  it('refuses every bad bank transfer with its own errorCode, and moves nothing', async () => {
    await expectError(bank({ bankCode: '999999' }), 400, '50003', /GET \/v1\/queries\/banks/);
    await expectError(bank({ accountNumber: '0000000000' }), 404, '30002');
    await expectError(bank({ accountName: 'SOMEONE ELSE' }), 400, '50004', new RegExp(account.accountName));
    await expectError(bank({ amount: 2_000_000 }), 400, '50001');
    await expectError(bank({ amount: 0 }), 400, '50002');
    await expectError(bank({ accountNumber: '12345' }), 400, '10000', /10-digit NUBAN/);
    await expectError(bank({ bankCode: '13' }), 400, '10000', /6-digit/);
    await expectError(bank({ accountName: undefined }), 400, '10000', /accountName is required/);
    const own = (await expectOk(call(sandbox, 'GET', '/v1/users/accounts', { headers: wallet.headers }))).json['data'].accounts[0];
    await expectError(bank({ accountNumber: own.accountNumber, bankCode: own.bankCode, accountName: own.accountName }), 400, '50006');
    await expectError(requery('5ec58e1f084c634901127b75'), 404, '30001');
    assert.equal(await balanceOf(sandbox, wallet), 1_000_000);
  });

  it('refuses the same bad account numbers and bank codes on the transfer and the verify query, with the same answer', async () => {
    const bad: { accountNumber: string; bankCode: string }[] = [
      ...['123', '123456789', '123456789012', '12345678a0', ' 0123456789', '0123456789\n', '１２３４５６７８９０'].map((accountNumber) => ({
        accountNumber,
        bankCode: account.bankCode,
      })),
      ...['14', '00014', '0000140', '00001a', '000 14'].map((bankCode) => ({ accountNumber: account.accountNumber, bankCode })),
      { accountNumber: '12', bankCode: '1' },
    ];
    for (const fields of bad) {
      const query = new URLSearchParams(fields).toString();
      const verified = await call(sandbox, 'GET', `/v1/queries/verify?${query}`, { headers: wallet.headers });
      const sent = await bank(fields);
      const answers = [verified, sent].map((answer) => [answer.status, errorOf(answer).errorCode, errorOf(answer).error]);
      assert.deepEqual(answers[1], answers[0], JSON.stringify(fields));
      assert.deepEqual(answers[0]?.slice(0, 2), [400, '10000'], JSON.stringify(fields));
    }
    assert.equal(await balanceOf(sandbox, wallet), 1_000_000, 'no refused transfer moved money');
  });

  it('keeps another wallet out of a transfer it did not send', async () => {
    const answer = await expectOk(bank({}));
    const other = await connectWallet(sandbox, dev.appKey, OTHER);
    await expectError(
      call(sandbox, 'GET', `/v1/users/transfers/requery/bank/${answer.json['data'].transaction.transactionReference}`, {
        headers: other.headers,
      }),
      404,
      '30001',
    );
  });

  it('buys airtime: a vtu record, as the seeded airtime, with the vtu metadata; bad providers and recipients are refused', async () => {
    const answer = await expectOk(vtu({ provider: 'MTN', amount: '10000' }));
    const reference = answer.json['data'].transaction.reference as string;
    assert.equal(answer.json['data'].transaction.amount, 10_000);
    const record = await expectOk(call(sandbox, 'GET', `/v1/transactions/${reference}`, { headers: wallet.headers }));
    assert.equal(record.json['data'].transaction.type, 'vtu');
    const airtimeList = await expectOk(call(sandbox, 'GET', '/v1/transactions?type=vtu&limit=100', { headers: wallet.headers }));
    const listed = airtimeList.json['data'].transactions as { reference: string }[];
    assert.ok(
      listed.some((transaction) => transaction.reference === reference),
      'the type filter vtu finds the purchase',
    );
    const billsList = await expectOk(call(sandbox, 'GET', '/v1/transactions?type=bills&limit=100', { headers: wallet.headers }));
    assert.ok(!(billsList.json['data'].transactions as { reference: string }[]).some((transaction) => transaction.reference === reference));
    assert.deepEqual(record.json['data'].transaction.recipient.metadata, {
      billerName: 'mtn',
      billCustomerID: '2348031234567',
      billType: 'vtu',
    });
    assert.equal(await balanceOf(sandbox, wallet), 990_000);
    await expectError(vtu({ provider: 'vodafone' }), 400, '50005', /mtn, glo, airtel, etisalat/);
    await expectError(vtu({ mobile: '2348030000000', provider: 'glo' }), 400, '50007', /send provider mtn/);
    await expectError(vtu({ mobile: '2347000000000' }), 400, '50007', /cannot receive airtime/);
    await expectOk(vtu({ mobile: '2348050000000', provider: 'glo' }));
    await expectError(vtu({ amount: 40_200 }), 400, '50001', /forced/);
    await expectError(vtu({ amount: 50_200 }), 502, '50009', /no money moved/);
    assert.equal(await balanceOf(sandbox, wallet), 980_000);
  });

  it('forces one outcome per request with X-Sandbox-Outcome', async () => {
    const header = (value: string) => ({ 'x-sandbox-outcome': value });
    assert.equal((await expectOk(bank({}, header('success')))).json['data'].transaction.statusCode, '000001');
    const failing = await expectOk(bank({}, header('failed')));
    await expectError(bank({}, header('insufficient-funds')), 400, '50001');
    await expectError(bank({}, header('provider-error')), 502, '50009');
    await expectError(bank({}, header('sideways')), 400, '50010', /success, pending, failed/);
    await expectError(phone({}, header('failed')), 400, '50008');
    await expectError(phone({}, header('pending')), 400, '50010', /does not apply/);
    await expectError(vtu({}, header('provider-error')), 502, '50009');
    // The header beats a magic amount: this would be "insufficient funds" without it.
    await expectOk(vtu({ amount: 40_200 }, header('success')));
    const held = await expectOk(bank({}, header('pending')));
    await sandbox.advanceClock(60);
    const ref = (answer: Answer) => answer.json['data'].transaction.transactionReference as string;
    assert.equal((await expectOk(requery(ref(failing)))).json['data'].transaction.statusMessage, 'failed');
    assert.equal((await expectOk(requery(ref(held)))).json['data'].transaction.statusMessage, 'pending');
    assert.equal(await balanceOf(sandbox, wallet), 1_000_000 - 10_000 - 10_000 - 40_200);
  });

  it('accepts form-encoded transfers and a trailing slash, as real clients send them', async () => {
    const answer = await expectOk(
      call(sandbox, 'POST', '/v1/users/transfers/phone/', {
        rawBody: `mobile=${OTHER}&amount=4000`,
        headers: { ...wallet.headers, 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    assert.equal(answer.json['data'].transaction.amount, 4_000);
  });

  it('sets and clears the callbackURL; refuses what is not an http(s) URL', async () => {
    const put = (body: unknown, headers: Record<string, string> = { 'x-app-key': dev.appKey }) =>
      call(sandbox, 'PUT', '/v1/apps/settings', { body, headers });
    const answer = await expectOk(put({ callbackURL: 'http://localhost:3000/hooks' }));
    assert.deepEqual(answer.json, { success: true, message: 'App settings update successful.' });
    await expectError(put({ callbackURL: 'ftp://example.com' }), 400, '50011', /http\(s\) URL/);
    await expectError(put({ callbackURL: 'not a url' }), 400, '50011');
    await expectError(put({}), 400, '50011', /required/);
    await expectError(put({ callbackURL: '' }, {}), 401, '10001');
    await expectOk(put({ callbackURL: '' }));
    await expectError(call(sandbox, 'POST', '/__sandbox/events/test', { body: {} }), 400, '90002');
  });

  it('gives the persona 2349090000000 the passcode 111111 with the old message, every time', async () => {
    for (let i = 0; i < 2; i++) {
      const sent = await expectOk(
        call(sandbox, 'POST', '/v1/users/auth', { body: { mobile: OTHER, factor: 'sms' }, headers: { 'x-app-key': dev.appKey } }),
      );
      assert.equal(sent.json['message'], 'Please enter the passcode sent to 2349090000000. [Passcode: 111111]');
    }
    const sent = await expectOk(
      call(sandbox, 'POST', '/v1/users/auth', { body: { mobile: '2348000000000', factor: 'sms' }, headers: { 'x-app-key': dev.appKey } }),
    );
    assert.match(sent.json['message'] as string, /^Please enter the passcode sent to 2348000000000\. \[Passcode: \d{6}\]$/);
  });

  it('expires wallet tokens on the virtual clock', async () => {
    await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: wallet.headers }));
    await expectOk(call(sandbox, 'POST', '/__sandbox/clock/advance', { body: { seconds: 86_400 } }));
    await expectError(call(sandbox, 'GET', '/v1/users/balance', { headers: wallet.headers }), 401, '10005');
    const clock = await expectOk(call(sandbox, 'GET', '/__sandbox/clock'));
    assert.equal(clock.json['data'].offsetMs, 86_400_000);
    await expectError(call(sandbox, 'POST', '/__sandbox/clock/advance', { body: { seconds: 0 } }), 400, '10000');
    await expectError(call(sandbox, 'POST', '/__sandbox/clock/advance', { body: { seconds: 'soon' } }), 400, '10000');
  });

  it('serves the magic-value table', async () => {
    const magic = await expectOk(call(sandbox, 'GET', '/__sandbox/magic'));
    const data = magic.json['data'];
    assert.deepEqual(data.outcomeHeader, {
      name: 'X-Sandbox-Outcome',
      values: ['success', 'pending', 'failed', 'insufficient-funds', 'provider-error'],
    });
    assert.deepEqual(
      data.accounts.map((a: { value: string }) => a.value),
      ['1000000001', '1000000002', '1000000003', '1000000004'],
    );
    assert.deepEqual(
      data.amounts.map((a: { value: string; outcome: string }) => [a.value, a.outcome]),
      [
        ['40200', 'insufficient-funds'],
        ['50200', 'provider-error'],
      ],
    );
    assert.ok(data.mobiles.some((m: { value: string }) => m.value === '2349090000000'));
    for (const value of [...data.accounts, ...data.amounts, ...data.mobiles]) {
      assert.equal(typeof value.description, 'string');
      assert.ok(value.description.length > 10);
    }
  });
});
