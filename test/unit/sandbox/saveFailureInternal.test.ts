// The save path's defence in depth (issue 35): whatever the admin boundary lets through, a
// value in the state that JSON cannot write (here a name nested 6,000 levels, which overflows
// JSON.stringify's stack as the hostile payload did) never leaves a half-applied move.
// The world is driven through its own parts (state, ledger, writer) and the money routes' own
// step (moveMoney), so the value goes in where no HTTP check could stop it. Issue 52: an admin
// call landing while a save fails (setBalance between the move and the failed write) keeps its
// balance, and the undo takes back only what the move did: no balance ever goes below zero.
import * as assert from 'node:assert/strict';
import { promises as fsp, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { AppRecord, SandboxState } from '../../../src/sandbox/domain/state';
import { ApiError } from '../../../src/sandbox/vocabulary/errors';
import type { RequestContext } from '../../../src/sandbox/http/router';
import { moveMoney } from '../../../src/sandbox/http/routes/money';
import { StateWriter } from '../../../src/sandbox/persistence/stateWriter';
import { loadState } from '../../../src/sandbox/persistence/store';
import { openWorld, World } from '../../../src/sandbox/worlds/env';

const SENDER = '2348000000000';
const RECEIVER = '2349090000000';
const FAILS = { accountNumber: '1000000003', accountName: 'SANDBOX FAILS REVERSES', bankCode: '000013' };

function deeplyNested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 0; level < levels; level++) value = { n: value };
  return value;
}

interface Rig {
  state: SandboxState;
  world: World;
  writer: StateWriter;
  app: AppRecord;
  /** A money call as the routes make it: the move and its save as one. */
  move<T>(run: () => T): Promise<T>;
}

/** `owns`: the writer's question before each write (whether this process still serves the file). */
async function rig(file: string, owns?: () => Promise<boolean>): Promise<Rig> {
  const state = SandboxState.fresh(7, Date.now());
  const writer = new StateWriter(file, state, () => undefined, owns);
  state.onChange = () => writer.schedule();
  const world = openWorld(state, Date.now, (error) => assert.fail(String(error)));
  const developer = state.apps.createDeveloper('ada@example.ng', 'scrypt:x', Date.now());
  const app = state.apps.app(state.apps.createApp(developer, 'Rig', Date.now())._id) as AppRecord;
  await writer.commit();
  const ctx = { env: { state, durable: () => writer.commit() } } as unknown as RequestContext;
  return { state, world, writer, app, move: (run) => moveMoney(ctx, run) };
}

const balances = (state: SandboxState): number[] => [SENDER, RECEIVER].map((mobile) => state.wallets.requireWallet(mobile).record.balance);

async function expectCannotSave(pending: Promise<unknown>, reason: RegExp): Promise<void> {
  await assert.rejects(pending, (error: unknown) => {
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.status, 503);
    assert.equal(error.errorCode, '90006');
    assert.match(error.message, /^the sandbox cannot save /);
    assert.match(error.message, reason);
    return true;
  });
}

