import * as assert from 'node:assert/strict';
import {
  validateAccountNumber,
  validateAppName,
  validateBankCode,
  validateEmail,
  validateMobile,
  validatePasscode,
  validatePassword,
  validateTransactionRef,
  validateTransactionType,
  type Validation,
} from '../../../src/api';
import { maskAccountNumber } from '../../../src/masking/masking';

function accepted<T>(result: Validation<T>): T {
  assert.ok(result.ok, `expected ok, got: ${result.ok ? '' : result.message}`);
  return result.value;
}

function rejected(result: Validation<unknown>): string {
  assert.equal(result.ok, false, `expected a rejection, got ${JSON.stringify(result)}`);
  return result.ok ? '' : result.message;
}

describe('api/validation', () => {
  describe('validateMobile', () => {
    const good: [string, string][] = [
      ['0803 123 4567', '2348031234567'],
      ['08031234567', '2348031234567'],
      ['+234 803 123 4567', '2348031234567'],
      ['234 803-123-4567', '2348031234567'],
      ['2348031234567', '2348031234567'],
      ['+2348031234567', '2348031234567'],
      ['(0803) 123.4567', '2348031234567'],
      ['  0803 123 4567  ', '2348031234567'],
      ['+234 (0) 803 123 4567', '2348031234567'],
      ['0803\u00a0123\u00a04567', '2348031234567'], // no-break spaces from pasted text
      ['07012345678', '2347012345678'],
      ['09091234567', '2349091234567'],
      ['2348000000000', '2348000000000'],
      ['2349090000000', '2349090000000'],
    ];
    for (const [input, expected] of good) {
      it(`normalises ${JSON.stringify(input)}`, () => assert.equal(accepted(validateMobile(input)), expected));
    }

    const bad: [string, RegExp][] = [
      ['', /like 0803 123 4567 or \+234 803 123 4567/],
      ['   ', /like 0803 123 4567/],
      ['0803 123 456', /11 digits/], // too short
      ['0803 123 45678', /11 digits/], // too long
      ['23480312345678', /11 digits/],
      ['8031234567', /11 digits/], // no trunk 0 or country code
      ['0803 ABC 4567', /digits only/],
      ['0803-123-4567 ext 2', /digits only/],
      ['+1 202 555 0100', /Only Nigerian numbers/],
      ['+44 7911 123456', /Only Nigerian numbers/],
      ['06031234567', /starts with 07, 08 or 09/],
      ['2346031234567', /starts with 07, 08 or 09/],
      ['٠٨٠٣١٢٣٤٥٦٧', /digits only/], // Arabic-Indic digits
      ['０８０３１２３４５６７', /digits only/], // full-width digits
      ['++2348031234567', /digits only/],
      ['0803+1234567', /digits only/],
    ];
    for (const [input, message] of bad) {
      it(`rejects ${JSON.stringify(input)}`, () => assert.match(rejected(validateMobile(input)), message));
    }

    it('never throws on a non-string from a JS caller', () => {
      assert.match(rejected(validateMobile(undefined as unknown as string)), /Nigerian mobile/);
    });
  });

  describe('validateAccountNumber', () => {
    it('accepts 10 and 11 digits, dropping separators', () => {
      assert.equal(accepted(validateAccountNumber('2079151995')), '2079151995');
      assert.equal(accepted(validateAccountNumber('20791519950')), '20791519950');
      assert.equal(accepted(validateAccountNumber(' 2079 151 995 ')), '2079151995');
      assert.equal(accepted(validateAccountNumber('0000000000')), '0000000000');
    });
    for (const input of ['', '207915199', '207915199500', '20791519a5', '２０７９１５１９９５', '-2079151995x']) {
      it(`rejects ${JSON.stringify(input)} with the NUBAN hint`, () => {
        assert.match(rejected(validateAccountNumber(input)), /10-digit NUBAN/);
      });
    }
  });

  describe('validateBankCode', () => {
    it('accepts six digits, trimmed', () => {
      assert.equal(accepted(validateBankCode('000014')), '000014');
      assert.equal(accepted(validateBankCode(' 090270 ')), '090270');
    });
    for (const input of ['', '14', '0000140', '00001a', '000 014']) {
      it(`rejects ${JSON.stringify(input)}`, () => assert.match(rejected(validateBankCode(input)), /6 digits/));
    }
  });

  describe('validatePasscode', () => {
    it('accepts six digits, ignoring spaces', () => {
      assert.equal(accepted(validatePasscode('123456')), '123456');
      assert.equal(accepted(validatePasscode('123 456')), '123456');
      assert.equal(accepted(validatePasscode('000000')), '000000');
    });
    for (const input of ['', '12345', '1234567', 'abcdef', '12345x', '１２３４５６']) {
      it(`rejects ${JSON.stringify(input)}`, () => assert.match(rejected(validatePasscode(input)), /6-digit passcode/));
    }
  });

  describe('validateEmail', () => {
    it('accepts ordinary addresses, trimmed', () => {
      assert.equal(accepted(validateEmail('ada@example.com')), 'ada@example.com');
      assert.equal(accepted(validateEmail('  ada.lovelace+wallet@mail.example.ng ')), 'ada.lovelace+wallet@mail.example.ng');
    });
    for (const input of [
      '',
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'ada @example.com',
      'ada@@example.com',
      'ada@example..com',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      it(`rejects ${JSON.stringify(input.slice(0, 30))}`, () => assert.match(rejected(validateEmail(input)), /e-mail address/));
    }
  });

  describe('validatePassword', () => {
    it('needs 8 characters to sign up and keeps the value untouched', () => {
      assert.equal(accepted(validatePassword(' secret 1 ')), ' secret 1 ');
      assert.match(rejected(validatePassword('short')), /at least 8/);
      assert.match(rejected(validatePassword('')), /Enter a password/);
    });
    it('only needs a non-empty one to log in', () => {
      assert.equal(accepted(validatePassword('short', 'log-in')), 'short');
      assert.match(rejected(validatePassword('', 'log-in')), /Enter a password/);
    });
    it('counts characters, not UTF-16 units', () => {
      assert.match(rejected(validatePassword('😀😀😀😀')), /at least 8/);
    });
  });

  describe('validateAppName', () => {
    it('accepts 1 to 64 printable characters, trimmed', () => {
      assert.equal(accepted(validateAppName('  My Shop  ')), 'My Shop');
      assert.equal(accepted(validateAppName('x')), 'x');
      assert.equal(accepted(validateAppName('é'.repeat(64))), 'é'.repeat(64));
      assert.equal(accepted(validateAppName('Ọjà 🛒')), 'Ọjà 🛒');
    });
    it('rejects empty, too long and control characters', () => {
      assert.match(rejected(validateAppName('   ')), /Enter a name/);
      assert.match(rejected(validateAppName('x'.repeat(65))), /at most 64.*65/);
      assert.match(rejected(validateAppName('bad\u0007name')), /printable/);
      assert.match(rejected(validateAppName('two\nlines')), /printable/);
    });
  });

  describe('validateTransactionType', () => {
    it('accepts the five types, any case', () => {
      for (const type of ['bank', 'phone', 'bills', 'bvn', 'vtu'] as const) assert.equal(accepted(validateTransactionType(type)), type);
      assert.equal(accepted(validateTransactionType(' Bank ')), 'bank');
    });
    for (const input of ['', 'card', 'banks', 'b a n k']) {
      it(`rejects ${JSON.stringify(input)}`, () => assert.match(rejected(validateTransactionType(input)), /bank, phone, bills, bvn, vtu/));
    }
  });

  describe('validateTransactionRef', () => {
    it('accepts 24-hex ids and other safe ids', () => {
      assert.equal(accepted(validateTransactionRef('5f1a2b3c4d5e6f7a8b9c0d1e')), '5f1a2b3c4d5e6f7a8b9c0d1e');
      assert.equal(accepted(validateTransactionRef(' TRX-2020_01.a:b ')), 'TRX-2020_01.a:b');
    });
    for (const input of ['', '   ', 'a/b', '..', '.', 'a b', 'ref?x=1', 'ref#1', '%2F', 'x'.repeat(129)]) {
      it(`rejects ${JSON.stringify(input.slice(0, 20))}`, () => assert.ok(rejected(validateTransactionRef(input)).length > 10));
    }
  });

  describe('masking', () => {
    it('shows only the last 4 digits of an account number', () => {
      assert.equal(maskAccountNumber('2079151995'), '******1995');
      assert.equal(maskAccountNumber('20791519950'), '*******9950');
      assert.equal(maskAccountNumber('123'), '***');
      assert.equal(maskAccountNumber(''), '');
    });
  });
});
