import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { formatNaira } from '../../../src/api';
import { amountPrompt, checkAmount, sameAmount } from '../../../src/money/amountCheck';

describe('money/amountCheck', () => {
  it('reads naira as people type it, in kobo, with the balance after', () => {
    assert.deepEqual(checkAmount('1,500', 1_000_000), { ok: true, kobo: 150_000, after: 850_000 });
    assert.deepEqual(checkAmount('1500.50', 1_000_000), { ok: true, kobo: 150_050, after: 849_950 });
    assert.deepEqual(checkAmount('₦1,500', 150_000), { ok: true, kobo: 150_000, after: 0 });
    assert.deepEqual(checkAmount('0.29', undefined), { ok: true, kobo: 29, after: undefined });
  });

  it('refuses zero, negatives, bad grouping and more than the balance, saying why', () => {
    for (const text of ['0', '0.00', '-5', '1,50', '1.234', 'abc', '']) {
      const check = checkAmount(text, 1_000_000);
      assert.equal(check.ok, false, text);
    }
    const over = checkAmount('10,000.01', 1_000_000);
    assert.deepEqual(over, { ok: false, message: `That is more than the balance of ${formatNaira(1_000_000)}.` });
    assert.equal(checkAmount('10,000', 1_000_000).ok, true, 'the whole balance may be sent');
  });

  it('never lets an amount above the balance through (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), fc.integer({ min: 0, max: 10 ** 12 }), (kobo, balance) => {
        const text = formatNaira(kobo);
        const check = checkAmount(text, balance);
        if (kobo > balance) return !check.ok;
        return check.ok && check.kobo === kobo && check.after === balance - kobo;
      }),
    );
  });

  it('prompts with the balance after the amount typed so far', () => {
    assert.equal(amountPrompt('', 500_000), 'Balance: ₦5,000.00. Amount in naira, like 1,500 or 1500.50.');
    assert.equal(amountPrompt('1,000', 500_000), 'Balance after: ₦4,000.00 (now ₦5,000.00).');
    assert.equal(amountPrompt('6,000', 500_000), 'Balance: ₦5,000.00. Amount in naira, like 1,500 or 1500.50.');
    assert.equal(amountPrompt('1,000', undefined), 'Amount in naira, like 1,500 or 1500.50.');
  });

  it('accepts a retyped amount only when it is the same number of kobo', () => {
    assert.equal(sameAmount('₦1,500.00', 150_000), true);
    assert.equal(sameAmount('1500', 150_000), true);
    assert.equal(sameAmount('1,500.01', 150_000), false);
    assert.equal(sameAmount('', 150_000), false);
  });
});
