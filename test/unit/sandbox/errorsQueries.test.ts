// The sandbox's errors for what a wallet looks up: transaction queries and references (its own
// only), a bank code not in the bank list, and account verification.
import * as assert from 'node:assert/strict';
import { Sandbox } from '../../../src/sandbox';
import { call, connectWallet, ConnectedWallet, Developer, expectError, expectOk, startWithWallet } from './helpers';

describe('sandbox: errors — queries', () => {
  let sandbox: Sandbox;
  let dev: Developer;
  let wallet: ConnectedWallet;
  before(async () => ({ sandbox, dev, wallet } = await startWithWallet({ seed: 11 })));
  after(() => sandbox.close());

  it('validates limit, pages and type, and 404s unknown references', async () => {
    const bad = [
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=1.5',
      'limit=-1',
      'pages=0',
      'pages=x',
      'type=card',
      'type=BANK',
      'limit=1&limit=2',
    ];
    for (const query of bad) {
      await expectError(call(sandbox, 'GET', `/v1/transactions?${query}`, { headers: wallet.headers }), 400, '10000');
    }
    await expectError(
      call(sandbox, 'GET', '/v1/transactions/ffffffffffffffffffffffff', { headers: wallet.headers }),
      404,
      '30001',
      'Transaction not found',
    );
    const newest = await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=1', { headers: wallet.headers }));
    const tx = newest.json['data'].transactions[0] as { reference: string; type: string };
    const otherType = tx.type === 'bank' ? 'vtu' : 'bank';
    await expectOk(call(sandbox, 'GET', `/v1/transactions/${tx.reference}?type=${tx.type}`, { headers: wallet.headers }));
    await expectError(
      call(sandbox, 'GET', `/v1/transactions/${tx.reference}?type=${otherType}`, { headers: wallet.headers }),
      404,
      '30001',
    );
    await expectError(call(sandbox, 'GET', `/v1/transactions/${tx.reference}?limit=500`, { headers: wallet.headers }), 400, '10000');
  });

  it("does not show one wallet another wallet's transaction", async () => {
    const other = await connectWallet(sandbox, dev.appKey, '2348000000000');
    const theirs = await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=1', { headers: other.headers }));
    const ref = theirs.json['data'].transactions[0].reference as string;
    await expectError(call(sandbox, 'GET', `/v1/transactions/${ref}`, { headers: wallet.headers }), 404, '30001');
  });

  // Issue 35: the rule was written twice (verify answered 10000, a transfer 50003); one check serves both now.
  it('answers a bank code not in the bank list the same on verify and on a bank transfer (400, 50003)', async () => {
    const message = 'bankCode 999999 is not in the bank list; use a code from GET /v1/queries/banks';
    const verify = call(sandbox, 'GET', '/v1/queries/verify?accountNumber=0123456789&bankCode=999999', { headers: wallet.headers });
    await expectError(verify, 400, '50003', message);
    const body = { accountNumber: '0123456789', bankCode: '999999', accountName: 'ANYONE', amount: 100 };
    const before = (await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: wallet.headers }))).json['data'].user.balance;
    await expectError(call(sandbox, 'POST', '/v1/users/transfers/bank', { body, headers: wallet.headers }), 400, '50003', message);
    const after = (await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: wallet.headers }))).json['data'].user.balance;
    assert.equal(after, before, 'the refused transfer moved nothing');
  });

  it('validates the verify query and 404s accounts that do not resolve', async () => {
    const verify = (query: string) => call(sandbox, 'GET', `/v1/queries/verify?${query}`, { headers: wallet.headers });
    await expectError(verify('accountNumber=123&bankCode=000014'), 400, '10000', /accountNumber/);
    await expectError(verify('accountNumber=123456789012&bankCode=000014'), 400, '10000', /accountNumber/);
    await expectError(verify('accountNumber=12345678a0&bankCode=000014'), 400, '10000', /accountNumber/);
    await expectError(verify('accountNumber=0123456789&bankCode=14'), 400, '10000', /bankCode/);
    await expectError(verify('bankCode=000014'), 400, '10000');
    // 0000000000 at ACCESS BANK: check digit over 000014+000000000 is (10 - 19 % 10) % 10 = 1, so ...0 fails.
    await expectError(
      verify('accountNumber=0000000000&bankCode=000014'),
      404,
      '30002',
      'Could not resolve account name. Check the account number and bank.',
    );
    await expectError(
      call(sandbox, 'GET', '/v1/queries/verify?accountNumber=0000000001&bankCode=000014', { headers: { 'x-app-key': dev.appKey } }),
      401,
      '10002',
    );
  });
});
