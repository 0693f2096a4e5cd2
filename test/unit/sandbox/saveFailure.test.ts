// Money and saving (issue 35): a money call that answers an error has moved no money, and memory
// never holds money the state file does not. Each test injects a failure of the save (a full
// disk, the state path turned into a directory, the file taken over by another process) and
// proves: the money call answered 503 (90006), no balance changed, reads still work, money
// moves again once the fault is gone, and a restart from the file shows exactly the transfers
// that were acknowledged. The save path's own defence against values JSON cannot write is in
// saveFailureInternal.test.ts.
import * as assert from 'node:assert/strict';
import { promises as fsp, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Sandbox, TransactionRecord } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { Answer, call, ConnectedWallet, connectWallet, errorOf, expectOk, newDeveloper } from './helpers';

const OTHER = '2349090000000';
const INSTANT = { accountNumber: '1000000001', accountName: 'SANDBOX INSTANT SUCCESS', bankCode: '000013' };

/** A disk that fills up: every write of a file handle fails with ENOSPC while `full` is set (and truncating one, while `truncateFails` is). */
class FullDisk {
  full = false;
  truncateFails = false;
  private restore: (() => void) | undefined;

  async install(dir: string): Promise<void> {
    const probe = await fsp.open(path.join(dir, 'probe'), 'w');
    const proto = Object.getPrototypeOf(probe) as Record<'write' | 'writeFile' | 'truncate', (...args: unknown[]) => Promise<unknown>>;
    await probe.close();
    const { write, writeFile, truncate } = proto;
    const fail = (original: (...args: unknown[]) => Promise<unknown>, when: () => boolean) =>
      function (this: unknown, ...args: unknown[]): Promise<unknown> {
        if (when()) return Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
        return original.apply(this, args);
      };
    proto.write = fail(write, () => this.full);
    proto.writeFile = fail(writeFile, () => this.full);
    proto.truncate = fail(truncate, () => this.truncateFails);
    this.restore = () => Object.assign(proto, { write, writeFile, truncate });
  }

  uninstall(): void {
    this.restore?.();
  }
}

interface World {
  sandbox: Sandbox;
  wallet: ConnectedWallet;
  /** The time the test began: records from then on are the test's own. */
  since: string;
  /** What was acknowledged: references and the kobo that left the wallet. */
  acknowledged: string[];
}

async function openWorld(dataFile: string, warnings: string[]): Promise<World> {
  const sandbox = await startCheckedSandbox({ dataFile, log: (line) => warnings.push(line) });
  const dev = await newDeveloper(sandbox);
  const wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
  sandbox.setBalance(dev.sandboxMobile, 1_000_000);
  // A callback URL, so a transfer makes a webhook event (the port refuses: attempts just fail).
  await expectOk(call(sandbox, 'PUT', '/v1/apps/settings', { body: { callbackURL: 'http://127.0.0.1:9/hook' }, headers: wallet.headers }));
  return { sandbox, wallet, since: new Date(sandbox.now()).toISOString(), acknowledged: [] };
}

const phone = (world: World, amount: number): Promise<Answer> =>
  call(world.sandbox, 'POST', '/v1/users/transfers/phone', { body: { mobile: OTHER, amount }, headers: world.wallet.headers });
const bank = (world: World, amount: number): Promise<Answer> =>
  call(world.sandbox, 'POST', '/v1/users/transfers/bank', { body: { ...INSTANT, amount }, headers: world.wallet.headers });
const airtime = (world: World, amount: number): Promise<Answer> =>
  call(world.sandbox, 'POST', '/v1/users/payments/bills/vtu', {
    body: { mobile: '2348031234567', amount, provider: 'mtn' },
    headers: world.wallet.headers,
  });

async function acknowledge(world: World, pending: Promise<Answer>): Promise<void> {
  const answer = await expectOk(pending);
  const transaction = answer.json['data'].transaction as { reference?: string; transactionReference?: string };
  world.acknowledged.push((transaction.reference ?? transaction.transactionReference) as string);
}

async function expectCannotSave(pending: Promise<Answer>, file: string, reason: RegExp): Promise<void> {
  const answer = await pending;
  assert.equal(answer.status, 503, answer.text);
  const error = errorOf(answer);
  assert.equal(error.errorCode, '90006');
  assert.ok(error.error.startsWith(`the sandbox cannot save ${file}: `), error.error);
  assert.match(error.error, reason);
}

