import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import type { Fault, Sandbox } from '../../../src/sandbox';
import { FAULT_LENGTHS, FAULT_LIMITS, FAULT_METHODS, KNOB_LIMITS, MAX_FAULTS, type Range } from '../../../src/sandbox/domain/inputs';
import { SandboxInputError } from '../../../src/sandbox/vocabulary/errors';
import { parseScenario, ScenarioError } from '../../../src/sandbox/scenario/parse';
import { scenarioKnobs } from '../../../src/sandbox/scenario/scenarioState';
import { parseFault } from '../../../src/sandbox/worlds/faults';
import { writtenHistory } from '../../../src/sandbox/scenario/exportHistory';
import type { WalletRecord } from '../../../src/sandbox/domain/wallet';
import { startCheckedSandbox } from '../support/contract';
import { call, expectOk, withSandbox } from './helpers';

// Save Sandbox as Scenario after any fault, knob or transaction the admin API takes (issue 52):
// the export answers 200 and the file it writes loads back with the same faults and knobs. The
// properties run over each range of domain/inputs.ts and one past each end, so they follow the
// limits if they move; in process (the Node controls) and over HTTP (the admin API).

/** A number of the range, its ends most often, and now and then one past an end (which must be refused). */
const around = ([min, max]: Range) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min, max }) },
    { weight: 2, arbitrary: fc.constantFrom(min, max) },
    { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1) },
  );

/** One character of a code-point range. */
const charIn = (from: number, to: number) => fc.integer({ min: from, max: to }).map((code) => String.fromCodePoint(code));

/**
 * A string of `unit` up to `max + 1` long, after `prefix`: short ones, ones at the limit, and
 * now and then any code points at all (mostly refused: a space, a control, past U+00FF).
 */
const text = (unit: fc.Arbitrary<string>, max: number, prefix = '') =>
  fc
    .oneof(
      { weight: 5, arbitrary: fc.string({ unit, maxLength: 24 }) },
      { weight: 2, arbitrary: fc.integer({ min: max - 3, max: max + 1 }).map((length) => 'x'.repeat(Math.max(0, length - prefix.length))) },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    )
    .map((rest) => prefix + rest);

/** What a path may hold (no space, line break or control character), and what a header may (printable Latin-1). */
const PATH_CHAR = fc.oneof(charIn(0x21, 0x7e), charIn(0xa1, 0x17ff));
const HEADER_CHAR = fc.oneof(charIn(0x20, 0x7e), charIn(0x80, 0xff));

const faultArbitrary = fc.record(
  {
    path: fc.oneof(text(PATH_CHAR, FAULT_LENGTHS.path, '/'), text(PATH_CHAR, FAULT_LENGTHS.path, '/v1/'), text(PATH_CHAR, 8)),
    method: fc.constantFrom(...FAULT_METHODS, 'get', 'Patch', 'BREW'),
    status: around(FAULT_LIMITS.status),
    body: text(fc.constant('b'), FAULT_LENGTHS.body),
    contentType: text(HEADER_CHAR, FAULT_LENGTHS.contentType),
    success2xxFalse: fc.boolean(),
    drop: fc.boolean(),
    delayMs: around(FAULT_LIMITS.delayMs),
    retryAfterSeconds: around(FAULT_LIMITS.retryAfterSeconds),
    times: around(FAULT_LIMITS.times),
  },
  { requiredKeys: ['path'] },
);

const knobsArbitrary = fc.record({
  latencyMs: around(KNOB_LIMITS.latencyMs),
  tokenLifetimeSeconds: around(KNOB_LIMITS.tokenLifetimeSeconds),
});

const withoutId = ({ id, ...fault }: Fault): Fault => (void id, fault);

/** True when it was taken; a refusal must be the admin API's 400 (10000) or a scenario's ScenarioError, never anything else. */
function taken(run: () => unknown): boolean {
  try {
    run();
    return true;
  } catch (error) {
    const refused = error instanceof ScenarioError || (error instanceof SandboxInputError && error.errorCode === '10000');
    assert.ok(refused, String(error));
    return false;
  }
}

/** The knobs and faults the file holds are the world's, as loading it would set them. */
function assertLoadsBack(scenario: unknown, { latencyMs, tokenLifetimeSeconds, faults }: Sandbox['knobs']): void {
  assert.deepEqual(scenarioKnobs(parseScenario(scenario)), {
    tokenLifetimeSeconds,
    ...(latencyMs === 0 ? {} : { latencyMs }),
    faults: faults.map(withoutId),
  });
}

