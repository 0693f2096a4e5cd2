import * as assert from 'node:assert/strict';
import { formatNaira, koboToNaira, parseNairaToKobo, UNKNOWN_AMOUNT } from '../../../src/api';

describe('api/money', () => {
  describe('formatNaira', () => {
    const table: [number, string][] = [
      [0, '₦0.00'],
      [-0, '₦0.00'],
      [1, '₦0.01'],
      [99, '₦0.99'],
      [100, '₦1.00'],
      [150, '₦1.50'],
      [100000, '₦1,000.00'],
      [99999999, '₦999,999.99'],
      [526548935, '₦5,265,489.35'],
      [73450050, '₦734,500.50'],
      [-1, '-₦0.01'],
      [-526548935, '-₦5,265,489.35'],
      [Number.MAX_SAFE_INTEGER, '₦90,071,992,547,409.91'],
      [1e21, '₦10,000,000,000,000,000,000.00'],
    ];
    for (const [kobo, text] of table) {
      it(`${kobo} -> ${text}`, () => assert.equal(formatNaira(kobo), text));
    }
    for (const odd of [1.5, NaN, Infinity, -Infinity, '100' as unknown as number, undefined as unknown as number]) {
      it(`shows a placeholder for ${String(odd)}`, () => assert.equal(formatNaira(odd), UNKNOWN_AMOUNT));
    }
  });

  it('koboToNaira divides by 100', () => {
    assert.equal(koboToNaira(526548935), 5265489.35);
    assert.equal(koboToNaira(-150), -1.5);
    assert.ok(Number.isNaN(koboToNaira('1' as unknown as number)));
  });

  describe('parseNairaToKobo', () => {
    const good: [string, number][] = [
      ['0', 0],
      ['1', 100],
      ['1,234.50', 123450],
      ['1234.5', 123450],
      ['₦1,234.50', 123450],
      ['₦ 5,265,489.35', 526548935],
      ['NGN 1000', 100000],
      ['N20', 2000],
      ['0.29', 29], // a float parse would give 28.999...
      ['.5', 50],
      ['  42  ', 4200],
      ['90071992547409.91', Number.MAX_SAFE_INTEGER],
    ];
    for (const [text, kobo] of good) {
      it(`${JSON.stringify(text)} -> ${kobo}`, () => assert.deepEqual(parseNairaToKobo(text), { ok: true, value: kobo }));
    }
    const bad = ['', ' ', '.', '1.234', '1,23', '12,34.00', '1,2345', 'abc', '1e3', '0x10', '1.', '١٢٣', '₦', '90071992547409.92', '--1'];
    for (const text of bad) {
      it(`rejects ${JSON.stringify(text)}`, () => {
        const result = parseNairaToKobo(text);
        assert.equal(result.ok, false);
        assert.ok(!result.ok && result.message.length > 0);
      });
    }
    it('refuses negatives unless allowed', () => {
      assert.deepEqual(parseNairaToKobo('-₦1.50'), { ok: false, message: 'Enter an amount of zero or more.' });
      assert.deepEqual(parseNairaToKobo('-₦1.50', { allowNegative: true }), { ok: true, value: -150 });
      assert.deepEqual(parseNairaToKobo('-0', { allowNegative: true }), { ok: true, value: 0 });
    });
  });
});