/** Balances of both wallets, the test's own records of the sender (newest first) and the webhook events: what a refused call must not change. */
async function moneyOf(world: World): Promise<unknown> {
  const balance = await expectOk(call(world.sandbox, 'GET', '/v1/users/balance', { headers: world.wallet.headers }));
  return {
    mine: balance.json['data'].user.balance as number,
    other: world.sandbox.balance(OTHER),
    records: (await ownRecords(world.sandbox.url, world)).map((tx) => tx.reference),
    events: world.sandbox.events().map((event) => event.id),
  };
}

async function ownRecords(url: string, world: World): Promise<TransactionRecord[]> {
  const page = await expectOk(call(url, 'GET', '/v1/transactions?limit=100', { headers: world.wallet.headers }));
  return (page.json['data'].transactions as TransactionRecord[]).filter((tx) => tx.createdAt >= world.since);
}

/** After a restart from the file: the wallet holds exactly what the acknowledged transfers left. */
async function expectRestartShowsAcknowledged(dataFile: string, world: World, expected: unknown): Promise<void> {
  const again = await startCheckedSandbox({ dataFile, log: () => undefined });
  try {
    const mine = (await ownRecords(again.url, world)).filter((tx) => tx.direction === 'debit');
    assert.deepEqual(mine.map((tx) => tx.reference).sort(), [...world.acknowledged].sort(), 'exactly the acknowledged transfers');
    assert.deepEqual({ mine: again.balance(world.wallet.mobile), other: again.balance(OTHER) }, expected);
  } finally {
    await again.close();
  }
}

