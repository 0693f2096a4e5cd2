import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatDuration, MAX_ADVANCE_SECONDS, parseDuration } from '../../../src/localSandbox/durations';
import { attemptOutcome, eventAmount, eventDescription, eventReference, failedDeliveries } from '../../../src/localSandbox/eventSummary';
import { faultDescription, faultEffect, faultMeetsMoney, faultPhase, faultTarget } from '../../../src/localSandbox/faultLabel';
import { webhookEvent } from '../support/webhookEvent';

describe('localSandbox: durations', () => {
  it('reads durations as people type them', () => {
    const cases: [string, number][] = [
      ['90s', 90],
      ['5 min', 300],
      ['5m', 300],
      ['1h30m', 5400],
      ['1 h, 30 min', 5400],
      ['2 days', 172_800],
      ['1 DAY', 86_400],
      ['1.5h', 5400],
      ['10', 600],
    ];
    for (const [text, seconds] of cases) assert.deepEqual(parseDuration(text), { ok: true, value: seconds }, text);
  });

  it('refuses what is not a duration, nothing, and more than a year', () => {
    for (const text of ['', 'soon', '5 weeks', 'h', '-5m', '1h x', '0s', '400 days']) {
      assert.equal(parseDuration(text).ok, false, text);
    }
    assert.equal(parseDuration(`${MAX_ADVANCE_SECONDS}s`).ok, true);
  });

  it('writes back what it reads', () => {
    assert.equal(formatDuration(60), '1 min');
    assert.equal(formatDuration(86_400), '1 day');
    assert.equal(formatDuration(90_061), '1 day 1 h 1 min 1 s');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_ADVANCE_SECONDS }), (seconds) => {
        const text = formatDuration(seconds).replace(/days?/, 'd');
        assert.deepEqual(parseDuration(text), { ok: true, value: seconds });
      }),
    );
  });
});

describe('localSandbox: event summary and fault labels', () => {
  it('reads the reference and amount from the payload, and only well-formed ones', () => {
    const event = webhookEvent();
    assert.equal(eventReference(event), '6b032c4a98870cc2513fa67a');
    assert.equal(eventAmount(event), 150_050);
    assert.equal(eventDescription(event), '6b032c4a98870cc2513fa67a · ₦1,500.50 · delivered');
    const odd = webhookEvent({ state: 'retrying' }, { transactionReference: 42, amount: 1.5 });
    assert.equal(eventReference(odd), undefined);
    assert.equal(eventAmount(odd), undefined);
    assert.equal(eventDescription(odd), 'retrying');
  });

  it('says what each attempt got, and counts the failed deliveries', () => {
    assert.equal(attemptOutcome({ number: 1, at: '', status: 500, durationMs: 1, excerpt: '' }), '500');
    assert.equal(
      attemptOutcome({ number: 1, at: '', status: 0, durationMs: 1, error: 'ECONNREFUSED', excerpt: '' }),
      'no answer (ECONNREFUSED)',
    );
    const events = [
      webhookEvent({ state: 'failed' }),
      webhookEvent(),
      webhookEvent({ state: 'failed' }),
      webhookEvent({ state: 'retrying' }),
    ];
    assert.equal(failedDeliveries(events), 2);
    assert.equal(failedDeliveries([]), 0);
  });

  it('describes faults in words', () => {
    assert.equal(faultTarget({ method: 'GET', path: '/v1/users/balance' }), 'GET /v1/users/balance');
    assert.equal(faultTarget({ path: '/v1/*' }), 'any method /v1/*');
    assert.equal(faultEffect({ path: '/', status: 503 }), 'status 503 · every time');
    assert.equal(faultEffect({ path: '/', drop: true, times: 1 }), 'drops the connection · 1 more time');
    assert.equal(faultEffect({ path: '/', delayMs: 250, times: 3 }), 'waits 250 ms · 3 more times');
    // Issue 53: the phase, said for every fault (before the work is the default).
    assert.equal(faultDescription({ path: '/', status: 503 }), 'before the work · status 503 · every time');
    assert.equal(
      faultDescription({ path: '/', phase: 'after', delayMs: 30_000, times: 1 }),
      'after the work · holds the answer 30000 ms · 1 more time',
    );
    assert.equal(faultPhase({ path: '/', phase: 'before' }), 'before the work');
  });

  it('knows which faults meet a call that moves money (after the work, that money moves)', () => {
    assert.equal(faultMeetsMoney({ method: 'POST', path: '/v1/users/transfers/bank' }), true);
    assert.equal(faultMeetsMoney({ path: '/v1/users/*' }), true);
    assert.equal(faultMeetsMoney({ path: '/v1/*' }), true);
    assert.equal(faultMeetsMoney({ path: '/v1/users/payments/bills/vtu' }), true);
    assert.equal(faultMeetsMoney({ method: 'GET', path: '/v1/users/*' }), false);
    assert.equal(faultMeetsMoney({ path: '/v1/users/balance' }), false);
    assert.equal(faultMeetsMoney({ path: '/v1/users/transfers/requery/bank/*' }), false);
  });
});
