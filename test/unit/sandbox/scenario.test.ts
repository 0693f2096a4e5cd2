import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parseScenario, readScenarioFile, ScenarioError } from '../../../src/sandbox/scenario/parse';
import { scenarioJsonSchema, type Scenario } from '../../../src/sandbox/scenario/format';
import { call, connectWallet, expectOk, withSandbox } from './helpers';

// The scenario file: the same world in the editor and in CI. A bad file names the JSON path at
// fault; a good one gives exactly the apps, keys, wallets, accounts, clock and faults it declares.

const SCHEMA_FILE = path.resolve(__dirname, '../../../../src/sandbox/scenario/scenario.schema.json');
const DOCS = path.resolve(__dirname, '../../../../docs/scenarios.md');

const SHOP: Scenario = {
  $schema: './scenario.schema.json',
  seed: 7,
  clock: { start: '2026-01-05T09:00:00Z' },
  developers: [
    {
      email: 'ci@example.ng',
      password: 'scenario-password',
      apps: [
        {
          name: 'my-shop',
          sandboxKey: 'sk_test_scenario_0001',
          key: 'pk_live_scenario_0001',
          callbackURL: 'http://127.0.0.1:9/webhooks',
          wallets: ['08031112222'],
        },
      ],
    },
  ],
  wallets: [
    { mobile: '08031112222', name: 'Ada Obi', passcode: '424242', balance: 1_500_000, transactions: 3 },
    {
      mobile: '+2348033334444',
      balance: 0,
      transactions: [
        { type: 'phone', amount: 5000, reference: 'gift-1', createdAt: '2026-01-01T10:00:00Z', recipient: { mobile: '08031112222' } },
      ],
    },
  ],
  bankAccounts: [
    { bankCode: '000014', accountNumber: '0123456789', accountName: 'ACME STORES LTD' },
    { bankCode: '000014', accountNumber: '0123456780', accountName: 'SLOW PAYEE', outcome: 'held' },
  ],
  latencyMs: 0,
  faults: [{ method: 'GET', path: '/v1/queries/banks', status: 503, times: 1 }],
};

function errorOf(run: () => unknown): ScenarioError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ScenarioError, `a ScenarioError, got ${String(error)}`);
    return error;
  }
  assert.fail('no error');
}

const withWallets = (wallets: unknown[]) => ({ wallets });

