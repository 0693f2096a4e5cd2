import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatKobo } from '../../../src/common/moneyText';

// Issue 25: the same amount read "250050 kobo" on the event page and "250,050 kobo" in the tree.

describe('common: the exact kobo beside a naira amount', () => {
  it('groups the digits as formatNaira does, sign first', () => {
    assert.equal(formatKobo(250_050), '250,050 kobo');
    assert.equal(formatKobo(5), '5 kobo');
    assert.equal(formatKobo(0), '0 kobo');
    assert.equal(formatKobo(-150), '-150 kobo');
    assert.equal(formatKobo(123_456_789_012), '123,456,789,012 kobo');
  });

  it('keeps every digit of any whole amount, in groups of three', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (kobo) => {
        const text = formatKobo(kobo);
        assert.equal(text.replace(/,/g, ''), `${kobo} kobo`);
        assert.match(text, /^-?\d{1,3}(,\d{3})* kobo$/);
      }),
    );
  });

  it('shows a non-integer as it was sent instead of inventing digits', () => {
    assert.equal(formatKobo(12.5), '12.5 kobo');
  });
});
