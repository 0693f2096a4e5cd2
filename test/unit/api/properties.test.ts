import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatNaira, parseNairaToKobo, validateMobile } from '../../../src/api';
import { VALIDATORS as validators } from '../support/validators';

// Strings made of what people type into phone fields, so acceptances actually happen.
const phoneish = fc.array(fc.constantFrom(...'0123456789+ -.()234', '٣', 'a'), { maxLength: 18 }).map((chars) => chars.join(''));

const anyText = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), phoneish);

describe('api properties', () => {
  for (const [name, validate] of validators) {
    it(`${name} never throws and explains every rejection`, () => {
      fc.assert(
        fc.property(anyText, (input) => {
          const result = validate(input);
          assert.equal(typeof result.ok, 'boolean');
          if (!result.ok) {
            assert.ok(result.message.trim().length > 0);
            assert.doesNotMatch(result.message, /undefined|\[object Object\]/);
          }
        }),
      );
    });
  }

  it('every accepted mobile normalises to 234 + [789] + 9 digits', () => {
    // Near-misses and hits: assorted prefixes, 8-12 digits, assorted separators.
    const typed = fc
      .tuple(
        fc.constantFrom('', '0', '234', '+234', '+234 (0)', '+1', '00234', '2340'),
        fc.stringMatching(/^\d{8,12}$/),
        fc.constantFrom(' ', '-', '.', ''),
      )
      .map(([prefix, digits, sep]) => `${prefix}${sep}${digits.slice(0, 3)}${sep}${digits.slice(3)}`);
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(typed, phoneish), (input) => {
        const result = validateMobile(input);
        if (result.ok) {
          accepted += 1;
          assert.match(result.value, /^234[789]\d{9}$/);
        }
      }),
      { numRuns: 2000 },
    );
    assert.ok(accepted > 20, `only ${accepted} inputs were accepted: the property barely ran`);
  });

  it('every national mobile written any common way normalises to the same number', () => {
    const national = fc.tuple(fc.constantFrom('7', '8', '9'), fc.stringMatching(/^\d{9}$/)).map(([a, b]) => a + b);
    fc.assert(
      fc.property(national, (n) => {
        const expected = `234${n}`;
        const spaced = `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
        for (const typed of [`0${n}`, `0${spaced}`, `+234 ${spaced}`, `234-${n.slice(0, 3)}-${n.slice(3)}`, `+234(0)${n}`]) {
          assert.deepEqual(validateMobile(typed), { ok: true, value: expected }, typed);
        }
      }),
    );
  });

  it('validation is idempotent on accepted mobiles', () => {
    fc.assert(
      fc.property(phoneish, (input) => {
        const first = validateMobile(input);
        if (first.ok) assert.deepEqual(validateMobile(first.value), first);
      }),
    );
  });

  it('formatNaira round-trips through parseNairaToKobo for every safe integer', () => {
    fc.assert(
      fc.property(
        fc.maxSafeInteger().filter((n) => n >= -Number.MAX_SAFE_INTEGER),
        (kobo) => {
          const text = formatNaira(kobo);
          assert.deepEqual(parseNairaToKobo(text, { allowNegative: true }), { ok: true, value: kobo === 0 ? 0 : kobo });
        },
      ),
    );
  });

  it('formatNaira never throws and always starts with a sign or ₦', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.bigInt().map(Number)), (value) => {
        assert.match(formatNaira(value), /^-?₦/);
      }),
    );
  });
});
