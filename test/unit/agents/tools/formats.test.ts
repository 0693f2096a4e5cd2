import * as assert from 'node:assert/strict';
import { describeFault, clearFaults } from '../../../../src/agents/tools/actions';
import { confirmation } from '../../../../src/agents/tools/confirmation';
import { eventLine } from '../../../../src/agents/tools/format';
import { webhookEvent } from '../../support/webhookEvent';

// Issue 25, one format per thing, in what the agent tools say: a confirmation (read by a person
// before the call runs) writes mobiles and networks as the views do; a result (read by the
// model) writes counts with the right noun instead of "(s)".

const LOCAL = { label: 'Local sandbox', local: true, live: false };

describe('tools: formats of confirmations and results (issue 25)', () => {
  it('a confirmation names the wallet and the recipient as 0803 123 4567, and the network by its one name', () => {
    const phone = confirmation('phoneTransfer', { mobile: '2349090000000', amountKobo: 5_000 }, LOCAL, '2348031234567');
    assert.equal(phone?.message, 'Send ₦50.00 from wallet 0803 123 4567 to 0909 000 0000 in Local sandbox. Sent once, never retried.');
    const airtime = confirmation('airtime', { mobile: '08030000000', amountKobo: 10_000, provider: 'etisalat' }, LOCAL, '2348031234567');
    assert.equal(
      airtime?.message,
      'Buy ₦100.00 of 9mobile airtime for 0803 000 0000 from wallet 0803 123 4567 in Local sandbox. Sent once, never retried.',
    );
    const clock = confirmation('advanceClock', { seconds: 1 }, LOCAL);
    assert.match(clock?.message ?? '', /forward 1 second in/);
  });

  it('a result counts with the right noun: "1 attempt", "1 time", "1 fault"', async () => {
    const once = webhookEvent({ attempts: [{ number: 1, at: '2024-01-01T00:00:00.000Z', status: 200, durationMs: 5, excerpt: '' }] });
    assert.match(eventLine(once), /\| 1 attempt, last attempt: HTTP 200/);
    assert.match(eventLine(webhookEvent({ attempts: [] })), /\| 0 attempts, not attempted yet/);
    assert.equal(describeFault({ path: '/v1/*', status: 500, times: 1 }), 'any method /v1/*: answer HTTP 500, 1 time');
    assert.equal(describeFault({ path: '/v1/*', drop: true, times: 2 }), 'any method /v1/*: drop the connection, 2 times');
    assert.equal(
      describeFault({ path: '/v1/users/transfers/bank', phase: 'after', delayMs: 30_000, times: 1 }),
      'any method /v1/users/transfers/bank: after the work (the money moves), hold the answer 30000 ms, 1 time',
    );
    const faults = [{ path: '/v1/*' }];
    // The sandbox's own faults.clear answers how many it removed.
    const clear = async () => faults.splice(0).length;
    const ctx = { sandbox: async () => ({ faults: { list: async () => faults, clear } }) } as unknown as Parameters<typeof clearFaults>[0];
    assert.deepEqual(await clearFaults(ctx), ['Cleared 1 fault; requests are answered normally again.']);
  });
});
