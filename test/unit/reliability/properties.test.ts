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
import { maskAccountNumber, redactSecretShapes } from '../../../src/masking/masking';
import { VALIDATORS } from '../support/validators';
import { escapeHtml } from '../../../src/webview/html/escape';
import {
  MAX_FIELD_LENGTH,
  parsePanelState,
  parseWebviewMessage,
  type CopyTarget,
  type PanelState,
  type PanelView,
  type SnippetTarget,
  type WebviewMessage,
} from '../../../src/webview/protocol';

const validators = VALIDATORS;

// The webview protocol's messages and states, derived from its types: each table below is
// keyed by a union of src/webview/protocol.ts, so a type added there and missing here (or
// removed there and left here) fails the type check instead of leaving a stale list.

type MessageOf<K extends WebviewMessage['type']> = Extract<WebviewMessage, { type: K }>;
type StateOf<K extends PanelState['view']> = Extract<PanelState, { view: K }>;

/** Every value of a string union, from a record the compiler checks is complete. */
function everyKey<K extends string>(record: Record<K, true>): K[] {
  return Object.keys(record) as K[];
}

const COPY_TARGETS = everyKey<CopyTarget>({ reference: true, json: true });
const SNIPPET_TARGETS = everyKey<SnippetTarget>({ curl: true, fetch: true, python: true });
const PANEL_VIEWS = everyKey<PanelView>({ verify: true });
const shortText = fc.string({ maxLength: MAX_FIELD_LENGTH });

/** One generator of well-formed messages per message type of the protocol. */
const MESSAGES: { [K in WebviewMessage['type']]: fc.Arbitrary<MessageOf<K>> } = {
  ready: fc.constant({ type: 'ready' }),
  openJson: fc.constant({ type: 'openJson' }),
  retry: fc.constant({ type: 'retry' }),
  back: fc.constant({ type: 'back' }),
  verifyRecipient: fc.constant({ type: 'verifyRecipient' }),
  redeliver: fc.constant({ type: 'redeliver' }),
  replay: fc.constant({ type: 'replay' }),
  openRequest: fc.integer({ min: 1 }).map((id) => ({ type: 'openRequest', id })),
  openEvent: fc.stringMatching(/^[0-9a-f]{24}$/).map((hex) => ({ type: 'openEvent', id: `evt_${hex}` })),
  copy: fc.constantFrom(...COPY_TARGETS).map((what) => ({ type: 'copy', what })),
  copySnippet: fc.constantFrom(...SNIPPET_TARGETS).map((format) => ({ type: 'copySnippet', format })),
  navigate: fc.constantFrom(...PANEL_VIEWS).map((view) => ({ type: 'navigate', view })),
  verify: fc.tuple(shortText, shortText).map(([bankCode, accountNumber]) => ({ type: 'verify', bankCode, accountNumber })),
  rendered: fc
    .record(
      {
        text: fc.string({ maxLength: 2_000 }),
        scrollY: fc.double({ min: 0, max: 1e6, noNaN: true }),
        document: shortText,
      },
      { requiredKeys: ['text'] },
    )
    .map((fields) => ({ type: 'rendered', ...fields })),
};
const MESSAGE_TYPES: string[] = Object.keys(MESSAGES);
const validMessage: fc.Arbitrary<WebviewMessage> = fc.oneof(...Object.values<fc.Arbitrary<WebviewMessage>>(MESSAGES));

const isReference = (text: string) => validateTransactionRef(text).ok;
const reference = fc.stringMatching(/^[A-Za-z0-9_:-]{1,128}$/);

/** One generator of well-formed persisted states per page of the panel. */
const STATES: { [K in PanelState['view']]: fc.Arbitrary<StateOf<K>> } = {
  verify: fc.constant({ view: 'verify' }),
  transaction: fc.oneof(
    reference.map((ref) => ({ view: 'transaction' as const, reference: ref })),
    fc.tuple(reference, fc.string({ maxLength: 32 })).map(([ref, env]) => ({ view: 'transaction' as const, reference: ref, env })),
  ),
  event: fc.stringMatching(/^[0-9a-f]{24}$/).map((hex) => ({ view: 'event', id: `evt_${hex}` })),
  request: fc.integer({ min: 1 }).map((id) => ({ view: 'request', id })),
  webhookCheck: fc.constant({ view: 'webhookCheck' }),
  finding: fc.integer({ min: 1, max: 999_999_999 }).map((n) => ({ view: 'finding', id: `fnd_${n}` })),
};
const STATE_VIEWS: string[] = Object.keys(STATES);
const validState: fc.Arbitrary<PanelState> = fc.oneof(...Object.values<fc.Arbitrary<PanelState>>(STATES));

/** Fields a hostile or careless page might add to a message. */
const extraFields = fc.dictionary(fc.string(), fc.anything());

/** The extra fields, minus any the known value has (those would make it another message). */
function withoutKeysOf(known: object, extra: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(extra).filter(([key]) => !(key in known)));
}

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

  it('the webview protocol rebuilds every message it knows exactly, whatever else the object carries', () => {
    fc.assert(
      fc.property(validMessage, extraFields, (message, extra) => {
        const sent = { ...withoutKeysOf(message, extra), ...message };
        assert.deepEqual(parseWebviewMessage(sent), message);
      }),
      { numRuns: 2000 },
    );
  });

  it('the webview protocol passes nothing it does not know: what it returns is a known message built from the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ type: fc.oneof(fc.string(), fc.constantFrom(...MESSAGE_TYPES)) }, { requiredKeys: [] }),
          fc.dictionary(fc.string(), fc.anything()),
          fc.tuple(validMessage, fc.dictionary(fc.string(), fc.anything())).map(([message, noise]) => ({ ...message, ...noise })),
        ),
        (value) => {
          const message = parseWebviewMessage(value);
          if (message === undefined) return;
          assert.ok(MESSAGE_TYPES.includes(message.type), `a type of the protocol: ${message.type}`);
          for (const [key, field] of Object.entries(message)) assert.equal(field, (value as Record<string, unknown>)[key], key);
          assert.deepEqual(parseWebviewMessage(message), message, 'a rebuilt message reads back as itself');
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('the panel state reads back every state it knows exactly, and only those', () => {
    fc.assert(
      fc.property(validState, extraFields, (state, extra) => {
        assert.deepEqual(parsePanelState({ ...withoutKeysOf(state, extra), ...state }, isReference), state);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.record({ view: fc.constantFrom(...STATE_VIEWS), id: fc.anything(), reference: fc.anything() })),
        (value) => {
          const state = parsePanelState(value, isReference);
          if (state === undefined) return;
          assert.ok(STATE_VIEWS.includes(state.view));
          for (const [key, field] of Object.entries(state)) assert.equal(field, (value as Record<string, unknown>)[key], key);
        },
      ),
      { numRuns: 1000 },
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
