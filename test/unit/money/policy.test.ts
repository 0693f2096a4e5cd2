import * as assert from 'node:assert/strict';
import { moneyPolicy } from '../../../src/money/policy';
import { requeryDelayMs, transferState } from '../../../src/money/transferStatus';
import { touchesWallet } from '../../../src/money/walletChange';

describe('money/policy', () => {
  it('lets test money move in the sandbox and staging, whatever the production setting', () => {
    for (const setting of [false, true]) {
      assert.deepEqual(moneyPolicy('local', setting), { allowed: true, retypeAmount: false });
      assert.deepEqual(moneyPolicy('staging', setting), { allowed: true, retypeAmount: false });
    }
  });

  it('keeps production off unless the setting is on, and then asks for the amount again', () => {
    assert.deepEqual(moneyPolicy('production', false), { allowed: false, reason: 'production-off' });
    assert.deepEqual(moneyPolicy('production', true), { allowed: true, retypeAmount: true });
  });
});

describe('money/transferStatus', () => {
  it('reads the API status codes, and anything else as unknown', () => {
    assert.equal(transferState('000002'), 'pending');
    assert.equal(transferState('000001'), 'success');
    assert.equal(transferState('000000'), 'failed');
    assert.equal(transferState('000003'), 'unknown');
    assert.equal(transferState(undefined), 'unknown');
    assert.equal(transferState('toString'), 'unknown');
  });

  it('requeries on a doubling backoff from 5 s, capped at 5 minutes', () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 20].map(requeryDelayMs),
      [5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000],
    );
  });
});

describe('money/walletChange', () => {
  const empty = { wallets: [], transfers: [], events: [] };
  it('sees a change to the wallet, or to one of its bank transfers', () => {
    assert.equal(touchesWallet({ ...empty, wallets: ['2348031234567'] }, '2348031234567'), true);
    assert.equal(
      touchesWallet({ ...empty, transfers: [{ reference: 'a'.repeat(24), mobile: '2348031234567', status: 'success' }] }, '2348031234567'),
      true,
    );
  });

  it('ignores changes to other wallets and event-only changes', () => {
    assert.equal(touchesWallet({ ...empty, wallets: ['2349090000000'] }, '2348031234567'), false);
    assert.equal(touchesWallet({ ...empty, events: [{ id: 'e1', state: 'delivered' }] }, '2348031234567'), false);
  });
});
