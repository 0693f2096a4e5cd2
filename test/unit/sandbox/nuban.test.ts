import * as assert from 'node:assert/strict';
import { BANKS, isValidAccountNumber, makeValidAccountNumber, Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { call, connectWallet, ConnectedWallet, errorOf, expectOk, newDeveloper } from './helpers';

describe('sandbox: banks and account verification', () => {
  it('lists 40-80 NIP institutions with unique 6-digit codes, sorted by name', () => {
    assert.ok(BANKS.length >= 40 && BANKS.length <= 80, String(BANKS.length));
    assert.equal(new Set(BANKS.map((b) => b.bankCode)).size, BANKS.length);
    assert.ok(BANKS.every((b) => /^\d{6}$/.test(b.bankCode) && b.bankName === b.bankName.toUpperCase()));
    const names = BANKS.map((b) => b.bankName);
    assert.deepEqual(names, [...names].sort());
    assert.deepEqual(BANKS[0], { bankCode: '090270', bankName: 'AB MICROFINANCE BANK' });
    const byCode = new Map(BANKS.map((b) => [b.bankCode, b.bankName]));
    assert.equal(byCode.get('000014'), 'ACCESS BANK');
    assert.equal(byCode.get('000013'), 'GUARANTY TRUST BANK');
    assert.equal(byCode.get('090267'), 'KUDA MICROFINANCE BANK');
  });

  it('computes the NUBAN check digit over the 6-digit code and the serial', () => {
    // 000014 + 000000000 weighted 3,7,3,...: 1*7 + 4*3 = 19, so the check digit is 1.
    assert.equal(makeValidAccountNumber('000014', '000000000'), '0000000001');
    assert.equal(makeValidAccountNumber('000014', '0'), '0000000001');
    assert.ok(isValidAccountNumber('000014', '0000000001'));
    assert.ok(!isValidAccountNumber('000014', '0000000000'));
    // 11 digits: a 10-digit serial.
    const eleven = makeValidAccountNumber('090267', '1234567890');
    assert.equal(eleven.length, 11);
    assert.ok(isValidAccountNumber('090267', eleven));
    assert.throws(() => makeValidAccountNumber('14', '1'), /6 digits/);
    assert.throws(() => makeValidAccountNumber('000014', '12345678901'), /seedDigits/);
  });

  it('accepts exactly one check digit in ten', () => {
    let valid = 0;
    for (let last = 0; last <= 9; last++) {
      if (isValidAccountNumber('000015', `123456789${last}`)) {
        valid++;
      }
    }
    assert.equal(valid, 1);
  });

  describe('over HTTP', () => {
    let sandbox: Sandbox;
    let wallet: ConnectedWallet;
    before(async () => {
      sandbox = await startCheckedSandbox({ log: () => undefined });
      const dev = await newDeveloper(sandbox);
      wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
    });
    after(() => sandbox.close());

    const verify = (accountNumber: string, bankCode: string) =>
      call(sandbox, 'GET', `/v1/queries/verify?accountNumber=${accountNumber}&bankCode=${bankCode}`, { headers: wallet.headers });

    it('resolves the same number to the same name, and a different number to its own', async () => {
      const number = makeValidAccountNumber('000015', '208915199');
      const a = await expectOk(verify(number, '000015'));
      const b = await expectOk(verify(number, '000015'));
      assert.deepEqual(a.json['data'], b.json['data']);
      assert.deepEqual(Object.keys(a.json['data']).sort(), ['accountName', 'accountNumber', 'bankCode', 'bankName']);
      assert.equal(a.json['data'].bankName, 'ZENITH BANK');
      const names = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const other = await expectOk(verify(makeValidAccountNumber('000015', String(100000000 + i)), '000015'));
        names.add(other.json['data'].accountName as string);
      }
      assert.ok(names.size > 5, 'names vary between accounts');
    });

    it('resolves an 11-digit number that passes the rule', async () => {
      const number = makeValidAccountNumber('000016', '1234567890');
      const answer = await expectOk(verify(number, '000016'));
      assert.equal(answer.json['data'].accountNumber, number);
    });

    it("always resolves the wallet's own accounts, with the owner's name", async () => {
      const accounts = await expectOk(call(sandbox, 'GET', '/v1/users/accounts', { headers: wallet.headers }));
      for (const account of accounts.json['data'].accounts as { accountNumber: string; bankCode: string }[]) {
        const answer = await expectOk(verify(account.accountNumber, account.bankCode));
        assert.deepEqual(answer.json['data'], account);
      }
    });

    it('answers a number that fails the check digit with 404', async () => {
      const good = makeValidAccountNumber('000004', '555555555');
      const bad = good.slice(0, -1) + String((Number(good.slice(-1)) + 1) % 10);
      const answer = await verify(bad, '000004');
      assert.equal(answer.status, 404);
      assert.equal(errorOf(answer).errorCode, '30002');
    });
  });
});
