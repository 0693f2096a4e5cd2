// Properties that test/unit/api/properties.test.ts does not cover: validators given values
// that are not strings at all (a webview message or a setting can carry anything), the
// masks, the log redaction, the client's error texts and the webview protocol guards.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  formatNaira,
  koboToNaira,
  validateAccountNumber,
  validateBankCode,
  validateMobile,
  validatePasscode,
  validateTransactionRef,
} from '../../../src/api';
import { httpError, malformedError, rejectedError, tidyServerText } from '../../../src/api/errors';
import { parseRetryAfter } from '../../../src/api/transport';
import { maskAccountNumber, redactSecretShapes } from '../../../src/common/masking';
import { VALIDATORS } from '../support/validators';
import { escapeHtml } from '../../../src/webview/html/escape';
import { parsePanelState, parseWebviewMessage } from '../../../src/webview/protocol';

const validators = VALIDATORS;

const PLACEHOLDER = /\bundefined\b|\bnull\b|\[object Object\]|NaN/;

describe('reliability: properties of validators, masks, redaction and protocol guards', () => {
  for (const [name, validate] of validators) {
    it(`${name} never throws on any value, not only strings, and explains every rejection`, () => {
      fc.assert(
        fc.property(fc.anything(), (input) => {
          const result = validate(input as string);
          assert.equal(typeof result.ok, 'boolean');
          if (!result.ok) {
            assert.ok(result.message.trim().length > 10, 'a message with words');
            assert.doesNotMatch(result.message, PLACEHOLDER);
          }
        }),
        { numRuns: 300 },
      );
    });
  }

  it('accepted values are normalised and stable: validating the output again gives it back', () => {
    const typed = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[0-9 \-.()+]{0,16}$/),
      fc.stringMatching(/^ ?[0-9a-f]{24} ?$/),
      fc.stringMatching(/^[0-9]{6}$/),
    );
    fc.assert(
      fc.property(typed, (input) => {
        for (const [, validate] of validators) {
          const first = validate(input);
          if (first.ok && typeof first.value === 'string') assert.deepEqual(validate(first.value), first);
        }
        const mobile = validateMobile(input);
        if (mobile.ok) assert.match(mobile.value, /^234\d{10}$/);
        const account = validateAccountNumber(input);
        if (account.ok) assert.match(account.value, /^\d{10,11}$/);
        const passcode = validatePasscode(input);
        if (passcode.ok) assert.match(passcode.value, /^\d{6}$/);
        const code = validateBankCode(input);
        if (code.ok) assert.match(code.value, /^\d{6}$/);
        const reference = validateTransactionRef(input);
        // An accepted reference goes into a URL path: it must not change the path.
        if (reference.ok) assert.equal(encodeURIComponent(reference.value).replace(/%3A/g, ':'), reference.value);
      }),
      { numRuns: 2000 },
    );
  });

  it('formatNaira and koboToNaira never throw on any value', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        assert.match(formatNaira(value as number), /^(-?₦[\d,]+\.\d{2}|₦—)$/);
        assert.equal(typeof koboToNaira(value as number), 'number');
      }),
    );
  });

  it('the account-number mask never throws and never shows more than the last 4 characters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{10,11}$/), fc.anything()), (value) => {
        const masked = maskAccountNumber(value as string);
        assert.equal(typeof masked, 'string');
        if (typeof value === 'string' && value.trim().length > 4) {
          assert.ok(masked.endsWith(value.trim().slice(-4)));
          assert.match(masked.slice(0, -4), /^\*+$/);
        }
      }),
    );
  });

  it('redact removes every JWT, app key, refresh token and passcode hint from any text around it', () => {
    const jwt = fc
      .tuple(
        fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{8,60}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{0,43}$/),
      )
      .map(([a, b, c]) => `eyJ${a}.${b}.${c}`);
    const key = fc.stringMatching(/^(pk_live_|sk_test_)[0-9a-f]{32}$/);
    const refresh = fc.stringMatching(/^[0-9a-f]{40}$/);
    const hint = fc.stringMatching(/^\d{6}$/).map((code) => `[Passcode: ${code}]`);
    const around = fc.string({ maxLength: 30 }).map((text) => text.replace(/[A-Za-z0-9_-]+$/, '').replace(/^[A-Za-z0-9_-]+/, ''));
    fc.assert(
      fc.property(around, fc.oneof(jwt, key, refresh, hint), around, (before, secret, after) => {
        const out = redactSecretShapes(`${before} ${secret} ${after}`);
        assert.equal(out.includes(secret), false, `left in: ${out}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('client error messages are one readable line without the secrets sent, whatever the server says', () => {
    const secretArb = fc.stringMatching(/^[A-Za-z0-9_]{8,40}$/);
    fc.assert(
      fc.property(
        fc.integer({ min: 400, max: 599 }),
        fc.option(fc.string({ unit: 'binary', maxLength: 400 })),
        fc.option(fc.oneof(fc.string(), fc.integer().map(String))),
        secretArb,
        fc.option(fc.nat(100_000)),
        (status, serverText, code, secret, retryAfter) => {
          const target = { method: 'GET', path: '/v1/users/balance', host: '127.0.0.1:4010', secrets: [secret] };
          const echoed = serverText === null ? undefined : `${serverText} ${secret}`;
          for (const error of [
            httpError(target, {
              status,
              statusText: 'Whatever',
              serverText: echoed,
              errorCode: code ?? undefined,
              retryAfterSeconds: retryAfter ?? undefined,
            }),
            rejectedError(target, 200, echoed, code ?? undefined),
            malformedError(target, 200, `detail ${secret}`),
          ]) {
            assert.equal(error.message.includes(secret), false, 'no secret');
            assert.doesNotMatch(error.message, /[\r\n]|<[a-z!/][^>]*>|\[object Object\]/i);
            assert.ok(error.message.length > 20);
          }
          const tidy = tidyServerText(echoed, [secret]);
          if (tidy !== undefined) assert.ok(tidy.length <= 200 && !tidy.includes(secret));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('parseRetryAfter never throws and gives a whole number of seconds or nothing', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.nat().map(String),
          fc.date({ noInvalidDate: true }).map((date) => date.toUTCString()),
          fc.constant(null),
          fc.constant(undefined),
        ),
        (value) => {
          const seconds = parseRetryAfter(value);
          if (seconds !== undefined) assert.ok(Number.isInteger(seconds) && seconds >= 0);
        },
      ),
    );
  });

  it('the webview protocol guards take any value and pass only known messages and states', () => {
    const known = new Set(['ready', 'retry', 'copy', 'openJson', 'navigate', 'verify', 'rendered', 'showTransaction']);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ type: fc.oneof(fc.string(), fc.constantFrom(...known)) }, { requiredKeys: [] }),
          fc.dictionary(fc.string(), fc.anything()),
        ),
        (value) => {
          const message = parseWebviewMessage(value);
          if (message !== undefined) assert.equal(typeof message.type, 'string');
          const state = parsePanelState(value, (text) => validateTransactionRef(text).ok);
          if (state !== undefined)
            assert.ok(state.view === 'verify' || (state.view === 'transaction' && validateTransactionRef(state.reference).ok));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('escapeHtml leaves no markup-significant character in any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        assert.doesNotMatch(escapeHtml(text), /[<>"'`]/);
      }),
    );
  });
});