describe('sandbox: the save path never leaves a half-applied move', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-save-internal-'));
    file = path.join(dir, 'state.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a value that cannot be written: the transfer is undone, money stops, and flows again once the value is gone', async () => {
    const { state, world, writer, app, move } = await rig(file);
    const sender = state.wallets.requireWallet(SENDER);
    const acknowledged = [(await move(() => world.ledger.phoneTransfer({ app, wallet: sender }, RECEIVER, 1_001))).reference];
    const name = sender.record.name;
    const before = balances(state);
    const sizes = [sender.size, state.wallets.requireWallet(RECEIVER).size];

    // The sender's name goes into the receiver's record of the transfer, and so into its save.
    sender.record.name = deeplyNested(6_000) as unknown as string;
    await expectCannotSave(
      move(() => world.ledger.phoneTransfer({ app, wallet: sender }, RECEIVER, 2_003)),
      /Maximum call stack size exceeded/,
    );
    assert.deepEqual(balances(state), before, 'no balance changed');
    assert.deepEqual([sender.size, state.wallets.requireWallet(RECEIVER).size], sizes, 'no record stayed');
    // Until a save succeeds, the next money call retries it first and moves nothing while it fails.
    let ran = false;
    await expectCannotSave(
      move(() => (ran = true)),
      /Maximum call stack size exceeded/,
    );
    assert.equal(ran, false, 'the move was never applied');

    sender.record.name = name;
    acknowledged.push((await move(() => world.ledger.phoneTransfer({ app, wallet: sender }, RECEIVER, 3_007))).reference);
    assert.equal(state.saveFailure, undefined);
    world.scheduler.stop();
    await writer.close();

    const loaded = await loadState(
      file,
      () => assert.fail('the file loads'),
      Date.now(),
      () => undefined,
    );
    assert.deepEqual(balances(loaded), [before[0]! - 3_007, before[1]! + 3_007]);
    const sent = loaded.wallets
      .requireWallet(SENDER)
      .list('phone', 100, 1)
      .filter((tx) => tx.direction === 'debit' && [1_001, 2_003, 3_007].includes(tx.amount));
    assert.deepEqual(sent.map((tx) => tx.reference).sort(), acknowledged.sort(), 'exactly the acknowledged transfers');
  });

  it('a settlement that cannot be saved is undone and settles again once it can: one reversal, never two', async () => {
    const { state, world, writer, app, move } = await rig(file);
    const sender = state.wallets.requireWallet(SENDER);
    const start = sender.record.balance;
    const transfer = await move(() => world.ledger.bankTransfer({ app, wallet: sender }, { ...FAILS, amount: 5_000 }));
    const accountName = transfer.accountName;
    // The reversal copies the transfer's account name: its save cannot be written.
    transfer.accountName = deeplyNested(6_000) as unknown as string;
    await world.scheduler.travel(60_000, world.clock);
    await expectCannotSave(writer.commit(), /Maximum call stack size exceeded/);
    assert.equal(state.transfers.get(transfer.reference)?.status, 'pending', 'the settlement was undone');
    assert.equal(sender.record.balance, start - 5_000, 'no reversal stayed');

    transfer.accountName = accountName;
    await world.scheduler.travel(1, world.clock);
    await move(() => undefined);
    assert.equal(state.transfers.get(transfer.reference)?.status, 'failed');
    assert.equal(sender.record.balance, start);
    world.scheduler.stop();
    await writer.close();

    const loaded = await loadState(
      file,
      () => assert.fail('the file loads'),
      Date.now(),
      () => undefined,
    );
    const reversals = loaded.wallets
      .requireWallet(SENDER)
      .list('bank', 100, 1)
      .filter((tx) => tx.reversalOf === transfer.reference);
    assert.equal(reversals.length, 1);
    assert.equal(loaded.wallets.requireWallet(SENDER).record.balance, start);
    assert.equal(loaded.transfers.get(transfer.reference)?.status, 'failed');
  });

  // What lands while the save fails: the admin sets a wallet's balance (to 0, where an undo that
  // subtracts leaves it below zero), deterministically, at one of two points of the failing write.
  let landing = (): void => undefined;
  let takenOver = false;
  /** The writer's question before it takes the changes: once taken over, `landing` runs, then the file is another's. */
  const owns = (): Promise<boolean> => {
    if (!takenOver) return Promise.resolve(true);
    takenOver = false;
    landing();
    return Promise.resolve(false);
  };

  interface SaveFailure {
    name: string;
    reason: RegExp;
    /** Makes the next write fail with `landing` run inside it; answers how to put things back. */
    arm(): Promise<() => void>;
  }
  const failures: SaveFailure[] = [
    {
      // Before the write takes the changes: the owner file names another process (a replaced owner lock).
      name: 'the file taken over',
      reason: /another process serves it now/,
      arm: () => {
        takenOver = true;
        return Promise.resolve(() => (takenOver = false));
      },
    },
    {
      // After the write took the changes, while it writes: a full disk.
      name: 'a full disk',
      reason: /ENOSPC/,
      arm: async () => {
        const probe = await fsp.open(`${file}.probe`, 'w');
        const proto = Object.getPrototypeOf(probe) as Record<'write' | 'writeFile', (...args: unknown[]) => Promise<unknown>>;
        await probe.close();
        const { write, writeFile } = proto;
        const restore = (): void => void Object.assign(proto, { write, writeFile });
        const full = (): Promise<never> => {
          restore();
          landing();
          return Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
        };
        Object.assign(proto, { write: full, writeFile: full });
        return restore;
      },
    },
  ];

  interface Case {
    name: string;
    /** The wallet the admin sets to 0 while the save fails. */
    setWallet: string;
    /** The move as the routes make it (answered once saved). */
    run(rig: Rig): Promise<unknown>;
  }
  const phone = ({ world, app, state, move }: Rig): Promise<unknown> =>
    move(() => world.ledger.phoneTransfer({ app, wallet: state.wallets.requireWallet(SENDER) }, RECEIVER, 1_000));
  const bank = ({ world, app, state, move }: Rig): Promise<unknown> =>
    move(() => world.ledger.bankTransfer({ app, wallet: state.wallets.requireWallet(SENDER) }, { ...FAILS, amount: 1_000 }));
  const cases: Case[] = [
    { name: 'a phone transfer, its recipient set', setWallet: RECEIVER, run: phone },
    { name: 'a phone transfer, its sender set', setWallet: SENDER, run: phone },
    { name: 'a bank transfer, its sender set', setWallet: SENDER, run: bank },
  ];

  for (const failure of failures) {
    for (const { name, setWallet, run } of cases) {
      it(`a balance set while the save fails (${failure.name}) stays as set: ${name} is undone, no balance below zero`, async () => {
        const r = await rig(file, owns);
        const before = balances(r.state);
        const sizes = [SENDER, RECEIVER].map((mobile) => r.state.wallets.requireWallet(mobile).size);
        landing = () => void r.state.wallets.setBalance(setWallet, 0);
        const disarm = await failure.arm();
        try {
          await expectCannotSave(run(r), failure.reason);
        } finally {
          disarm();
        }
        const after = balances(r.state);
        assert.ok(
          after.every((kobo) => kobo >= 0),
          `no balance below zero: ${after.join(', ')}`,
        );
        const expected = [SENDER, RECEIVER].map((mobile, i) => (mobile === setWallet ? 0 : before[i]));
        assert.deepEqual(after, expected, "the admin's balance as set, the other as before the move");
        assert.deepEqual(
          [SENDER, RECEIVER].map((mobile) => r.state.wallets.requireWallet(mobile).size),
          sizes,
          'no record stayed',
        );
        assert.equal(r.state.transfers.size, 0, 'no bank transfer stayed');
        r.world.scheduler.stop();
        await r.writer.close();
      });
    }
  }

  it("a balance set while a failed bank transfer's reversal cannot be saved stays as set, never below zero", async () => {
    const { state, world, writer, app, move } = await rig(file, owns);
    const transfer = await move(() =>
      world.ledger.bankTransfer({ app, wallet: state.wallets.requireWallet(SENDER) }, { ...FAILS, amount: 5_000 }),
    );
    landing = () => void state.wallets.setBalance(SENDER, 0);
    takenOver = true;
    // The settlement credits the reversal; the admin sets the sender to 0; the save fails.
    await world.scheduler.travel(60_000, world.clock);
    await expectCannotSave(writer.commit(), /another process serves it now/);
    assert.equal(state.wallets.requireWallet(SENDER).record.balance, 0, "the admin's balance as set");
    assert.equal(state.transfers.get(transfer.reference)?.status, 'pending', 'the settlement was undone');
    world.scheduler.stop();
    await writer.close();
  });
});
