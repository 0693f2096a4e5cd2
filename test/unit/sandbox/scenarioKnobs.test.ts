import * as assert from 'node:assert/strict';
import { parseScenario } from '../../../src/sandbox/scenario/parse';
import { call, expectOk, withSandbox } from './helpers';

// Save Sandbox as Scenario after any fault or knob the admin API takes (issue 52): the export
// answers 200 and the file it writes loads back with the same faults and knobs.

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
      assert.deepEqual(
        again.knobs.faults.map(({ id, ...rest }) => (void id, rest)),
        [fault],
      );
    });
  });
});
