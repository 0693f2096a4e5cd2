import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { resolveAccount } from '../../../src/sandbox/domain/accounts';
import { VirtualClock } from '../../../src/sandbox/domain/clock';
import { ApiError } from '../../../src/sandbox/vocabulary/errors';
import { Ledger } from '../../../src/sandbox/domain/ledger';
import { Outcome } from '../../../src/sandbox/domain/magic';
import { Scheduler } from '../../../src/sandbox/domain/scheduler';
import { AppRecord, SandboxState } from '../../../src/sandbox/domain/state';
import { Webhooks } from '../../../src/sandbox/domain/webhooks';

// Model-based test of the ledger (fast-check commands): random transfers of every kind, bursts
// from one wallet, settlements, reversals and clock moves. After every operation the balances
// equal the model's, none is below zero, and money is conserved:
// sum of balances + money that left = sum at the start + money reversed back.

const MOBILES = ['2348000000000', '2349090000000', '2348111111111'];
const START_BALANCE = 200_000;

interface Real {
  state: SandboxState;
  clock: VirtualClock;
  scheduler: Scheduler;
  ledger: Ledger;
  app: AppRecord;
  normalName: string;
}

interface Model {
  balances: number[];
  left: number;
  /** Bank transfers that will fail at settlement: reference -> [wallet index, amount]. */
  failing: Map<string, [number, number]>;
  reversed: number;
  violations: number;
}

let operations = 0;

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function check(model: Model, real: Real): void {
  operations += 1;
  const balances = MOBILES.map((mobile) => real.state.wallets.requireWallet(mobile).record.balance);
  // Failing transfers settle (and reverse) on the clock; fold the ones that did into the model.
  for (const [reference, [index, amount]] of model.failing) {
    if (real.state.transfers.get(reference)?.status === 'failed') {
      model.failing.delete(reference);
      model.balances[index] = (model.balances[index] as number) + amount;
      model.reversed += amount;
    }
  }
  const ok =
    balances.every((balance) => balance >= 0) &&
    balances.every((balance, i) => balance === model.balances[i]) &&
    sum(balances) + model.left === START_BALANCE * MOBILES.length + model.reversed;
  if (!ok) model.violations += 1;
  assert.ok(ok, `balances ${balances.join(', ')} vs model ${model.balances.join(', ')}; left ${model.left}, reversed ${model.reversed}`);
}

/** Runs one ledger call; an ApiError means "refused", and then nothing may have changed. */
function attempt(run: () => unknown): boolean {
  try {
    run();
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

const outcomeArb = fc.option(fc.constantFrom<Outcome>('success', 'pending', 'failed', 'insufficient-funds', 'provider-error'), { freq: 4 });
const amountArb = fc.oneof(fc.integer({ min: 1, max: 120_000 }), fc.constantFrom(40_200, 50_200));
const walletArb = fc.integer({ min: 0, max: MOBILES.length - 1 });

class Phone implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly from: number,
    readonly to: number,
    readonly amount: number,
    readonly outcome: Outcome | null,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const sender = {
      app: real.app,
      wallet: real.state.wallets.requireWallet(MOBILES[this.from] as string),
      outcome: this.outcome ?? undefined,
    };
    if (attempt(() => real.ledger.phoneTransfer(sender, MOBILES[this.to] as string, this.amount))) {
      model.balances[this.from] = (model.balances[this.from] as number) - this.amount;
      model.balances[this.to] = (model.balances[this.to] as number) + this.amount;
    }
    check(model, real);
  }
  toString = () => `phone(${this.from}->${this.to}, ${this.amount}, ${this.outcome})`;
}

const ACCOUNTS = ['0000000001', '1000000001', '1000000002', '1000000003', '1000000004'];

class Bank implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly from: number,
    readonly account: number,
    readonly amount: number,
    readonly outcome: Outcome | null,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const accountNumber = ACCOUNTS[this.account] as string;
    const accountName = resolveAccount(real.state, '000014', accountNumber)?.accountName ?? 'NOBODY';
    const sender = {
      app: real.app,
      wallet: real.state.wallets.requireWallet(MOBILES[this.from] as string),
      outcome: this.outcome ?? undefined,
    };
    let reference = '';
    const accepted = attempt(() => {
      reference = real.ledger.bankTransfer(sender, { accountName, accountNumber, bankCode: '000014', amount: this.amount }).reference;
    });
    if (accepted) {
      model.balances[this.from] = (model.balances[this.from] as number) - this.amount;
      model.left += this.amount;
      if (real.state.transfers.get(reference)?.fails) model.failing.set(reference, [this.from, this.amount]);
    }
    check(model, real);
  }
  toString = () => `bank(${this.from}, ${ACCOUNTS[this.account]}, ${this.amount}, ${this.outcome})`;
}

