import * as assert from 'node:assert/strict';
import { BANKS, makeValidAccountNumber, Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { call, connectWallet, decodeJwt, errorOf, expectOk, newDeveloper } from './helpers';

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const HEX24 = /^[0-9a-f]{24}$/;

describe('sandbox: the whole flow', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startCheckedSandbox({ seed: 7, log: () => undefined });
  });
  after(() => sandbox.close());

  it('walks signup → login → resource auth → create app → OTP → every query → refresh', async () => {
    const email = 'Ada.Obi@Example.ng';
    const password = 'sandbox-pass-1';

    const signup = await expectOk(call(sandbox, 'POST', '/v1/auth/signup', { body: { email, password } }));
    const user = signup.json['data'].user;
    assert.deepEqual(Object.keys(user).sort(), ['__v', '_id', 'createdAt', 'deleted', 'email', 'lastLogin', 'updatedAt']);
    assert.match(user._id, HEX24);
    assert.equal(user.email, 'ada.obi@example.ng');
    assert.equal(user.deleted, false);
    assert.equal(user.__v, 0);
    assert.match(user.createdAt, ISO_MS);

    const login = await expectOk(call(sandbox, 'POST', '/v1/auth/login', { body: { email: 'ada.obi@example.ng', password } }));
    assert.equal(login.json['data'].user._id, user._id);
    assert.equal(typeof login.json['data'].token, 'string');
    assert.equal(login.json['data'].token.split('.').length, 3);

    const auth = await expectOk(call(sandbox, 'POST', '/v1/resource/auth', { body: { email, password } }));
    const sandboxMobile = auth.json['data'].user.sandboxMobile as string;
    assert.match(sandboxMobile, /^23490\d{8}$/);
    assert.equal(auth.json['data'].user.passwordHash, undefined);
    const token = auth.json['data'].token as string;

    const created = await expectOk(
      call(sandbox, 'POST', '/v1/resource/app', { body: { name: '  Shop  ' }, headers: { 'x-auth-token': token } }),
    );
    const app = created.json['data'].app;
    assert.equal(app.name, 'Shop');
    assert.match(app.key, /^pk_live_[0-9a-f]{32}$/);
    assert.match(app.sandboxKey, /^sk_test_[0-9a-f]{32}$/);
    assert.equal(app.developerID, user._id);
    assert.deepEqual([app.disabled, app.deleted, app.settings, app.wallets, app.__v], [false, false, { developerMode: 'test' }, [], 0]);

    const headers = { 'x-app-key': app.key };
    const validated = await expectOk(call(sandbox, 'POST', '/v1/users/auth/validate', { body: { mobile: sandboxMobile }, headers }));
    assert.equal(validated.json['message'], 'Validation successful');
    assert.match(validated.json['data'].user.id, /^[A-Z0-9]{9}$/);
    assert.equal(validated.json['data'].user.mobile, sandboxMobile);

    const sent = await expectOk(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile: sandboxMobile, factor: 'sms' }, headers }));
    const passcode = sandbox.lastPasscode(sandboxMobile);
    assert.match(passcode ?? '', /^\d{6}$/);
    assert.equal(sent.json['message'], `Please enter the passcode sent to ${sandboxMobile}. [Passcode: ${passcode}]`);

    const verified = await expectOk(
      call(sandbox, 'POST', '/v1/users/auth', { body: { mobile: sandboxMobile, factor: 'sms', passcode }, headers }),
    );
    assert.equal(verified.json['message'], 'Wallet added successfully');
    const { accessToken, refreshToken, expiresIn } = verified.json['data'];
    assert.match(refreshToken, /^[0-9a-f]{40}$/);
    assert.equal(expiresIn, 86400);
    const claims = decodeJwt(accessToken);
    assert.deepEqual(Object.keys(claims).sort(), ['exp', 'iat', 'id', 'mobile']);
    assert.equal(claims['mobile'], sandboxMobile);
    assert.equal(claims['id'], validated.json['data'].user.id);
    assert.equal((claims['exp'] as number) - (claims['iat'] as number), 86400);

    const wallet = { 'x-app-key': app.sandboxKey, 'x-app-wallet-access-token': accessToken };
    const balance = await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: wallet }));
    const walletUser = balance.json['data'].user;
    assert.equal(walletUser.mobile, sandboxMobile);
    assert.ok(Number.isSafeInteger(walletUser.balance) && walletUser.balance > 0);

    const accounts = await expectOk(call(sandbox, 'GET', '/v1/users/accounts', { headers: wallet }));
    const list = accounts.json['data'].accounts as { accountNumber: string; accountName: string; bankCode: string; bankName: string }[];
    assert.ok(list.length >= 1);
    for (const account of list) {
      assert.match(account.accountNumber, /^\d{10}$/);
      assert.match(account.accountName, /^[A-Z]+( [A-Z]+)+$/);
      assert.equal(BANKS.find((bank) => bank.bankCode === account.bankCode)?.bankName, account.bankName);
    }

    const page = await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=5&pages=1', { headers: wallet }));
    const txs = page.json['data'].transactions as {
      _id: string;
      reference: string;
      createdAt: string;
      updatedAt: string;
      amount: number;
      type: string;
    }[];
    assert.equal(txs.length, 5);
    for (const tx of txs) {
      assert.match(tx._id, HEX24);
      assert.equal(tx.reference, tx._id);
      assert.match(tx.createdAt, ISO_MS);
      assert.match(tx.updatedAt, ISO_MS);
      assert.ok(Number.isSafeInteger(tx.amount) && tx.amount > 0);
    }
    const first = txs[0]!;
    const byRef = await expectOk(call(sandbox, 'GET', `/v1/transactions/${first.reference}`, { headers: wallet }));
    assert.deepEqual(byRef.json['data'].transaction, first);

    const banks = await expectOk(call(sandbox, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': app.key } }));
    assert.deepEqual(banks.json['data'].banks, BANKS);

    const accountNumber = makeValidAccountNumber('000013', '012345678');
    const resolved = await expectOk(
      call(sandbox, 'GET', `/v1/queries/verify?accountNumber=${accountNumber}&bankCode=000013`, { headers: wallet }),
    );
    assert.equal(resolved.json['data'].accountNumber, accountNumber);
    assert.equal(resolved.json['data'].bankName, 'GUARANTY TRUST BANK');
    assert.match(resolved.json['data'].accountName, /^[A-Z]+( [A-Z]+)+$/);

    const refreshed = await expectOk(call(sandbox, 'POST', '/v1/users/accessToken', { body: { refreshToken }, headers }));
    assert.deepEqual(Object.keys(refreshed.json['data']).sort(), ['accessToken', 'expiresIn']);
    const again = await expectOk(
      call(sandbox, 'GET', '/v1/users/balance', {
        headers: { ...wallet, 'x-app-wallet-access-token': refreshed.json['data'].accessToken },
      }),
    );
    assert.equal(again.json['data'].user.balance, walletUser.balance);
  });

  it('seeds the demo wallets with the sample id and balance, open to any app', async () => {
    const { appKey } = await newDeveloper(sandbox);
    const demo = await connectWallet(sandbox, appKey, '2348000000000');
    const balance = await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: demo.headers }));
    assert.deepEqual(balance.json['data'].user, { id: 'OKHN8E4SS', mobile: '2348000000000', balance: 526548935 });
    const other = await connectWallet(sandbox, appKey, '2349090000000');
    const types = new Set<string>();
    for (const type of ['bank', 'phone', 'bills', 'bvn', 'vtu']) {
      const answer = await expectOk(call(sandbox, 'GET', `/v1/transactions?type=${type}&limit=100`, { headers: other.headers }));
      for (const tx of answer.json['data'].transactions as { type: string }[]) {
        types.add(tx.type);
      }
    }
    assert.deepEqual([...types].sort(), ['bank', 'bills', 'bvn', 'phone', 'vtu']);
  });

  it('accepts the balance as POST { mobile } for old SDKs', async () => {
    const { appKey } = await newDeveloper(sandbox);
    const demo = await connectWallet(sandbox, appKey, '2348000000000');
    const answer = await expectOk(call(sandbox, 'POST', '/v1/users/balance', { body: { mobile: '2348000000000' }, headers: demo.headers }));
    assert.equal(answer.json['data'].user.balance, 526548935);
  });

  it('gives transaction records the shape of their type', async () => {
    const { appKey } = await newDeveloper(sandbox);
    const demo = await connectWallet(sandbox, appKey, '2349090000000');
    const shapes: Record<string, string[]> = {
      bank: ['accountName', 'accountNumber', 'bankCode', 'bankName'],
      bills: ['metadata'],
      vtu: ['metadata'],
      bvn: ['metadata'],
    };
    for (const [type, keys] of Object.entries(shapes)) {
      const answer = await expectOk(call(sandbox, 'GET', `/v1/transactions?type=${type}&limit=100`, { headers: demo.headers }));
      const txs = answer.json['data'].transactions as { type: string; recipient: Record<string, unknown> }[];
      assert.ok(txs.length > 0, type);
      for (const tx of txs) {
        assert.equal(tx.type, type);
        assert.deepEqual(Object.keys(tx.recipient).sort(), keys);
      }
    }
    const vtu = await expectOk(call(sandbox, 'GET', '/v1/transactions?type=vtu&limit=1', { headers: demo.headers }));
    const metadata = vtu.json['data'].transactions[0].recipient.metadata;
    assert.ok(['mtn', 'airtel', 'glo', '9mobile'].includes(metadata.billerName));
    assert.match(metadata.billCustomerID, /^234\d{10}$/);
    assert.equal(metadata.billType, 'vtu');
    const phone = await expectOk(call(sandbox, 'GET', '/v1/transactions?type=phone&limit=100', { headers: demo.headers }));
    for (const tx of phone.json['data'].transactions as { recipient: { mobile: string } }[]) {
      assert.match(tx.recipient.mobile, /^234\d{10}$/);
    }
  });

  it('rejects a second signup with the same e-mail, whatever its case', async () => {
    await expectOk(call(sandbox, 'POST', '/v1/auth/signup', { body: { email: 'twice@example.ng', password: 'long-enough' } }));
    const again = await call(sandbox, 'POST', '/v1/auth/signup', { body: { email: 'TWICE@example.ng', password: 'long-enough' } });
    assert.equal(again.status, 409);
    assert.equal(errorOf(again).errorCode, '20001');
  });

  it('gives each developer their own sandbox wallet', async () => {
    const a = await newDeveloper(sandbox);
    const b = await newDeveloper(sandbox);
    assert.notEqual(a.sandboxMobile, b.sandboxMobile);
  });
});
