import * as assert from 'node:assert/strict';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { Sandbox } from '../../../src/sandbox';
import { startSandbox } from '../../../src/sandbox/package';
import { SANDBOX_PASSWORD } from '../../../src/sandbox/scenario/export';
import { parseScenario } from '../../../src/sandbox/scenario/parse';
import { scenarioJsonSchema } from '../../../src/sandbox/scenario/format';
import type { ScenarioFile } from '../../../src/sandbox/scenario/scenarioFile';
import { call, connectWallet, expectOk, newDeveloper, withSandbox } from './helpers';

// Save Sandbox as Scenario: the world written as a scenario loads back to the same world (apps,
// keys, wallets, balances, histories, bank accounts, webhook URLs), and the file passes the schema.

const SHOP: ScenarioFile = {
  seed: 11,
  clock: { start: '2026-02-01T08:00:00Z' },
  developers: [
    {
      email: 'ci@example.ng',
      password: 'scenario-password',
      apps: [
        {
          name: 'my-shop',
          key: 'pk_live_scenario_0001',
          sandboxKey: 'sk_test_scenario_0001',
          callbackURL: 'http://127.0.0.1:9/webhooks',
          wallets: ['08031112222'],
        },
        { name: 'back-office', sandboxKey: 'sk_test_scenario_0002' },
      ],
    },
  ],
  wallets: [
    { mobile: '08031112222', name: 'Ada Obi', passcode: '424242', balance: 1_500_000, transactions: 4 },
    {
      mobile: '2348033334444',
      balance: 0,
      transactions: [{ type: 'phone', amount: 5000, reference: 'gift-1', createdAt: '2026-01-01T10:00:00Z' }],
    },
  ],
  bankAccounts: [
    { bankCode: '000014', accountNumber: '0123456789', accountName: 'ACME STORES LTD' },
    { bankCode: '000014', accountNumber: '0123456780', accountName: 'SLOW PAYEE', outcome: 'held' },
  ],
  latencyMs: 5,
  faults: [{ method: 'GET', path: '/v1/queries/banks', status: 503, times: 2 }],
};

/** The parts of a world the file must carry, read from an export (everything but the clock, which moves on). */
function world(file: ScenarioFile) {
  const { clock, ...rest } = file;
  void clock;
  return rest;
}

async function history(sandbox: Sandbox, appKey: string, mobile: string): Promise<unknown[]> {
  const wallet = await connectWallet(sandbox, appKey, mobile);
  const list = await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=100', { headers: wallet.headers }));
  return list.json['data'].transactions.map((tx: { reference: string; amount: number; type: string; createdAt: string }) => [
    tx.reference,
    tx.amount,
    tx.type,
    tx.createdAt,
  ]);
}

