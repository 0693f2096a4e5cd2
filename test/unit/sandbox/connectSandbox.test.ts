import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import {
  connectSandbox,
  type Fault,
  SandboxError,
  SandboxExpectationError,
  SandboxInputError,
  SandboxTimeoutError,
  startSandbox,
  type SandboxWorld,
  type WalletSandbox,
} from '../../../src/sandbox/package';
import type { WorldPort } from '../../../src/sandbox/client/port';
import { OPERATIONS } from '../../../src/sandbox/worlds/operations';
import { call, connectWallet, expectOk, UNTIL_IT_COMES } from './helpers';
import { webhookReceiver, WebhookReceiver } from '../support/webhookReceiver';

// Issue 37, "One API, in and out of process": connectSandbox answers the same SandboxWorld as
// startSandbox, over the admin API. Each case runs the same calls on the world in this process
// and on the one reached over HTTP, each time from the same start; the outcomes (answers,
// refusals with their status and errorCode, the world after) must be identical.

const KEY = 'sk_test_connect_00001';
const ADA = '2348031112222';
const BEN = '2348033334444';

const scenario = (callbackURL: string) => ({
  clock: { start: '2026-03-02T09:00:00.000Z', frozen: true },
  developers: [{ email: 'qa@example.ng', password: 'qa-password', apps: [{ name: 'shop', sandboxKey: KEY, callbackURL }] }],
  wallets: [
    { mobile: '08031112222', passcode: '123456', balance: 500_000 },
    { mobile: '08033334444', balance: 100_000 },
  ],
});

/** What a call came to: its answer, or its refusal as everything a test can read of it (its class and fields included). */
async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return { answer: await run() };
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    const refused = { ...error, class: error.constructor.name, message: error.message, details: error.details };
    // Journal ids go on counting across resets: compared by their form.
    return {
      refused: JSON.parse(
        JSON.stringify(refused)
          .replace(/#\d+/g, '#n')
          .replace(/"id":\d+/g, '"id":0'),
      ) as unknown,
    };
  }
}

/** Every operation of the table a world ran through its port (the parity cases must reach them all). */
const ranOperations = new Set<string>();
function recordOperations(world: SandboxWorld): SandboxWorld {
  const port = (world as unknown as { operations: WorldPort }).operations;
  const run = port.run.bind(port);
  port.run = (name, raw) => (ranOperations.add(name), run(name, raw));
  return world;
}

/** Moves money with the app's key (the journal then has requests, the world a transfer and an event). */
async function sendMoney(url: string, appKey: string, amount: number): Promise<string> {
  const ada = await connectWallet(url, appKey, ADA);
  const sent = await expectOk(call(url, 'POST', '/v1/users/transfers/phone', { headers: ada.headers, body: { mobile: BEN, amount } }));
  return sent.json['data'].transaction.reference as string;
}

type Case = { name: string; run: (world: SandboxWorld, url: string, appKey: string) => Promise<unknown> };

// Journal entries differ by their arrival time and sender's port: compared by what the test asserts on.
const entryShape = (entry: { method: string; path: string; status: number; namespace?: string }) => ({
  method: entry.method,
  path: entry.path,
  status: entry.status,
  namespace: entry.namespace,
});