describe('sandbox: scenario files', () => {
  it('names the JSON path and what it must be', () => {
    const bad = withWallets([{ mobile: '08031112222' }, { mobile: '08031112223' }, { mobile: '08031112224', balance: 10.5 }]);
    assert.equal(errorOf(() => parseScenario(bad)).message, 'wallets[2].balance: must be an integer number of kobo');
    assert.equal(
      errorOf(() => parseScenario(bad, 'ci/wallet-sandbox.json')).message,
      'ci/wallet-sandbox.json: wallets[2].balance: must be an integer number of kobo',
    );
    assert.equal(errorOf(() => parseScenario(withWallets([{ mobile: '0803' }]))).path, 'wallets[0].mobile');
    assert.match(
      errorOf(() => parseScenario(withWallets([{ mobile: '08031112222', balanse: 5 }]))).message,
      /^wallets\[0\]\.balanse: is not a field/,
    );
    assert.match(errorOf(() => parseScenario(withWallets([{ name: 'No Number' }]))).message, /^wallets\[0\]\.mobile: is missing/);
    assert.equal(
      errorOf(() => parseScenario({ bankAccounts: [{ bankCode: '999', accountNumber: '0123456789', accountName: 'X' }] })).path,
      'bankAccounts[0].bankCode',
    );
    assert.match(errorOf(() => parseScenario([])).message, /must be a JSON object/);
  });

  it('refuses two of a kind and links to nothing', () => {
    assert.equal(
      errorOf(() => parseScenario(withWallets([{ mobile: '08031112222' }, { mobile: '2348031112222' }]))).message,
      'wallets[1].mobile: is the same wallet as wallets[0]',
    );
    const app = (name: string, sandboxKey: string) => ({ name, sandboxKey });
    const twoKeys = {
      developers: [{ email: 'a@b.ng', password: '12345678', apps: [app('a', 'sk_test_same_key_01'), app('b', 'sk_test_same_key_01')] }],
    };
    assert.match(
      errorOf(() => parseScenario(twoKeys)).message,
      /^developers\[0\]\.apps\[1\]\.sandboxKey: is already the key of developers\[0\]\.apps\[0\]/,
    );
    const linked = { developers: [{ email: 'a@b.ng', password: '12345678', apps: [{ name: 'a', wallets: ['08099998888'] }] }] };
    assert.match(
      errorOf(() => parseScenario(linked)).message,
      /^developers\[0\]\.apps\[0\]\.wallets\[0\]: names no wallet of this scenario/,
    );
    // The demo wallets need no declaring.
    parseScenario({ developers: [{ email: 'a@b.ng', password: '12345678', apps: [{ name: 'a', wallets: ['2349090000000'] }] }] });
  });

  it('reads a file, and says so plainly when it is not JSON or not there', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'scenario-'));
    try {
      const file = path.join(dir, 'wallet-sandbox.json');
      writeFileSync(file, '{ "wallets": [ }');
      await assert.rejects(
        readScenarioFile(file),
        (error: Error) => error instanceof ScenarioError && error.message.startsWith(`${file}: is not JSON:`),
      );
      await assert.rejects(readScenarioFile(path.join(dir, 'missing.json')), /missing\.json: cannot be read \(ENOENT\)/);
      writeFileSync(file, `\uFEFF${JSON.stringify(SHOP)}`);
      assert.equal((await readScenarioFile(file)).wallets?.length, 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('publishes a JSON Schema that is current and agrees with the loader', () => {
    const schema = scenarioJsonSchema();
    assert.deepEqual(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')), schema, 'run npm run scenario:schema');
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    assert.ok(validate(SHOP), JSON.stringify(validate.errors));
    const bad = structuredClone(SHOP) as { wallets: Record<string, unknown>[] };
    bad.wallets[0]!['balance'] = 10.5;
    assert.equal(validate(bad), false);
    assert.equal(validate.errors?.[0]?.instancePath, '/wallets/0/balance');
  });

  it('starts the world it declares: fixed keys, passcode, balance, history, accounts, clock and faults', async () => {
    await withSandbox({ scenario: SHOP }, async (sandbox) => {
      assert.deepEqual(
        sandbox.scenario?.apps.map(({ name, key, sandboxKey, wallets }) => ({ name, key, sandboxKey, wallets })),
        [{ name: 'my-shop', key: 'pk_live_scenario_0001', sandboxKey: 'sk_test_scenario_0001', wallets: ['2348031112222'] }],
      );
      assert.deepEqual(
        sandbox.scenario?.wallets.map((w) => w.mobile),
        ['2348031112222', '2348033334444'],
      );
      assert.equal(new Date(sandbox.now()).toISOString().slice(0, 13), '2026-01-05T09');

      // The scenario's fault comes first: a 503 once, then the bank list.
      const headers = { 'x-app-key': 'sk_test_scenario_0001' };
      assert.equal((await call(sandbox, 'GET', '/v1/queries/banks', { headers })).status, 503);
      await expectOk(call(sandbox, 'GET', '/v1/queries/banks', { headers }));

      // A hard-coded key and passcode sign the wallet in.
      await expectOk(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile: '2348031112222', factor: 'sms' }, headers }));
      const verified = await expectOk(
        call(sandbox, 'POST', '/v1/users/auth', { body: { mobile: '2348031112222', factor: 'sms', passcode: '424242' }, headers }),
      );
      const wallet = { ...headers, 'x-app-wallet-access-token': verified.json['data'].accessToken as string };
      const balance = await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: wallet }));
      assert.equal(balance.json['data'].user.balance, 1_500_000);
      const accounts = await expectOk(call(sandbox, 'GET', '/v1/users/accounts', { headers: wallet }));
      assert.ok(accounts.json['data'].accounts.length > 0);
      for (const account of accounts.json['data'].accounts) assert.equal(account.accountName, 'Ada Obi', 'the holder the scenario names');
      const list = await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=50', { headers: wallet }));
      assert.equal(list.json['data'].transactions.length, 3);
      const verify = await expectOk(
        call(sandbox, 'GET', '/v1/queries/verify?bankCode=000014&accountNumber=0123456789', { headers: wallet }),
      );
      assert.equal(verify.json['data'].accountName, 'ACME STORES LTD');

      // A held account keeps its transfer pending for a day of virtual time.
      const sent = await expectOk(
        call(sandbox, 'POST', '/v1/users/transfers/bank', {
          headers: wallet,
          body: { amount: 10_000, bankCode: '000014', accountNumber: '0123456780', accountName: 'SLOW PAYEE' },
        }),
      );
      assert.equal(sent.json['data'].transaction.statusCode, '000002');
      await sandbox.advanceClock(3600);
      const reference = sent.json['data'].transaction.transactionReference as string;
      const later = await expectOk(call(sandbox, 'GET', `/v1/users/transfers/requery/bank/${reference}`, { headers: wallet }));
      assert.equal(later.json['data'].transaction.statusCode, '000002', 'still pending an hour later');

      // The other wallet has exactly its one declared record.
      const other = await connectWallet(sandbox, 'sk_test_scenario_0001', '2348033334444');
      const gift = await expectOk(call(sandbox, 'GET', '/v1/transactions', { headers: other.headers }));
      assert.deepEqual(
        gift.json['data'].transactions.map((tx: { reference: string; amount: number }) => [tx.reference, tx.amount]),
        [['gift-1', 5000]],
      );
    });
  });

  it('gives the same world for the same scenario and seed', async () => {
    const names = async () =>
      withSandbox({ scenario: SHOP }, async (sandbox) => {
        const other = await connectWallet(sandbox, 'sk_test_scenario_0001', '2348033334444');
        const accounts = await expectOk(call(sandbox, 'GET', '/v1/users/accounts', { headers: other.headers }));
        return JSON.stringify(accounts.json['data']);
      });
    assert.equal(await names(), await names());
  });

  it('keeps a state file it made from a scenario, with its passcodes, across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'scenario-state-'));
    const dataFile = path.join(dir, 'state.json');
    try {
      await withSandbox({ scenario: SHOP, dataFile }, async (sandbox) => {
        assert.ok(sandbox.scenario, 'the world was made from the scenario');
        await expectOk(call(sandbox, 'POST', '/__sandbox/balance?mobile=2348031112222', { body: { balance: 777 } }));
      });
      await withSandbox({ scenario: SHOP, dataFile }, async (sandbox) => {
        assert.equal(sandbox.scenario, undefined, 'the world came from the state file');
        const headers = { 'x-app-key': 'sk_test_scenario_0001' };
        await expectOk(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile: '2348031112222', factor: 'sms' }, headers }));
        const verified = await expectOk(
          call(sandbox, 'POST', '/v1/users/auth', { body: { mobile: '2348031112222', factor: 'sms', passcode: '424242' }, headers }),
        );
        const wallet = { ...headers, 'x-app-wallet-access-token': verified.json['data'].accessToken as string };
        assert.equal((await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: wallet }))).json['data'].user.balance, 777);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("docs/scenarios.md's example loads and does what the page says", async () => {
    const example = /## An example\n\n```json\n([\s\S]*?)\n```/.exec(readFileSync(DOCS, 'utf8'))?.[1];
    assert.ok(example, 'the page has its example');
    await withSandbox({ scenario: JSON.parse(example) as Scenario }, async (sandbox) => {
      const app = sandbox.scenario?.apps[0];
      assert.equal(app?.sandboxKey, 'sk_test_my_shop_ci_0001');
      assert.match(app?.key ?? '', /^pk_live_[0-9a-f]{32}$/, 'the live-mode key is generated');
      const sent = await expectOk(
        call(sandbox, 'POST', '/v1/users/auth', {
          body: { mobile: '2348031112222', factor: 'sms' },
          headers: { 'x-app-key': 'sk_test_my_shop_ci_0001' },
        }),
      );
      assert.match(sent.json['message'] as string, /\[Passcode: 424242\]/);
      const ada = await connectWallet(sandbox, 'sk_test_my_shop_ci_0001', '2348031112222');
      assert.equal(
        (await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: ada.headers }))).json['data'].user.balance,
        1_500_000,
      );
      const list = await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=50', { headers: ada.headers }));
      assert.equal(list.json['data'].transactions.length, 20);
      const verify = await expectOk(
        call(sandbox, 'GET', '/v1/queries/verify?bankCode=000014&accountNumber=0123456789', { headers: ada.headers }),
      );
      assert.equal(verify.json['data'].accountName, 'ACME STORES LTD');
      // The first bank transfer's connection is dropped.
      const body = { amount: 10_000, bankCode: '000014', accountNumber: '0123456789', accountName: 'ACME STORES LTD' };
      await assert.rejects(
        fetch(`${sandbox.url}/v1/users/transfers/bank`, {
          method: 'POST',
          headers: { ...ada.headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      await expectOk(call(sandbox, 'POST', '/v1/users/transfers/bank', { headers: ada.headers, body }));
    });
  });
});
