// Balances stay within Number.MAX_SAFE_INTEGER kobo (issue 35): past it, sums lose kobo. Every
// path that credits is refused with a 4xx that names the limit and moves nothing: a phone
// transfer received, a balance set by an admin call or from Node, a scenario's balance; a
// reversal cannot pass it because pending bank transfers count against the limit.
import * as assert from 'node:assert/strict';
import { Sandbox } from '../../../src/sandbox';
import { ApiError } from '../../../src/sandbox/vocabulary/errors';
import { parseScenario } from '../../../src/sandbox/scenario/parse';
import { startCheckedSandbox } from '../support/contract';
import { call, ConnectedWallet, connectWallet, errorOf, expectOk, newDeveloper } from './helpers';

const MAX = Number.MAX_SAFE_INTEGER;
const OTHER = '2349090000000';
const FAILS = { accountNumber: '1000000003', accountName: 'SANDBOX FAILS REVERSES', bankCode: '000013' };

describe('sandbox: the balance limit', () => {
  let sandbox: Sandbox;
  let wallet: ConnectedWallet;

  beforeEach(async () => {
    sandbox = await startCheckedSandbox({ log: () => undefined });
    const dev = await newDeveloper(sandbox);
    wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
    sandbox.setBalance(dev.sandboxMobile, 1_000_000);
  });
  afterEach(() => sandbox.close());

  const phone = (amount: number) =>
    call(sandbox, 'POST', '/v1/users/transfers/phone', { body: { mobile: OTHER, amount }, headers: wallet.headers });

  it('refuses a phone transfer that would take the receiver past it (400 50012, naming the limit) and moves nothing', async () => {
    sandbox.setBalance(OTHER, MAX - 100);
    const refused = await phone(101);
    assert.equal(refused.status, 400, refused.text);
    const error = errorOf(refused);
    assert.equal(error.errorCode, '50012');
    assert.match(error.error, /9007199254740991 kobo \(Number\.MAX_SAFE_INTEGER/);
    assert.match(error.error, /no money moved/);
    assert.deepEqual([sandbox.balance(wallet.mobile), sandbox.balance(OTHER)], [1_000_000, MAX - 100]);

    await expectOk(phone(100));
    assert.deepEqual([sandbox.balance(wallet.mobile), sandbox.balance(OTHER)], [1_000_000 - 100, MAX], 'up to the limit exactly');
    assert.equal(errorOf(await phone(1)).errorCode, '50012');
  });

  it('counts pending bank transfers: a balance that a reversal would take past the limit is refused, so reversals stay exact', async () => {
    const sent = await expectOk(
      call(sandbox, 'POST', '/v1/users/transfers/bank', { body: { ...FAILS, amount: 10_000 }, headers: wallet.headers }),
    );
    // From Node and over HTTP alike.
    assert.throws(
      () => sandbox.setBalance(wallet.mobile, MAX - 9_999),
      (error: unknown) => error instanceof ApiError && error.errorCode === '50012' && /MAX_SAFE_INTEGER/.test(error.message),
    );
    const refused = await call(sandbox, 'POST', `/__sandbox/balance?mobile=${wallet.mobile}`, { body: { balance: MAX - 9_999 } });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(errorOf(refused).errorCode, '50012');
    assert.equal(sandbox.balance(wallet.mobile), 1_000_000 - 10_000, 'nothing changed');

    sandbox.setBalance(wallet.mobile, MAX - 10_000);
    // Nor can a phone transfer fill the room the pending transfer holds.
    const other = await connectWallet(sandbox, wallet.appKey, OTHER);
    const into = await call(sandbox, 'POST', '/v1/users/transfers/phone', {
      body: { mobile: wallet.mobile, amount: 1 },
      headers: other.headers,
    });
    assert.equal(errorOf(into).errorCode, '50012');

    await sandbox.advanceClock(60);
    const requery = await expectOk(
      call(sandbox, 'GET', `/v1/users/transfers/requery/bank/${sent.json['data'].transaction.transactionReference as string}`, {
        headers: wallet.headers,
      }),
    );
    assert.equal(requery.json['data'].transaction.statusMessage, 'failed');
    assert.equal(sandbox.balance(wallet.mobile), MAX, 'the reversal brought back every kobo, and no more');
  });

  it("refuses a scenario's balance past the limit, naming it", () => {
    assert.throws(
      () => parseScenario({ wallets: [{ mobile: '2348031112222', balance: MAX + 1 }] }),
      /wallets\[0\]\.balance: .*at most 9007199254740991/,
    );
    assert.doesNotThrow(() => parseScenario({ wallets: [{ mobile: '2348031112222', balance: MAX }] }));
  });
});