describe('sandbox: money and saving', () => {
  let dir: string;
  let dataFile: string;
  const disk = new FullDisk();
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-save-'));
    dataFile = path.join(dir, 'state.json');
    await disk.install(dir);
  });
  afterEach(() => {
    disk.full = false;
    disk.truncateFails = false;
    disk.uninstall();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a disk that fills up: transfers answer 503 and move nothing; money moves again once it has room', async () => {
    const warnings: string[] = [];
    const world = await openWorld(dataFile, warnings);
    try {
      const otherStart = world.sandbox.balance(OTHER);
      await acknowledge(world, phone(world, 1_001));
      const before = await moneyOf(world);

      disk.full = true;
      // The transfer's own save fails: it is undone before the answer.
      await expectCannotSave(phone(world, 2_003), dataFile, /ENOSPC/);
      assert.deepEqual(await moneyOf(world), before, 'no balance, record or webhook changed');
      // Then every money call tries the save again first, and stops while it still fails.
      await expectCannotSave(bank(world, 3_007), dataFile, /ENOSPC/);
      await expectCannotSave(airtime(world, 5_009), dataFile, /ENOSPC/);
      assert.deepEqual(await moneyOf(world), before, 'reads keep working, and show nothing moved');
      assert.ok(
        warnings.some((line) => line.includes('could not save')),
        warnings.join('\n'),
      );

      disk.full = false;
      await acknowledge(world, bank(world, 7_013));
      await acknowledge(world, phone(world, 11_027));
      const expected = { mine: 1_000_000 - 1_001 - 7_013 - 11_027, other: otherStart + 1_001 + 11_027 };
      assert.deepEqual({ mine: world.sandbox.balance(world.wallet.mobile), other: world.sandbox.balance(OTHER) }, expected);
      await world.sandbox.close();
      await expectRestartShowsAcknowledged(dataFile, world, expected);
    } finally {
      await world.sandbox.close();
    }
  });

  it('concurrent transfers sharing a failed save are all undone, and none is acknowledged', async () => {
    const world = await openWorld(dataFile, []);
    try {
      const before = await moneyOf(world);
      disk.full = true;
      const answers = await Promise.all([1_101, 1_103, 1_107, 1_109].map((amount) => phone(world, amount)));
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [503, 503, 503, 503],
      );
      assert.deepEqual(await moneyOf(world), before);
      disk.full = false;
      await acknowledge(world, phone(world, 1_117));
      await world.sandbox.close();
      const mine = (before as { mine: number }).mine - 1_117;
      await expectRestartShowsAcknowledged(dataFile, world, { mine, other: (before as { other: number }).other + 1_117 });
    } finally {
      await world.sandbox.close();
    }
  });

  it('a save that reached the file is a success even if emptying the journal after it fails: the answer and the file agree', async () => {
    const warnings: string[] = [];
    const world = await openWorld(dataFile, warnings);
    try {
      const otherStart = world.sandbox.balance(OTHER);
      await acknowledge(world, phone(world, 1_151)); // the journal has a line
      disk.truncateFails = true;
      // A change only a checkpoint saves, then a transfer: both go into one checkpoint, which is
      // renamed into place; only emptying the journal after it fails.
      world.sandbox.setBalance(world.wallet.mobile, world.sandbox.balance(world.wallet.mobile));
      await acknowledge(world, phone(world, 1_153));
      assert.ok(
        warnings.some((line) => line.includes('could not empty')),
        warnings.join('\n'),
      );
      disk.truncateFails = false;
      await world.sandbox.close();
      await expectRestartShowsAcknowledged(dataFile, world, { mine: 1_000_000 - 1_151 - 1_153, other: otherStart + 1_151 + 1_153 });
    } finally {
      await world.sandbox.close();
    }
  });

  it('a state path replaced by a directory mid-run: 503 until it is a path again', async () => {
    const world = await openWorld(dataFile, []);
    try {
      const otherStart = world.sandbox.balance(OTHER);
      await acknowledge(world, phone(world, 1_201));
      rmSync(dataFile);
      mkdirSync(dataFile);
      writeFileSync(path.join(dataFile, 'keep'), 'a directory with something in it');
      // Any change that needs the whole file (here an admin call) makes the next save a checkpoint.
      world.sandbox.setBalance(world.wallet.mobile, world.sandbox.balance(world.wallet.mobile));
      const before = await moneyOf(world);
      await expectCannotSave(phone(world, 2_203), dataFile, /EISDIR|ENOTEMPTY|EEXIST|directory/);
      await expectCannotSave(bank(world, 3_203), dataFile, /EISDIR|ENOTEMPTY|EEXIST|directory/);
      assert.deepEqual(await moneyOf(world), before);

      rmSync(dataFile, { recursive: true });
      await acknowledge(world, phone(world, 4_201));
      assert.equal(JSON.parse(readFileSync(dataFile, 'utf8')).version, 1, 'the file is written again');
      await world.sandbox.close();
      await expectRestartShowsAcknowledged(dataFile, world, { mine: 1_000_000 - 1_201 - 4_201, other: otherStart + 1_201 + 4_201 });
    } finally {
      await world.sandbox.close();
    }
  });

  it('a sandbox whose file was taken over stops moving money (503), and the file keeps what it acknowledged', async () => {
    const world = await openWorld(dataFile, []);
    const otherStart = world.sandbox.balance(OTHER);
    try {
      await acknowledge(world, phone(world, 1_301));
      // What a take-over does while this process is paused: the owner file names another sandbox.
      const owner = JSON.parse(readFileSync(`${dataFile}.owner`, 'utf8')) as Record<string, unknown>;
      writeFileSync(`${dataFile}.owner`, JSON.stringify({ ...owner, instance: 'the-new-owner' }));
      const before = await moneyOf(world);
      await expectCannotSave(phone(world, 2_303), dataFile, /another process serves it now/);
      await expectCannotSave(phone(world, 2_309), dataFile, /another process serves it now/);
      assert.deepEqual(await moneyOf(world), before);
    } finally {
      await world.sandbox.close();
    }
    rmSync(`${dataFile}.owner`);
    await expectRestartShowsAcknowledged(dataFile, world, { mine: 1_000_000 - 1_301, other: otherStart + 1_301 });
  });

  it('refuses a hostile admin payload (a recipient nested 6,000 levels) and keeps saving and moving money', async () => {
    const world = await openWorld(dataFile, []);
    try {
      const otherStart = world.sandbox.balance(OTHER);
      const hostile = await call(world.sandbox, 'POST', `/__sandbox/transactions?mobile=${world.wallet.mobile}`, {
        rawBody: `{"type":"bank","amount":100,"recipient":${'{"n":'.repeat(6_000)}{}${'}'.repeat(6_000)}}`,
        headers: { 'content-type': 'application/json' },
      });
      assert.ok(hostile.status >= 400 && hostile.status < 500, hostile.text.slice(0, 300));
      errorOf(hostile);
      await acknowledge(world, phone(world, 1_401));
      await world.sandbox.close();
      assert.doesNotMatch(readFileSync(dataFile, 'utf8'), /"n":/, 'nothing of it reached the file');
      await expectRestartShowsAcknowledged(dataFile, world, { mine: 1_000_000 - 1_401, other: otherStart + 1_401 });
    } finally {
      await world.sandbox.close();
    }
  });
});