class Airtime implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly from: number,
    readonly amount: number,
    readonly outcome: Outcome | null,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const sender = {
      app: real.app,
      wallet: real.state.wallets.requireWallet(MOBILES[this.from] as string),
      outcome: this.outcome ?? undefined,
    };
    if (attempt(() => real.ledger.airtime(sender, '2348031234567', this.amount, 'mtn'))) {
      model.balances[this.from] = (model.balances[this.from] as number) - this.amount;
      model.left += this.amount;
    }
    check(model, real);
  }
  toString = () => `airtime(${this.from}, ${this.amount}, ${this.outcome})`;
}

/** Many requests from one wallet at once: each is checked against what the previous ones left. */
class Burst implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly from: number,
    readonly amounts: number[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    await Promise.all(this.amounts.map((amount, i) => new Bank(this.from, i % 3, amount, null).run(model, real)));
  }
  toString = () => `burst(${this.from}, [${this.amounts.join(', ')}])`;
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly seconds: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    await real.scheduler.travel(this.seconds * 1000, real.clock);
    check(model, real);
  }
  toString = () => `advance(${this.seconds}s)`;
}

function setup(): { model: Model; real: Real } {
  let base = Date.parse('2026-01-01T00:00:00Z');
  const clock = new VirtualClock(() => base++);
  const state = SandboxState.fresh(7, clock.now());
  state.wallets.createWallet(MOBILES[2] as string, clock.now());
  for (const mobile of MOBILES) state.wallets.setBalance(mobile, START_BALANCE);
  const now = () => clock.now();
  // No real timer: only clock moves settle things here, so runs are deterministic.
  const scheduler = new Scheduler(
    now,
    (error) => {
      throw error;
    },
    false,
  );
  const ledger = new Ledger(state, now, scheduler, new Webhooks(state, scheduler, now));
  const app = { _id: 'app', settings: { developerMode: 'test' } } as AppRecord;
  return {
    model: { balances: MOBILES.map(() => START_BALANCE), left: 0, failing: new Map(), reversed: 0, violations: 0 },
    real: { state, clock, scheduler, ledger, app, normalName: '' },
  };
}

describe('sandbox: ledger model (fast-check commands)', () => {
  it('keeps balances non-negative and money conserved over at least 10,000 random operations', async function () {
    this.timeout(60_000);
    operations = 0;
    let violations = 0;
    const commands = fc.commands(
      [
        fc.tuple(walletArb, walletArb, amountArb, outcomeArb).map(([a, b, amount, o]) => new Phone(a, b, amount, o)),
        fc
          .tuple(walletArb, fc.integer({ min: 0, max: ACCOUNTS.length - 1 }), amountArb, outcomeArb)
          .map(([a, acc, amount, o]) => new Bank(a, acc, amount, o)),
        fc.tuple(walletArb, amountArb, outcomeArb).map(([a, amount, o]) => new Airtime(a, amount, o)),
        fc
          .tuple(walletArb, fc.array(fc.integer({ min: 1, max: 80_000 }), { minLength: 2, maxLength: 8 }))
          .map(([a, amounts]) => new Burst(a, amounts)),
        fc.constantFrom(1, 10, 60, 3600, 86_400).map((seconds) => new Advance(seconds)),
      ],
      { maxCommands: 200, size: 'max' },
    );
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const { model, real } = setup();
        try {
          await fc.asyncModelRun(() => ({ model, real }), cmds);
        } finally {
          violations += model.violations;
        }
      }),
      { numRuns: 120, seed: 14 },
    );
    console.log(`      ledger model: ${operations} operations, ${violations} violations`);
    assert.ok(operations >= 10_000, `only ${operations} operations ran`);
    assert.equal(violations, 0);
  });
});