describe('sandbox: faults and knobs saved as a scenario', () => {
  it('a fault with delayMs 120000 (the admin API takes up to 600000) is exported and loads back', async () => {
    const fault = { method: 'POST', path: '/v1/users/transfers/bank', delayMs: 120_000, times: 1 };
    const saved = await withSandbox({ seed: 52 }, async (sandbox) => {
      await expectOk(call(sandbox, 'POST', '/__sandbox/faults', { body: fault }));
      const answer = await call(sandbox, 'GET', '/__sandbox/scenario');
      assert.equal(answer.status, 200, answer.text);
      return answer.json['data'].scenario;
    });
    assert.deepEqual(saved.faults, [fault]);
    assert.deepEqual(parseScenario(saved).faults, [fault]);
    await withSandbox({ scenario: saved }, async (again) => {
      assert.deepEqual(again.knobs.faults.map(withoutId), [fault]);
    });
  });

  it('the admin check and the scenario format take the same faults (a method in any case is written in capitals)', () => {
    let both = 0;
    fc.assert(
      fc.property(faultArbitrary, (raw) => {
        let fault: Fault | undefined;
        const admin = taken(() => (fault = parseFault(raw)));
        const upper = typeof raw.method === 'string' ? { ...raw, method: raw.method.toUpperCase() } : raw;
        let written: unknown;
        const format = taken(() => (written = parseScenario({ faults: [upper] }).faults?.[0]));
        assert.equal(format, admin, `the admin check ${admin ? 'took' : 'refused'} it, the scenario format did not`);
        if (admin) {
          both++;
          assert.deepEqual(written, fault);
        }
      }),
      { numRuns: 2_000, seed: 52 },
    );
    assert.ok(both > 200, `only ${both} of 2000 faults were taken: the property says little`);
  });

  describe('any fault and knobs the Node controls and the admin API take are saved and load back equal', () => {
    let sandbox: Sandbox;
    before(async () => {
      sandbox = await startCheckedSandbox({ seed: 52, log: () => undefined });
    });
    after(() => sandbox.close());

    it('in process: over every range of domain/inputs.ts', async () => {
      let saved = 0;
      await fc.assert(
        fc.asyncProperty(knobsArbitrary, fc.array(faultArbitrary, { maxLength: 4 }), async (knobs, faults) => {
          sandbox.clearFaults();
          taken(() => sandbox.setLatency(knobs.latencyMs));
          taken(() => sandbox.setTokenLifetime(knobs.tokenLifetimeSeconds));
          for (const fault of faults) taken(() => sandbox.addFault(fault));
          const { scenario } = await sandbox.exportScenario();
          assertLoadsBack(scenario, sandbox.knobs);
          if (sandbox.knobs.faults.length > 0) saved++;
        }),
        { numRuns: 150, seed: 52 },
      );
      assert.ok(saved > 50, `only ${saved} of 150 runs saved a fault`);
    });

    it('over HTTP: PATCH /__sandbox/knobs and POST /__sandbox/faults, then GET /__sandbox/scenario answers 200', async () => {
      let saved = 0;
      await fc.assert(
        fc.asyncProperty(knobsArbitrary, fc.array(faultArbitrary, { minLength: 1, maxLength: 3 }), async (knobs, faults) => {
          await expectOk(call(sandbox, 'DELETE', '/__sandbox/faults'));
          for (const knob of [{ latencyMs: knobs.latencyMs }, { tokenLifetimeSeconds: knobs.tokenLifetimeSeconds }]) {
            const answer = await call(sandbox, 'PATCH', '/__sandbox/knobs', { body: knob });
            assert.ok(answer.status === 200 || answer.json['errorCode'] === '10000', answer.text);
          }
          for (const fault of faults) {
            const answer = await call(sandbox, 'POST', '/__sandbox/faults', { body: fault });
            assert.ok(answer.status === 200 || answer.json['errorCode'] === '10000', answer.text);
          }
          const exported = await call(sandbox, 'GET', '/__sandbox/scenario');
          assert.equal(exported.status, 200, exported.text);
          assertLoadsBack(exported.json['data'].scenario, sandbox.knobs);
          if (sandbox.knobs.faults.length > 0) saved++;
        }),
        { numRuns: 60, seed: 52 },
      );
      assert.ok(saved > 15, `only ${saved} of 60 runs saved a fault`);
      sandbox.setLatency(0);
    });

    it('at the edges: every field at its longest and largest, and a world full of faults, loads into a new sandbox', async () => {
      const [, delayMs] = FAULT_LIMITS.delayMs;
      const longest: Fault = {
        path: `/${'p'.repeat(FAULT_LENGTHS.path - 2)}*`,
        method: 'DELETE',
        status: FAULT_LIMITS.status[1],
        body: 'b'.repeat(FAULT_LENGTHS.body),
        contentType: 'ÿ'.repeat(FAULT_LENGTHS.contentType),
        success2xxFalse: true,
        drop: true,
        delayMs,
        retryAfterSeconds: FAULT_LIMITS.retryAfterSeconds[1],
        times: FAULT_LIMITS.times[1],
      };
      sandbox.clearFaults();
      sandbox.setLatency(KNOB_LIMITS.latencyMs[1]);
      sandbox.setTokenLifetime(KNOB_LIMITS.tokenLifetimeSeconds[1]);
      for (let i = 0; i < MAX_FAULTS; i++) sandbox.addFault({ ...longest, times: FAULT_LIMITS.times[0] + i });
      const answer = await expectOk(call(sandbox, 'GET', '/__sandbox/scenario'));
      const before = sandbox.knobs;
      await withSandbox({ scenario: answer.json['data'].scenario }, async (again) => {
        assert.equal(again.knobs.latencyMs, before.latencyMs);
        assert.equal(again.knobs.tokenLifetimeSeconds, before.tokenLifetimeSeconds);
        assert.deepEqual(again.knobs.faults.map(withoutId), before.faults.map(withoutId));
      });
      sandbox.clearFaults();
      sandbox.setLatency(0);
    });
  });

  it('any token lifetime startSandbox takes is written, and loads back (its range is the knob’s)', async () => {
    const [min, max] = KNOB_LIMITS.tokenLifetimeSeconds;
    await fc.assert(
      fc.asyncProperty(around(KNOB_LIMITS.tokenLifetimeSeconds), async (tokenLifetimeSeconds) => {
        const options = { seed: 52, tokenLifetimeSeconds, log: () => undefined };
        if (tokenLifetimeSeconds < min || tokenLifetimeSeconds > max) {
          await assert.rejects(startCheckedSandbox(options), /tokenLifetimeSeconds must be a whole number from 1 to/);
          return;
        }
        const sandbox = await startCheckedSandbox(options);
        try {
          const { scenario } = await sandbox.exportScenario();
          assert.equal(scenarioKnobs(parseScenario(scenario)).tokenLifetimeSeconds, tokenLifetimeSeconds);
        } finally {
          await sandbox.close();
        }
      }),
      { numRuns: 12, seed: 52 },
    );
  });

  describe('any transaction the admin API adds is saved (POST /__sandbox/transactions, then GET /__sandbox/scenario)', () => {
    const PRINTABLE = charIn(0x20, 0x7e);
    const recipientArbitrary = fc.oneof(
      fc.record({
        bankCode: fc.constantFrom('000014', '999999'),
        accountNumber: fc.stringMatching(/^\d{9,11}$/),
        accountName: text(PRINTABLE, 100),
      }),
      fc.record(
        { mobile: fc.constantFrom('08031234567', '+2348031234567', '2340803123456'), name: text(PRINTABLE, 100) },
        { requiredKeys: ['mobile'] },
      ),
      fc.record({
        metadata: fc.dictionary(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,33}$/), fc.oneof(text(PRINTABLE, 100), fc.integer())),
      }),
      fc.record({ note: fc.string() }),
    );

    it('a 200-character biller name is refused, not taken and then unsavable (the export answered 500)', async () => {
      await withSandbox({ seed: 52 }, async (sandbox) => {
        const recipient = { metadata: { billerName: 'x'.repeat(200) } };
        const refused = await call(sandbox, 'POST', '/__sandbox/transactions?mobile=2348000000000', {
          body: { type: 'bills', amount: 100, recipient },
        });
        assert.equal(refused.status, 400, refused.text);
        assert.equal(refused.json['error'], 'recipient.metadata.billerName must be at most 100 characters');
        await expectOk(call(sandbox, 'GET', '/__sandbox/scenario'));
      });
    });

    it('a recipient an older state file holds in no shape a scenario takes is written without it, not as a 500', () => {
      const at = '2026-01-05T09:00:00.000Z';
      const tx = (reference: string, recipient: unknown) =>
        ({ _id: reference, reference, type: 'bills', amount: 100, createdAt: at, updatedAt: at, recipient }) as never;
      const wallet = {
        mobile: '2348000000000',
        transactions: [
          tx('old_1', { metadata: { billerName: 'x'.repeat(200), units: 5 } }),
          tx('ok_1', { metadata: { billerName: 'dstv' } }),
        ],
      } as unknown as WalletRecord;
      const written = writtenHistory(wallet, [], []);
      assert.deepEqual(
        (written.transactions as { recipient?: unknown }[]).map((each) => each.recipient),
        [undefined, { metadata: { billerName: 'dstv' } }],
      );
      parseScenario({ wallets: [{ mobile: wallet.mobile, ...written }] });
    });

    it('a recipient JSON cannot write (a BigInt from Node) is a 400, not a TypeError', async () => {
      await withSandbox({ seed: 52 }, async (sandbox) => {
        const recipient = { metadata: { units: 5n } } as never;
        assert.throws(
          () => sandbox.addTransaction('2348000000000', { type: 'bills', amount: 100, recipient }),
          (error: unknown) => error instanceof SandboxInputError && /^recipient must be JSON of at most 16384 bytes/.test(error.message),
        );
      });
    });

    it('whatever recipient it takes', async () => {
      let added = 0;
      await withSandbox({ seed: 52 }, async (sandbox) => {
        await fc.assert(
          fc.asyncProperty(recipientArbitrary, async (recipient) => {
            const answer = await call(sandbox, 'POST', '/__sandbox/transactions?mobile=2348000000000', {
              body: { type: 'bills', amount: 100, recipient },
            });
            assert.ok(answer.status === 200 || answer.json['errorCode'] === '10000', answer.text);
            if (answer.status === 200) added++;
            const exported = await call(sandbox, 'GET', '/__sandbox/scenario');
            assert.equal(exported.status, 200, exported.text);
          }),
          { numRuns: 60, seed: 52 },
        );
      });
      assert.ok(added > 15, `only ${added} of 60 transactions were taken`);
    });
  });
});
