import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import type { Fault, Sandbox } from '../../../src/sandbox';
import { FAULT_LENGTHS, FAULT_LIMITS, FAULT_METHODS, KNOB_LIMITS, MAX_FAULTS, type Range } from '../../../src/sandbox/domain/inputs';
import { SandboxInputError } from '../../../src/sandbox/vocabulary/errors';
import { parseScenario, ScenarioError } from '../../../src/sandbox/scenario/parse';
import { scenarioKnobs } from '../../../src/sandbox/scenario/scenarioState';
import { parseFault } from '../../../src/sandbox/worlds/faults';
import { startCheckedSandbox } from '../support/contract';
import { call, expectOk, withSandbox } from './helpers';

// Save Sandbox as Scenario after any fault or knob the admin API takes (issue 52): the export
// answers 200 and the file it writes loads back with the same faults and knobs. The properties run
// over each range of domain/inputs.ts and one past each end, so they follow the limits if they move.

/** A number of the range, its ends most often, and now and then one past an end (which must be refused). */
const around = ([min, max]: Range) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min, max }) },
    { weight: 2, arbitrary: fc.constantFrom(min, max) },
    { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1) },
  );

/** A string of any code points up to `max + 1` long: short ones, and ones at the limit. */
const text = (max: number, prefix = '') =>
  fc
    .oneof(
      fc.string({ unit: 'binary', maxLength: 24 }),
      fc.integer({ min: max - 3, max: max + 1 }).map((length) => 'x'.repeat(Math.max(0, length - prefix.length))),
    )
    .map((rest) => prefix + rest);

const faultArbitrary = fc.record(
  {
    path: fc.oneof(text(FAULT_LENGTHS.path, '/'), text(FAULT_LENGTHS.path, '/v1/'), text(8)),
    method: fc.constantFrom(...FAULT_METHODS, 'get', 'Patch', 'BREW'),
    status: around(FAULT_LIMITS.status),
    body: text(FAULT_LENGTHS.body),
    contentType: text(FAULT_LENGTHS.contentType),
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

  describe('any fault and knobs the Node controls take are saved and load back equal', () => {
    let sandbox: Sandbox;
    before(async () => {
      sandbox = await startCheckedSandbox({ seed: 52, log: () => undefined });
    });
    after(() => sandbox.close());

    it('over every range of domain/inputs.ts', async () => {
      let saved = 0;
      await fc.assert(
        fc.asyncProperty(knobsArbitrary, fc.array(faultArbitrary, { maxLength: 4 }), async (knobs, faults) => {
          sandbox.clearFaults();
          taken(() => sandbox.setLatency(knobs.latencyMs));
          taken(() => sandbox.setTokenLifetime(knobs.tokenLifetimeSeconds));
          for (const fault of faults) taken(() => sandbox.addFault(fault));
          const { scenario } = await sandbox.exportScenario();
          const loaded = scenarioKnobs(parseScenario(scenario));
          const { latencyMs, tokenLifetimeSeconds, faults: held } = sandbox.knobs;
          assert.deepEqual(loaded, {
            tokenLifetimeSeconds,
            ...(latencyMs === 0 ? {} : { latencyMs }),
            faults: held.map(withoutId),
          });
          if (held.length > 0) saved++;
        }),
        { numRuns: 150, seed: 52 },
      );
      assert.ok(saved > 50, `only ${saved} of 150 runs saved a fault`);
    });

    it('at the edges: every field at its longest and largest, and a world full of faults, loads into a new sandbox', async () => {
      const [, delayMs] = FAULT_LIMITS.delayMs;
      const longest: Fault = {
        path: `/${'p'.repeat(FAULT_LENGTHS.path - 2)}*`,
        method: 'DELETE',
        status: FAULT_LIMITS.status[1],
        body: 'b'.repeat(FAULT_LENGTHS.body),
        contentType: 'c'.repeat(FAULT_LENGTHS.contentType),
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
});
