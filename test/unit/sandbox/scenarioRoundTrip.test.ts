import * as assert from 'node:assert/strict';
import type { Sandbox } from '../../../src/sandbox';
import { parseScenario } from '../../../src/sandbox/scenario/parse';
import type { ScenarioFile } from '../../../src/sandbox/scenario/scenarioFile';
import { call, connectWallet, expectOk, withSandbox } from './helpers';

// Save → load gives back every transaction exactly (issue 36): a history the sandbox generated
// and nobody changed is written as a count and a seed, what was added since with all its details
// (a bill's biller and customer, airtime's number, a bank transfer's status and direction).

const KEY = 'sk_test_round_trip_0001';
const ADA = '2348031113636';
const DEMO = '2348000000000';

const SCENARIO: ScenarioFile = {
  seed: 36,
  clock: { start: '2026-03-02T09:00:00Z' },
  developers: [{ email: 'round@example.ng', password: 'round-trip-1', apps: [{ name: 'shop', sandboxKey: KEY, wallets: [ADA] }] }],
  // No balance and no transactions: the seed makes both, as for any new wallet.
  wallets: [{ mobile: ADA, passcode: '363636' }],
};

/** Every transaction of the wallet, all fields, as the API answers them (newest first). */
async function transactions(sandbox: Sandbox, mobile: string): Promise<unknown[]> {
  const wallet = await connectWallet(sandbox, KEY, mobile);
  const all: unknown[] = [];
  for (let page = 1; ; page++) {
    const answer = await expectOk(call(sandbox, 'GET', `/v1/transactions?limit=100&page=${page}`, { headers: wallet.headers }));
    const list = answer.json['data'].transactions as unknown[];
    all.push(...list);
    if (list.length < 100) return all;
  }
}

type WrittenWallet = NonNullable<ScenarioFile['wallets']>[number];
const walletOf = (file: ScenarioFile, mobile: string): WrittenWallet | undefined => file.wallets?.find((w) => w.mobile === mobile);

describe('sandbox: a saved scenario loads back to the same transactions', () => {
  it('writes an unchanged generated history as count and seed, and every added record with all its details', async () => {
    const first = await withSandbox({ scenario: SCENARIO }, async (sandbox) => {
      const ada = await connectWallet(sandbox, KEY, ADA);
      const generated = (await transactions(sandbox, ADA)).length;
      // Records the seed did not make: a bill and airtime the sandbox fills in, and a bank transfer the ledger settles.
      sandbox.addTransaction(ADA, { type: 'bills', amount: 2150_00 });
      sandbox.addTransaction(ADA, { type: 'vtu', amount: 500_00 });
      await expectOk(
        call(sandbox, 'POST', '/v1/users/transfers/bank', {
          body: { accountNumber: '1000000002', bankCode: '000014', accountName: 'SANDBOX HELD PENDING', amount: 4000 },
          headers: ada.headers,
        }),
      );
      await sandbox.advanceClock(24 * 3600);
      const saved = await sandbox.exportScenario();
      return { saved, generated, ada: await transactions(sandbox, ADA), demo: await transactions(sandbox, DEMO) };
    });
    const file = first.saved.scenario;
    parseScenario(file);

    const demo = walletOf(file, DEMO);
    assert.equal(demo?.transactions, undefined, 'the demo wallet was not touched: no list');
    assert.equal(demo?.generatedHistory?.count, first.demo.length);
    const ada = walletOf(file, ADA);
    assert.equal(ada?.generatedHistory?.count, first.generated, 'the seeded part is three numbers');
    const added = ada?.transactions as Exclude<WrittenWallet['transactions'], number>;
    assert.equal(added?.length, first.ada.length - first.generated, 'only what was added is listed');
    assert.ok(
      added?.some((tx) => tx.type === 'bills' && 'metadata' in (tx.recipient ?? {})),
      'the biller is written',
    );
    assert.ok(
      added?.some((tx) => tx.statusCode === '000001' && tx.direction === 'debit'),
      "the ledger's details are written",
    );
    assert.ok(JSON.stringify(file).length < 20_000, `a short file (${JSON.stringify(file).length} characters)`);

    await withSandbox({ scenario: file }, async (again) => {
      assert.deepEqual(await transactions(again, ADA), first.ada, "every field of every one of Ada's transactions");
      assert.deepEqual(await transactions(again, DEMO), first.demo, "every field of the demo wallet's transactions");
      const resaved = await again.exportScenario();
      assert.deepEqual(walletOf(resaved.scenario, ADA), ada, 'saved again: the same wallet, still count and seed');
      assert.deepEqual(walletOf(resaved.scenario, DEMO), demo);
      // Reset (the editor's Reset Sandbox to Scenario) makes the world from the file again: the same.
      again.addTransaction(ADA, { type: 'vtu', amount: 100_00 });
      await again.reset();
      assert.deepEqual(await transactions(again, ADA), first.ada, 'after a reset');
    });
  });

  it('a listed bill without a recipient keeps the biller the sandbox gave it', async () => {
    const bill: ScenarioFile = {
      seed: 5,
      wallets: [
        {
          mobile: ADA,
          transactions: [
            { type: 'bills', amount: 900_00 },
            { type: 'vtu', amount: 100_00 },
          ],
        },
      ],
    };
    const scenario = { ...bill, developers: SCENARIO.developers };
    const first = await withSandbox({ scenario }, async (sandbox) => ({
      saved: await sandbox.exportScenario(),
      listed: await transactions(sandbox, ADA),
    }));
    await withSandbox({ scenario: first.saved.scenario }, async (again) => {
      assert.deepEqual(await transactions(again, ADA), first.listed);
    });
  });
});
