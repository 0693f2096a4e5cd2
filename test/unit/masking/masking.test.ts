import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { maskAccountNumber, maskMobile, maskNumbersInText } from '../../../src/masking/masking';

describe('masking/masking', () => {
  it('masks a mobile to its country code and last four digits', () => {
    assert.equal(maskMobile('2348031234567'), '234******4567');
    assert.equal(maskMobile('08031234567'), '*******4567');
    assert.equal(maskMobile(''), '');
  });

  it('masks mobiles and account numbers in a log line, and nothing else', () => {
    assert.equal(
      maskNumbersInText('[local] Connected wallet 2348031234567 through app "Demo".'),
      '[local] Connected wallet 234******4567 through app "Demo".',
    );
    assert.equal(maskNumbersInText('Verified account 2079151995 at ACCESS BANK.'), 'Verified account ******1995 at ACCESS BANK.');
    assert.equal(maskNumbersInText('the phone transfer to 08031234567 failed'), 'the phone transfer to *******4567 failed');
    for (const untouched of [
      '[local] GET /v1/transactions?limit=25 → 200 in 12 ms',
      'Transaction 5f1a2b3c4d5e6f7a8b9c0d1e failed',
      'amount 150050 kobo, ₦1,500.50, at 1614853230000',
      'id 20791519951 is eleven digits, 2079151995.5 is a decimal',
    ]) {
      assert.equal(maskNumbersInText(untouched), untouched);
    }
  });

  it('leaves no NUBAN or mobile readable in any text around it', () => {
    const nuban = fc.stringMatching(/^\d{10}$/);
    const mobile = fc.stringMatching(/^234[789]\d{9}$/);
    const around = fc.string({ maxLength: 30 }).map((text) => text.replace(/[\w.,]+$/, '').replace(/^[\w.,]+/, ''));
    fc.assert(
      fc.property(around, fc.oneof(nuban, mobile), around, (before, number, after) => {
        const out = maskNumbersInText(`${before} ${number} ${after}`);
        assert.equal(out.includes(number), false, `left in: ${out}`);
        assert.ok(out.includes(number.slice(-4)), 'the last four digits stay, to tell numbers apart');
      }),
      { numRuns: 500 },
    );
  });

  it('is the same account-number mask the API layer has', () => {
    assert.equal(maskAccountNumber('2079151995'), '******1995');
  });
});