const CASES: Case[] = [
  { name: 'balance, in every mobile form', run: async (w) => [await w.balance('08031112222'), await w.balance('+2348033334444')] },
  { name: 'balance of no wallet', run: (w) => w.balance('2349999999999') },
  { name: 'setBalance, then balance', run: async (w) => [await w.setBalance(ADA, 777), await w.balance(ADA)] },
  { name: 'setBalance refused: not whole', run: (w) => w.setBalance(ADA, 1.5) },
  { name: 'setBalance refused: past safe integers', run: (w) => w.setBalance(ADA, Number.MAX_SAFE_INTEGER + 1) },
  { name: 'passcode: none waiting', run: (w) => w.passcode(ADA) },
  { name: 'passcode of no wallet', run: (w) => w.passcode('2349999999999') },
  {
    name: 'passcode after an OTP request',
    run: async (w, url, key) => {
      await expectOk(call(url, 'POST', '/v1/users/auth', { headers: { 'x-app-key': key }, body: { mobile: ADA, factor: 'sms' } }));
      return w.passcode('08031112222');
    },
  },
  {
    name: 'clock: now, advance, refused advance',
    run: async (w) => [(await w.clock.now()).toISOString(), await w.clock.advance(90), (await w.clock.now()).toISOString()],
  },
  { name: 'clock: advance refused', run: (w) => w.clock.advance(-1) },
  {
    name: 'faults: add, list, remove, clear',
    run: async (w) => {
      // Fault ids go on counting across resets: compared by their form.
      const withoutId = ({ id, ...fault }: Fault) => (assert.match(id ?? '', /^flt_\d+$/), fault);
      const added = await w.faults.add({ path: '/v1/queries/banks', status: 503, times: 2 });
      await w.faults.add({ id: 'mine', path: '/v1/*', drop: true });
      const listed = (await w.faults.list()).map(withoutId);
      return [withoutId(added), listed, await w.faults.remove(added.id!), await w.faults.remove('flt_none'), await w.faults.clear()];
    },
  },
  { name: 'faults: refused as HTTP refuses them', run: (w) => w.faults.add({ path: 'v1/x', status: 999 }) },
  { name: 'latency, and refused latency', run: async (w) => [await w.setLatency(5), await outcome(() => w.setLatency(-1))] },
  {
    name: 'requests: list, waitFor, clear',
    run: async (w, url, key) => {
      await sendMoney(url, key, 2_500);
      const sent = await w.requests.waitFor({ method: 'POST', path: '/v1/users/transfers/phone' }, UNTIL_IT_COMES);
      const byPredicate = await w.requests.list({ where: (entry) => entry.path.endsWith('/phone') });
      const byPattern = await w.requests.list({ path: /^\/v1\/users\/auth$/ });
      await w.requests.clear();
      return [entryShape(sent), byPredicate.map(entryShape), byPattern.map(entryShape), await w.requests.list()];
    },
  },
  {
    name: 'requests: a wait that runs out',
    run: (w) => w.requests.waitFor({ path: '/v1/never' }, { timeoutMs: 50 }),
  },
  {
    name: 'webhooks: waitFor, list, redeliver',
    run: async (w, url, key) => {
      const reference = await sendMoney(url, key, 1_000);
      const event = await w.webhooks.waitFor({ type: 'PHONE_TRANSFER', reference, delivered: true }, UNTIL_IT_COMES);
      const listed = await w.webhooks.list({ where: (each) => each.id === event.id });
      const again = await w.webhooks.redeliver(event.id);
      return [
        event.type,
        event.state,
        listed.map((each) => each.id === event.id),
        again.id === event.id,
        await w.webhooks.list({ type: 'BANK_TRANSFER' }),
      ];
    },
  },
  {
    name: 'webhooks: waits that run out, with and without a predicate',
    run: async (w) => [
      await outcome(() => w.webhooks.waitFor({ type: 'BANK_TRANSFER' }, { timeoutMs: 50 })),
      await outcome(() => w.webhooks.waitFor({ where: (event) => event.id === 'evt_none' }, { timeoutMs: 50 })),
    ],
  },
  { name: 'webhooks: redeliver of no event', run: (w) => w.webhooks.redeliver('evt_none') },
  {
    name: 'webhooks: stop ends a delivery run; stop of no event',
    run: async (w) => {
      const sent = await w.webhooks.trigger('PHONE_TRANSFER', { amount: 1_000 });
      const stopped = await w.webhooks.stop(sent.id);
      return [stopped.id === sent.id, stopped.nextAttemptAt, await outcome(() => w.webhooks.stop('evt_none'))];
    },
  },
  {
    name: 'webhooks as production sends them: withheld, copies at once, events before answers',
    run: async (w, url, key) => {
      const withholding = await w.webhooks.withhold({ type: 'PHONE_TRANSFER' });
      const reference = await sendMoney(url, key, 1_000);
      const [withheld] = await w.webhooks.list({ reference });
      const copied = await w.webhooks.deliverCopies(withheld!.id, 2);
      const delivered = await w.webhooks.waitFor({ reference, delivered: true }, UNTIL_IT_COMES);
      return [
        withholding,
        withheld!.state,
        copied.state,
        delivered.attempts.map(({ number, status, copies }) => [number, status, copies]),
        await w.webhooks.beforeAnswers(2),
        await outcome(() => w.webhooks.sendOlder(withheld!.id)),
        await outcome(() => w.webhooks.deliverCopies('evt_none')),
        await outcome(() => w.webhooks.deliverCopies(withheld!.id, 11)),
        await outcome(() => w.webhooks.withhold({ times: -1 })),
        await outcome(() => w.webhooks.beforeAnswers(101)),
      ];
    },
  },
  {
    name: 'webhooks as production sends them: an older event after the newer, a reversal days later',
    run: async (w, url, key) => {
      const ada = await connectWallet(url, key, ADA);
      const body = { accountNumber: '1000000001', bankCode: '000014', accountName: 'SANDBOX INSTANT SUCCESS', amount: 5_000 };
      const sent = await expectOk(call(url, 'POST', '/v1/users/transfers/bank', { headers: ada.headers, body }));
      const reference = sent.json['data'].transaction.transactionReference as string;
      const success = await w.webhooks.waitFor({ reference, delivered: true }, UNTIL_IT_COMES);
      const older = await w.webhooks.sendOlder(success.id);
      const due = await w.reverseTransfer(reference, { afterSeconds: 86_400 });
      await w.clock.advance(86_400);
      const failed = await w.webhooks.waitFor({ reference, where: (event) => event.payload.payload.message === 'FAILED' }, UNTIL_IT_COMES);
      const refused = async (run: () => Promise<unknown>) => {
        const { refused: error } = (await outcome(run)) as { refused?: { status: number; errorCode: string } };
        return error && [error.status, error.errorCode];
      };
      return [
        [
          older.payload.payload.message,
          (older.payload.payload.data as { statusCode?: string }).statusCode,
          older.outOfOrderAfter === success.id,
        ],
        due.toISOString(),
        await w.balance(ADA),
        (failed.payload.payload.data as { statusCode?: string }).statusCode,
        await refused(() => w.reverseTransfer(reference)),
        await refused(() => w.reverseTransfer('nope')),
        await refused(() => w.reverseTransfer(reference, { afterSeconds: -1 })),
      ];
    },
  },
  {
    name: 'reset puts the world back',
    run: async (w, url, key) => {
      await sendMoney(url, key, 4_000);
      await w.faults.add({ path: '/v1/x', status: 500 });
      await w.reset();
      return [await w.balance(ADA), await w.faults.list(), await w.requests.list(), (await w.clock.now()).toISOString()];
    },
  },
  { name: 'snapshot', run: async (w) => (await w.snapshot()).scenario.wallets },
  {
    name: 'requests: an expectation that fails, with its near misses',
    run: async (w, url, key) => {
      await sendMoney(url, key, 1_500);
      return w.requests.expectCount({ method: 'POST', path: '/v1/users/transfers/phone', status: 400 }, 1);
    },
  },
  {
    name: 'requests: a filter given as the query writes it, and a bad one',
    run: async (w, url, key) => {
      await sendMoney(url, key, 1_500);
      const status = '200' as unknown as number;
      return [
        (await w.requests.list({ path: '/v1/users/transfers/phone', status })).map(entryShape),
        await w.requests.count({ status }),
        await w.requests.count({ path: '/v1/users/transfers/phone' }),
        await outcome(() => w.requests.count({ status: 'abc' as unknown as number })),
        await outcome(() => w.requests.list({ after: -1 })),
        await outcome(() => w.requests.waitFor({ path: '/v1/never' }, { timeoutMs: -1 })),
      ];
    },
  },
  {
    name: 'webhooks: a bad filter or timeout, and an event by id',
    run: async (w) => {
      const sent = await w.webhooks.trigger('PHONE_TRANSFER', { amount: 1_000 });
      return [
        sent.type,
        (await w.webhooks.get(sent.id))?.id === sent.id,
        await w.webhooks.get('evt_none'),
        await outcome(() => w.webhooks.waitFor({ type: 'NOPE' as 'PHONE_TRANSFER' }, { timeoutMs: 50 })),
        await outcome(() => w.webhooks.waitFor({}, { timeoutMs: Number.NaN })),
      ];
    },
  },
  {
    name: 'wallets: tokens expired and revoked, a transaction added, history generated, a wallet reset',
    run: async (w) => {
      await w.expireAccessTokens(ADA);
      await w.revokeRefreshTokens('08031112222');
      const added = await w.addTransaction(ADA, { type: 'vtu', amount: 50_000 });
      const total = await w.generateTransactions(ADA, 25);
      await w.setBalance(ADA, 1);
      await w.resetWallet(ADA);
      return [added.type, added.amount, total, await w.balance(ADA)];
    },
  },
  {
    name: 'wallets: each control refuses a mobile no wallet has, and a bad amount or count',
    run: async (w) => [
      await outcome(() => w.expireAccessTokens('2349999999999')),
      await outcome(() => w.revokeRefreshTokens('2349999999999')),
      await outcome(() => w.resetWallet('2349999999999')),
      await outcome(() => w.addTransaction(ADA, { type: 'vtu', amount: -1 })),
      await outcome(() => w.generateTransactions(ADA, 10_001)),
    ],
  },
  {
    name: 'findings: listed and cleared',
    run: async (w, url, key) => {
      // A secret in the query string: a finding of the integration review.
      const ada = await connectWallet(url, key, ADA);
      await call(url, 'GET', `/v1/users/balance?token=${ada.headers['x-app-wallet-access-token']}`, { headers: ada.headers });
      const rules = (await w.findings()).map((finding) => finding.rule);
      return [rules, await w.clearFindings(), await w.findings(), await outcome(() => w.expectNoFindings())];
    },
  },
];

