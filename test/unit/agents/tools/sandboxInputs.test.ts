// The agent tools take a fault, a mobile and an amount as the sandbox defines them
// (src/sandbox/domain/inputs.ts, through src/sandbox/reference.ts): what the model is told a tool
// takes, the sandbox takes (issue 52: the tools had a fault path, a mobile and an amount limit of
// their own). Each property holds a tool's check to the sandbox's, over inputs around the limits.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { checkInput } from '../../../../src/agents/tools/run';
import { FAULT_LENGTHS, FAULT_LIMITS, normaliseMobile } from '../../../../src/sandbox/reference';
import { parseFault } from '../../../../src/sandbox/worlds/faults';

/** Whether the sandbox's own check takes it. */
function sandboxTakes(fault: Record<string, unknown>): boolean {
  try {
    parseFault(fault);
    return true;
  } catch {
    return false;
  }
}

describe('Agent tools: the sandbox’s inputs, not limits of their own', () => {
  it('sandbox_inject_fault takes exactly the faults the sandbox takes', () => {
    const around = ([min, max]: readonly [number, number]) => fc.oneof(fc.integer({ min, max }), fc.constantFrom(min - 1, max + 1));
    const fault = fc.record(
      {
        path: fc.oneof(
          fc.string({ maxLength: 12 }).map((rest) => `/${rest}`),
          fc.constantFrom('/v1/users/balance', '/v1/*', '/v1/a b', 'v1/x', `/${'p'.repeat(FAULT_LENGTHS.path)}`),
        ),
        method: fc.constantFrom('GET', 'POST', 'DELETE', 'BREW'),
        status: around(FAULT_LIMITS.status),
        drop: fc.boolean(),
        delayMs: around(FAULT_LIMITS.delayMs),
        times: around(FAULT_LIMITS.times),
      },
      { requiredKeys: ['path'] },
    );
    fc.assert(
      fc.property(fault, (given) => {
        assert.equal(checkInput('sandbox_inject_fault', given).ok, sandboxTakes(given), JSON.stringify(given));
      }),
      { numRuns: 500, seed: 52 },
    );
  });

  it('a wallet or recipient mobile in any Nigerian form is sent as 234…; what the sandbox refuses, the tool refuses', () => {
    for (const mobile of ['08031234567', '+2348031234567', '2348031234567']) {
      const checked = checkInput('sandbox_phone_transfer', { mobile, amountKobo: 100, wallet: mobile });
      assert.ok(checked.ok, mobile);
      assert.deepEqual(checked.input, { mobile: normaliseMobile(mobile), amountKobo: 100, wallet: '2348031234567' });
    }
    for (const mobile of ['2340803123456', '0803123456', '+2342031234567']) {
      assert.equal(checkInput('sandbox_buy_airtime', { mobile, amountKobo: 100, provider: 'mtn' }).ok, false, mobile);
    }
  });

  it('an amount is the sandbox’s kobo: a whole number from 1 to Number.MAX_SAFE_INTEGER', () => {
    const send = (amountKobo: number) => checkInput('sandbox_phone_transfer', { mobile: '08031234567', amountKobo }).ok;
    assert.deepEqual([0, 1, 1.5, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1].map(send), [false, true, false, true, false]);
  });
});