describe('sandbox: a scenario saved from the running world', () => {
  it('loads back to the same world: apps, keys, wallets, balances, histories, bank accounts, webhook URL', async () => {
    const first = await withSandbox({ scenario: SHOP }, async (sandbox) => {
      // The world moves on after the load: a balance, a developer made by hand and her own wallet.
      sandbox.setBalance('2348033334444', 42_00);
      const dev = await newDeveloper(sandbox);
      sandbox.setBalance(dev.sandboxMobile, 123_45);
      const saved = await sandbox.exportScenario();
      return { saved, dev, shopHistory: await history(sandbox, 'sk_test_scenario_0001', '2348031112222') };
    });
    const { saved, dev } = first;

    // The file is one the schema and the loader take.
    const validate = new Ajv({ allErrors: true, strict: false });
    addFormats(validate);
    assert.ok(validate.validate(scenarioJsonSchema(), saved.scenario), JSON.stringify(validate.errors));
    parseScenario(saved.scenario);

    // What the scenario fixed is written as it was; what the sandbox keeps only by hash is not.
    const shop = saved.scenario.developers?.find((d) => d.email === 'ci@example.ng');
    assert.equal(shop?.password, 'scenario-password', 'a password the scenario gave is proved against its hash and kept');
    assert.deepEqual(shop?.apps, [
      { ...SHOP.developers?.[0]?.apps?.[0], wallets: ['2348031112222'] },
      { name: 'back-office', sandboxKey: 'sk_test_scenario_0002' },
    ]);
    const made = saved.scenario.developers?.find((d) => d.email === dev.email);
    assert.equal(made?.password, SANDBOX_PASSWORD, 'a password typed into the sandbox is never written');
    assert.equal(made?.sandboxMobile, dev.sandboxMobile);
    assert.deepEqual(made?.apps, [{ name: 'Test app' }], 'keys the sandbox holds only by hash are left out');
    assert.deepEqual(saved.sandboxPasswords, [dev.email]);
    assert.deepEqual(
      saved.apps.map(({ path, sandboxKey }) => [path, sandboxKey]),
      [
        ['developers[0].apps[0]', true],
        ['developers[0].apps[1]', true],
        ['developers[1].apps[0]', false],
      ],
    );
    const ada = saved.scenario.wallets?.find((w) => w.mobile === '2348031112222');
    assert.equal(ada?.passcode, '424242');
    assert.equal(ada?.balance, 1_500_000);
    assert.equal(saved.scenario.wallets?.find((w) => w.mobile === '2348033334444')?.balance, 42_00);
    assert.deepEqual(saved.scenario.bankAccounts, SHOP.bankAccounts);
    assert.deepEqual(saved.scenario.faults, SHOP.faults);
    assert.equal(saved.scenario.latencyMs, 5);
    assert.equal(saved.scenario.seed, 11);

    // Loaded again: the same world, and it saves to the same file.
    await withSandbox({ scenario: saved.scenario }, async (again) => {
      // Saved again before anything signs in (a sign-in links the wallet to the app it used).
      const resaved = await again.exportScenario();
      const { developers: before, ...restBefore } = world(saved.scenario);
      const { developers: after, ...restAfter } = world(resaved.scenario);
      assert.deepEqual(restAfter, restBefore);
      assert.deepEqual(after, before);
      assert.ok(Math.abs(Date.parse(resaved.scenario.clock!.start!) - Date.parse(saved.scenario.clock!.start!)) < 60_000);

      assert.equal(again.balance('2348033334444'), 42_00);
      assert.equal(again.balance(dev.sandboxMobile), 123_45, "the developer's own wallet keeps its balance");
      assert.deepEqual(await history(again, 'sk_test_scenario_0001', '2348031112222'), first.shopHistory);
      const login = await expectOk(call(again, 'POST', '/v1/resource/auth', { body: { email: dev.email, password: SANDBOX_PASSWORD } }));
      assert.equal(login.json['data'].user.sandboxMobile, dev.sandboxMobile);
      const verify = await connectWallet(again, 'sk_test_scenario_0002', '2348031112222');
      const named = await expectOk(
        call(again, 'GET', '/v1/queries/verify?bankCode=000014&accountNumber=0123456789', { headers: verify.headers }),
      );
      assert.equal(named.json['data'].accountName, 'ACME STORES LTD');
    });
  });

  it('is served at GET /__sandbox/scenario', async () => {
    await withSandbox({ scenario: SHOP }, async (sandbox) => {
      const answer = await expectOk(call(sandbox, 'GET', '/__sandbox/scenario'));
      assert.equal(answer.json['data'].scenario.developers[0].apps[0].sandboxKey, 'sk_test_scenario_0001');
      assert.deepEqual(answer.json['data'].sandboxPasswords, []);
    });
  });

  it('writes a callback URL without its user name and password, says so in a note, and shows them nowhere', async () => {
    const secretHook = 'https://hook-user:hook-s3cret@example.com/hook';
    const scenario: ScenarioFile = {
      developers: [{ email: 'hook@example.ng', password: 'hook-password', apps: [{ name: 'hooked', sandboxKey: 'sk_test_hooked_0001' }] }],
    };
    const shows = (text: string) => text.includes('hook-s3cret') || text.includes('hook-user');
    await using sandbox = await startSandbox({ scenario, log: () => undefined });
    await expectOk(
      call(sandbox.url, 'PUT', '/v1/apps/settings', { body: { callbackURL: secretHook }, headers: { 'x-app-key': 'sk_test_hooked_0001' } }),
    );
    const overHttp = await expectOk(call(sandbox.url, 'GET', '/__sandbox/scenario'));
    const snapshot = await sandbox.snapshot();
    for (const saved of [overHttp.json['data'] as { scenario: ScenarioFile; notes: string[] }, snapshot]) {
      assert.ok(!shows(JSON.stringify(saved)), JSON.stringify(saved));
      assert.equal(saved.scenario.developers?.[0]?.apps?.[0]?.callbackURL, 'https://example.com/hook');
      assert.ok(
        saved.notes.some((note) => /developers\[0\]\.apps\[0\]\.callbackURL .*without the user name and password/.test(note)),
        saved.notes.join('\n'),
      );
      parseScenario(saved.scenario);
    }
    // A URL without them is written as it was, with no note.
    await expectOk(
      call(sandbox.url, 'PUT', '/v1/apps/settings', {
        body: { callbackURL: 'https://example.com/plain' },
        headers: { 'x-app-key': 'sk_test_hooked_0001' },
      }),
    );
    const plain = await sandbox.snapshot();
    assert.equal(plain.scenario.developers?.[0]?.apps?.[0]?.callbackURL, 'https://example.com/plain');
    assert.deepEqual(plain.notes, []);
  });

  it('shows a scenario callback URL without its password in what the start answers (the --json ready line)', async () => {
    const scenario: ScenarioFile = {
      developers: [
        {
          email: 'hook@example.ng',
          password: 'hook-password',
          apps: [{ name: 'hooked', sandboxKey: 'sk_test_hooked_0001', callbackURL: 'https://hook-user:hook-s3cret@example.com/hook' }],
        },
      ],
    };
    await withSandbox({ scenario }, async (sandbox) => {
      assert.equal(sandbox.scenario?.apps[0]?.callbackURL, 'https://***@example.com/hook');
      const saved = await sandbox.exportScenario();
      assert.equal(saved.scenario.developers?.[0]?.apps?.[0]?.callbackURL, 'https://example.com/hook');
    });
  });
});
