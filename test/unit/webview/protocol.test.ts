import * as assert from 'node:assert/strict';
import { validateTransactionRef } from '../../../src/api';
import {
  isHostMessage,
  MAX_FIELD_LENGTH,
  parsePanelState,
  parseWebviewMessage,
  recentVerificationText,
} from '../../../src/webview/protocol';

const isReference = (text: string) => validateTransactionRef(text).ok;

describe('webview/protocol', () => {
  it('accepts each message the page sends, keeping only known fields', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready', extra: 1 }), { type: 'ready' });
    assert.deepEqual(parseWebviewMessage({ type: 'copy', what: 'json' }), { type: 'copy', what: 'json' });
    assert.deepEqual(parseWebviewMessage({ type: 'navigate', view: 'verify' }), { type: 'navigate', view: 'verify' });
    assert.deepEqual(
      parseWebviewMessage({ type: 'verifyRecipient', accountNumber: '0123456789' }),
      { type: 'verifyRecipient' },
      'the host reads the recipient itself',
    );
    assert.deepEqual(parseWebviewMessage({ type: 'verify', bankCode: '000014', accountNumber: '0123456789', appKey: 'x' }), {
      type: 'verify',
      bankCode: '000014',
      accountNumber: '0123456789',
    });
    assert.deepEqual(parseWebviewMessage({ type: 'rendered', text: 'hello' }), { type: 'rendered', text: 'hello' });
    assert.deepEqual(parseWebviewMessage({ type: 'rendered', text: 'hello', scrollY: 120, document: 'k3j2', x: 1 }), {
      type: 'rendered',
      text: 'hello',
      scrollY: 120,
      document: 'k3j2',
    });
    assert.deepEqual(
      parseWebviewMessage({ type: 'rendered', text: 'hello', scrollY: -1, document: 'x'.repeat(MAX_FIELD_LENGTH + 1) }),
      { type: 'rendered', text: 'hello' },
      'malformed optional parts are dropped',
    );
    assert.deepEqual(parseWebviewMessage({ type: 'back', view: 'transaction' }), { type: 'back' }, 'the host knows where back goes');
    assert.deepEqual(parseWebviewMessage({ type: 'redeliver', id: 'evt_x' }), { type: 'redeliver' }, 'the host knows which event');
  });

  it('ignores anything else', () => {
    const bad: unknown[] = [
      undefined,
      null,
      'ready',
      [],
      {},
      { type: 'unknown' },
      { type: 'copy', what: 'secrets' },
      { type: 'copy' },
      { type: 'navigate', view: 'settings' },
      { type: 'navigate', view: 'transaction' },
      { type: 'verify', bankCode: 14, accountNumber: '0123456789' },
      { type: 'verify', bankCode: '000014' },
      { type: 'verify', bankCode: '000014', accountNumber: '1'.repeat(MAX_FIELD_LENGTH + 1) },
      { type: 'rendered', text: 5 },
      { type: 'toString' },
      { type: '__proto__' },
    ];
    for (const message of bad) assert.equal(parseWebviewMessage(message), undefined, JSON.stringify(message));
  });

  it('the page takes every message the host posts, and nothing else', () => {
    const live = { stateLabel: 'delivered', stateIcon: 'pass', summary: [], attemptsHeading: 'Attempts, newest first (0)', attempts: [] };
    for (const message of [
      { type: 'init', state: { view: 'verify' }, recent: [], reportRendered: false },
      { type: 'notice', text: 'x', level: 'info' },
      { type: 'eventLive', live },
      { type: 'testScroll', y: 10 },
    ]) {
      assert.equal(isHostMessage(message), true, message.type);
    }
    for (const message of [null, 'init', {}, { type: 'ready' }, { type: 'eval' }]) assert.equal(isHostMessage(message), false);
  });

  it('reads back a persisted state, refusing malformed ones', () => {
    assert.deepEqual(parsePanelState({ view: 'transaction', reference: '5f1a2b3c4d5e6f7a8b9c0d1e', token: 'x' }, isReference), {
      view: 'transaction',
      reference: '5f1a2b3c4d5e6f7a8b9c0d1e',
    });
    assert.deepEqual(parsePanelState({ view: 'transaction', reference: '5f1a2b3c4d5e6f7a8b9c0d1e', env: 'staging' }, isReference), {
      view: 'transaction',
      reference: '5f1a2b3c4d5e6f7a8b9c0d1e',
      env: 'staging',
    });
    assert.deepEqual(parsePanelState({ view: 'transaction', reference: '5f1a2b3c4d5e6f7a8b9c0d1e', env: 42 }, isReference), {
      view: 'transaction',
      reference: '5f1a2b3c4d5e6f7a8b9c0d1e',
    });
    assert.deepEqual(parsePanelState({ view: 'verify' }, isReference), { view: 'verify' });
    assert.deepEqual(parsePanelState({ view: 'event', id: 'evt_0123456789abcdef01234567', x: 1 }, isReference), {
      view: 'event',
      id: 'evt_0123456789abcdef01234567',
    });
    for (const state of [
      undefined,
      null,
      'verify',
      { view: 'transaction' },
      { view: 'transaction', reference: '../../x' },
      { view: 'other' },
      { view: 'event' },
      { view: 'event', id: 'evt_../../x' },
    ]) {
      assert.equal(parsePanelState(state, isReference), undefined);
    }
  });

  it('describes a recent verification with its masked number', () => {
    assert.equal(
      recentVerificationText({ bankName: 'ACCESS BANK', bankCode: '000014', maskedAccount: '******1995', accountName: 'ADA OBI', at: 0 }),
      'ACCESS BANK ******1995: ADA OBI',
    );
    assert.equal(
      recentVerificationText({
        bankName: 'ACCESS BANK',
        bankCode: '000014',
        maskedAccount: '******1995',
        error: 'Could not resolve account name',
        at: 0,
      }),
      'ACCESS BANK ******1995: not verified (Could not resolve account name)',
    );
  });
});
