import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { call, ConnectedWallet, connectWallet, expectError, expectOk, newDeveloper } from './helpers';

// GET /v1/queries/bvn (charged N35, recorded as a bvn transaction) and the old public
// sandbox's unknown persona for airtime (issue 27).

const CHARGE = 3500;

async function balanceOf(sandbox: Sandbox, wallet: ConnectedWallet): Promise<number> {
  const answer = await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: wallet.headers }));
  return answer.json['data'].user.balance as number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function bvnHistory(sandbox: Sandbox, wallet: ConnectedWallet): Promise<Record<string, any>[]> {
  const answer = await expectOk(call(sandbox, 'GET', '/v1/transactions?type=bvn&limit=100', { headers: wallet.headers }));
  return answer.json['data'].transactions;
}

describe('sandbox: BVN queries and the unknown airtime persona', () => {
  let dir: string;
  let sandbox: Sandbox;
  let wallet: ConnectedWallet;
  const bvn = (value: string, headers = wallet.headers) => call(sandbox, 'GET', `/v1/queries/bvn?bvn=${value}`, { headers });

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-bvn-'));
    sandbox = await startCheckedSandbox({ log: () => undefined, dataFile: path.join(dir, 'state.json') });
    const dev = await newDeveloper(sandbox);
    wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
    sandbox.setBalance(dev.sandboxMobile, 100_000);
  });
  afterEach(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the documented shape, the same identity for the same BVN, and another for another', async () => {
    const first = await expectOk(bvn('22123456789'));
    const data = first.json['data'];
    assert.deepEqual(Object.keys(data), ['firstName', 'surname', 'mobileNumber', 'middleName', 'dateOfBirth', 'responseMessage']);
    assert.equal(data.responseMessage, 'SUCCESSFUL');
    assert.match(data.firstName, /^[A-Z]+$/);
    assert.match(data.surname, /^[A-Z]+$/);
    assert.match(data.mobileNumber, /^0[789][01]\d{8}$/);
    assert.match(data.dateOfBirth, /^\d{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{2}$/);
    assert.deepEqual((await expectOk(bvn('22123456789'))).json['data'], data);
    const others = await Promise.all(
      ['22123456780', '22987654321', '12345678901'].map(async (other) => (await expectOk(bvn(other))).json['data']),
    );
    assert.ok(
      others.some((other) => JSON.stringify(other) !== JSON.stringify(data)),
      'different BVNs name different people',
    );
  });

  it('debits N35 per query and records a bvn transaction that survives a restart', async () => {
    const before = await balanceOf(sandbox, wallet);
    const answer = await expectOk(bvn('22123456789'));
    await expectOk(bvn('22123456789'));
    assert.equal(await balanceOf(sandbox, wallet), before - 2 * CHARGE);
    const history = await bvnHistory(sandbox, wallet);
    const newest = history[0];
    assert.equal(newest?.['amount'], CHARGE);
    assert.equal(newest?.['direction'], 'debit');
    assert.deepEqual(newest?.['recipient'], {
      metadata: { bvn: '22123456789', firstName: answer.json['data'].firstName, lastName: answer.json['data'].surname, billType: 'bvn' },
    });
    const count = history.length;
    await sandbox.close();
    sandbox = await startCheckedSandbox({ log: () => undefined, dataFile: path.join(dir, 'state.json') });
    assert.equal(await balanceOf(sandbox, wallet), before - 2 * CHARGE, 'the debit was on disk when the answer came');
    assert.equal((await bvnHistory(sandbox, wallet)).length, count);
  });

  it('refuses a BVN that is not 11 digits with 400 (10000) and charges nothing', async () => {
    const before = await balanceOf(sandbox, wallet);
    for (const value of ['', '2212345678', '221234567890', '2212345678a', '22123456789&bvn=22123456789']) {
      await expectError(bvn(value), 400, '10000');
    }
    await expectError(call(sandbox, 'GET', '/v1/queries/bvn', { headers: wallet.headers }), 400, '10000');
    assert.equal(await balanceOf(sandbox, wallet), before);
  });

  it('answers the magic BVN 22000000000 with 404 (30003), charges nothing, and lists it in the magic table', async () => {
    const before = await balanceOf(sandbox, wallet);
    const historyBefore = (await bvnHistory(sandbox, wallet)).length;
    await expectError(bvn('22000000000'), 404, '30003');
    assert.equal(await balanceOf(sandbox, wallet), before);
    assert.equal((await bvnHistory(sandbox, wallet)).length, historyBefore);
    const magic = await expectOk(call(sandbox, 'GET', '/__sandbox/magic'));
    assert.deepEqual(
      magic.json['data'].bvns.map((entry: { value: string; outcome: string }) => [entry.value, entry.outcome]),
      [['22000000000', 'bvn-not-found']],
    );
  });

  it('refuses with insufficient funds (400, 50001) when the wallet holds less than N35, moving nothing', async () => {
    sandbox.setBalance(wallet.mobile, CHARGE - 1);
    const historyBefore = (await bvnHistory(sandbox, wallet)).length;
    assert.match(await expectError(bvn('22123456789'), 400, '50001'), /Insufficient funds/);
    assert.equal(await balanceOf(sandbox, wallet), CHARGE - 1);
    assert.equal((await bvnHistory(sandbox, wallet)).length, historyBefore);
    sandbox.setBalance(wallet.mobile, CHARGE);
    await expectOk(bvn('22123456789'));
    assert.equal(await balanceOf(sandbox, wallet), 0, 'exactly N35 is enough');
  });

  it('needs the app key and the wallet token', async () => {
    await expectError(bvn('22123456789', { 'x-app-wallet-access-token': wallet.accessToken }), 401, '10001');
    await expectError(bvn('22123456789', { 'x-app-key': wallet.appKey }), 401, '10002');
  });

  it('fails airtime to the unknown persona 2349090000001 as the old public sandbox did, moving no money', async () => {
    const before = await balanceOf(sandbox, wallet);
    const historyBefore = await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=100', { headers: wallet.headers }));
    for (const provider of ['mtn', 'glo']) {
      const message = await expectError(
        call(sandbox, 'POST', '/v1/users/payments/bills/vtu', {
          body: { mobile: '2349090000001', amount: 10_000, provider },
          headers: wallet.headers,
        }),
        404,
        '10003',
      );
      assert.equal(message, 'This user does not exist');
    }
    assert.equal(await balanceOf(sandbox, wallet), before);
    const historyAfter = await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=100', { headers: wallet.headers }));
    assert.deepEqual(historyAfter.json, historyBefore.json);
    const magic = await expectOk(call(sandbox, 'GET', '/__sandbox/magic'));
    const persona = magic.json['data'].mobiles.find((entry: { value: string }) => entry.value === '2349090000001');
    assert.match(persona.description, /airtime/);
    // An ordinary line still takes airtime.
    await expectOk(
      call(sandbox, 'POST', '/v1/users/payments/bills/vtu', {
        body: { mobile: '2349090000002', amount: 10_000, provider: 'mtn' },
        headers: wallet.headers,
      }),
    );
  });
});