describe('wallet-sandbox: connectSandbox, the same world over HTTP', function () {
  this.timeout(20_000);
  let hook: WebhookReceiver;
  let sandbox: WalletSandbox;

  before(async () => {
    hook = await webhookReceiver([200]);
    sandbox = await startSandbox({ scenario: scenario(hook.url), log: () => undefined });
  });
  after(async () => {
    await sandbox.close();
    await hook.close();
  });
  beforeEach(() => sandbox.reset());

  for (const c of CASES) {
    it(`${c.name}: the same outcome in this process and over connectSandbox`, async () => {
      const here = await outcome(() => c.run(recordOperations(sandbox), sandbox.url, KEY));
      await sandbox.reset();
      const connected = recordOperations(await connectSandbox(sandbox.url));
      const there = await outcome(() => c.run(connected, sandbox.url, KEY));
      assert.deepEqual(there, here);
    });
  }

  it('the cases above reach every operation of the table, both ways (a new operation needs its parity case)', () => {
    const missing = Object.keys(OPERATIONS).filter((name) => !ranOperations.has(name));
    assert.deepEqual(missing, [], `no parity case runs ${missing.join(', ')}: add one to CASES`);
  });

  it('a refusal is of the same class with the same fields both ways: input, expectation, timeout', async () => {
    const connected = await connectSandbox(sandbox.url);
    for (const world of [sandbox, connected] as SandboxWorld[]) {
      await assert.rejects(world.setBalance(ADA, -1), SandboxInputError);
      await assert.rejects(world.requests.expectCount({ path: '/v1/users/auth' }, 2), (error: unknown) => {
        assert.ok(error instanceof SandboxExpectationError, String(error));
        assert.deepEqual([error.expected, error.actual, error.what], [2, 0, 'requests matching /v1/users/auth']);
        return true;
      });
      await assert.rejects(world.requests.waitFor({ path: '/v1/never' }, { timeoutMs: 20 }), SandboxTimeoutError);
    }
  });

  it('close() ends a connection: its calls then reject, saying so, and the sandbox serves on', async () => {
    const connected = await connectSandbox(sandbox.url);
    assert.equal(await connected.balance(ADA), 500_000);
    await connected.close();
    await assert.rejects(connected.balance(ADA), /connection to the sandbox at .* was closed: connectSandbox again/);
    await assert.rejects(connected.namespaces.create(), /was closed/);
    assert.equal(await (await connectSandbox(sandbox.url)).balance(ADA), 500_000, 'the sandbox serves on');
  });

  it('with a namespace’s key, connectSandbox is that namespace: its balance, journal and clock, nobody else’s', async () => {
    const root = await connectSandbox(sandbox.url);
    const made = await root.namespaces.create();
    const worker = await connectSandbox(sandbox.url, { appKey: made.appKey });
    await sendMoney(sandbox.url, made.appKey, 3_000);
    assert.deepEqual([await worker.balance(ADA), await made.balance(ADA), await sandbox.balance(ADA)], [497_000, 497_000, 500_000]);
    const inProcess = await sandbox.namespaces.get(made.id);
    assert.equal(await inProcess?.balance(ADA), 497_000, 'the process that runs the sandbox sees the same namespace');
    assert.equal((await worker.requests.list({ path: '/v1/users/transfers/phone' }))[0]?.namespace, made.id);
    assert.deepEqual(await sandbox.requests.list(), []);
    await worker.clock.advance(3600);
    assert.equal((await worker.clock.now()).getTime() - (await sandbox.clock.now()).getTime(), 3600_000);
    await worker.reset();
    assert.equal(await made.balance(ADA), 500_000);
    assert.deepEqual(
      (await root.namespaces.list()).map((ns) => ns.id),
      [made.id],
    );
    assert.equal(await root.namespaces.get(made.id), made);
    assert.equal(await made.delete(), true);
    assert.equal(await made.delete(), false);
    await assert.rejects(made.reset(), (error: unknown) => error instanceof SandboxError && error.errorCode === '90004');
    await assert.rejects(worker.balance(ADA), (error: unknown) => error instanceof SandboxError && error.status === 401);
  });

  it('startSandbox takes journal, maxNamespaces and tokenLifetimeSeconds as docs/sandbox.md says (they were ignored)', async () => {
    const small = await startSandbox({
      scenario: scenario(hook.url),
      journal: { maxEntries: 2 },
      maxNamespaces: 1,
      tokenLifetimeSeconds: 60,
      log: () => undefined,
    });
    try {
      for (let i = 0; i < 3; i++) await call(small.url, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': KEY } });
      assert.equal((await small.requests.list()).length, 2, 'the journal keeps 2');
      await small.namespaces.create();
      await assert.rejects(small.namespaces.create(), (error: unknown) => error instanceof SandboxError && error.status === 409);
      const knobs = await call(small.url, 'GET', '/__sandbox/knobs');
      assert.equal(knobs.json['data'].knobs.tokenLifetimeSeconds, 60);
    } finally {
      await small.close();
    }
  });

  it('keeps one connection alive across its calls: a suite makes hundreds, each one round trip', async () => {
    const connections: net.Socket[] = [];
    // A relay in front of the sandbox counts the connections the client opens.
    const relay = net.createServer((socket) => {
      const upstream = net.connect(sandbox.port, '127.0.0.1');
      connections.push(socket, upstream);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    try {
      const remote = await connectSandbox(`http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`);
      for (let call = 0; call < 10; call++) await remote.balance(ADA);
      await remote.clock.advance(10);
      await remote.reset();
      assert.equal(connections.length / 2, 1);
    } finally {
      relay.close();
      for (const socket of connections) socket.destroy();
    }
  });

  it('refuses to connect with a key that names no app and no namespace, or where no sandbox answers', async () => {
    await assert.rejects(
      connectSandbox(sandbox.url, { appKey: 'sk_test_typo_000000' }),
      (error: unknown) => error instanceof SandboxError && error.status === 401 && error.errorCode === '10001',
    );
    const closed = await startSandbox({ log: () => undefined });
    const url = closed.url;
    await closed.close();
    await assert.rejects(connectSandbox(url), /did not answer .*npx wallet-sandbox starts one/);
    await assert.rejects(connectSandbox('ftp://127.0.0.1:1'), TypeError);
  });
});
