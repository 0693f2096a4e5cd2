import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { groupedDigits, naira } from '../../../src/sandbox/domain/ledger';

// The sandbox writes amounts in its messages and findings (₦4,000.00) in whole kobo, without
// Intl (whose first use costs every start its locale data): the same text as en-NG's formatter.

describe('sandbox: naira as its messages write it', () => {
  const intl = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  it('writes any whole kobo amount as en-NG does, grouped, with two decimals', () => {
    for (const kobo of [0, 1, 9, 10, 99, 100, 101, 100_000, 1_000_001, 526_548_935, -150, -1])
      assert.equal(naira(kobo), `₦${intl.format(kobo / 100)}`, String(kobo));
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (kobo) => naira(kobo) === `₦${intl.format(kobo / 100)}`));
  });

  it('keeps every digit of the largest balance the sandbox holds', () => {
    assert.equal(naira(Number.MAX_SAFE_INTEGER), '₦90,071,992,547,409.91');
  });

  it('groups whole numbers in threes', () => {
    assert.deepEqual([0, 999, 1000, 10_000, 1_234_567].map(groupedDigits), ['0', '999', '1,000', '10,000', '1,234,567']);
  });
});
