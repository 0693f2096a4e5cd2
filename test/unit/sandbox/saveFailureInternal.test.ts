// The save path's defence in depth (issue 35): whatever the admin boundary lets through, a
// value in the state that JSON cannot write (here a name nested 6,000 levels, which overflows
// JSON.stringify's stack as the hostile payload did) never leaves a half-applied move.
// The world is driven through its own parts (state, ledger, writer) and the money routes' own
// step (moveMoney), so the value goes in where no HTTP check could stop it.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { AppRecord, SandboxState } from '../../../src/sandbox/domain/state';
import { ApiError } from '../../../src/sandbox/errors';
import type { RequestContext } from '../../../src/sandbox/http/router';
import { moveMoney } from '../../../src/sandbox/http/routes/money';
import { StateWriter } from '../../../src/sandbox/persistence/stateWriter';
import { loadState } from '../../../src/sandbox/persistence/store';
import { openWorld, World } from '../../../src/sandbox/worlds/world';

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

async function rig(file: string): Promise<Rig> {
  const state = SandboxState.fresh(7, Date.now());
  const writer = new StateWriter(file, state, () => undefined);
  state.onChange = () => writer.schedule();
  const world = openWorld(state, Date.now, (error) => assert.fail(String(error)));
  const developer = state.createDeveloper('ada@example.ng', 'scrypt:x', Date.now());
  const app = state.app(state.createApp(developer, 'Rig', Date.now())._id) as AppRecord;
  await writer.commit();
  const ctx = { env: { state, durable: () => writer.commit() } } as unknown as RequestContext;
  return { state, world, writer, app, move: (run) => moveMoney(ctx, run) };
}

const balances = (state: SandboxState): number[] => [SENDER, RECEIVER].map((mobile) => state.requireWallet(mobile).record.balance);

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
    const sender = state.requireWallet(SENDER);
    const acknowledged = [(await move(() => world.ledger.phoneTransfer({ app, wallet: sender }, RECEIVER, 1_001))).reference];
    const name = sender.record.name;
    const before = balances(state);
    const sizes = [sender.size, state.requireWallet(RECEIVER).size];

    // The sender's name goes into the receiver's record of the transfer, and so into its save.
    sender.record.name = deeplyNested(6_000) as unknown as string;
    await expectCannotSave(
      move(() => world.ledger.phoneTransfer({ app, wallet: sender }, RECEIVER, 2_003)),
      /Maximum call stack size exceeded/,
    );
    assert.deepEqual(balances(state), before, 'no balance changed');
    assert.deepEqual([sender.size, state.requireWallet(RECEIVER).size], sizes, 'no record stayed');
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
    const sent = loaded
      .requireWallet(SENDER)
      .list('phone', 100, 1)
      .filter((tx) => tx.direction === 'debit' && [1_001, 2_003, 3_007].includes(tx.amount));
    assert.deepEqual(sent.map((tx) => tx.reference).sort(), acknowledged.sort(), 'exactly the acknowledged transfers');
  });

  it('a settlement that cannot be saved is undone and settles again once it can: one reversal, never two', async () => {
    const { state, world, writer, app, move } = await rig(file);
    const sender = state.requireWallet(SENDER);
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
    const reversals = loaded
      .requireWallet(SENDER)
      .list('bank', 100, 1)
      .filter((tx) => tx.reversalOf === transfer.reference);
    assert.equal(reversals.length, 1);
    assert.equal(loaded.requireWallet(SENDER).record.balance, start);
    assert.equal(loaded.transfers.get(transfer.reference)?.status, 'failed');
  });
});
