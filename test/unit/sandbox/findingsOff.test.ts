import * as assert from 'node:assert/strict';
import { FindingsBook } from '../../../src/sandbox/findings/findingsBook';
import { SEVERITY } from '../../../src/sandbox/findings/finding';
import type { JournalEntry } from '../../../src/sandbox/requests/entry';
import type { WebhookEvent } from '../../../src/sandbox/types';
import { journalDraft } from './helpers';

// A world that ignores every rule reports nothing, whatever its traffic: the rules still see it,
// and the book keeps none of what they find.

/** A GET that carries the app key in its query (secret-in-url). */
const keyInUrl: JournalEntry = { id: 1, headers: {}, ...journalDraft('/v1/users/balance', { query: 'appKey=abc' }) };

/** A delivery the app's endpoint answered 500 (webhook-not-acknowledged). */
const refusedDelivery = {
  id: 'evt_1',
  type: 'transfer.completed',
  state: 'retrying',
  payload: { payload: { data: { transactionReference: 'REF1' } } },
  attempts: [{ number: 1, status: 500, durationMs: 3 }],
  runStart: 0,
} as unknown as WebhookEvent;

describe('sandbox: findings with every rule ignored', () => {
  it('the same traffic breaks two rules where none is ignored', () => {
    const book = new FindingsBook(() => 0);
    book.exchange(keyInUrl);
    book.event(refusedDelivery);
    assert.deepEqual(
      book.list().map((finding) => finding.rule),
      ['secret-in-url', 'webhook-not-acknowledged'],
    );
  });

  it('reports nothing for traffic that breaks a rule', () => {
    const book = new FindingsBook(() => 0, { ignore: Object.keys(SEVERITY) });
    book.exchange(keyInUrl);
    book.event(refusedDelivery);
    assert.equal(book.size, 0);
  });

  it('with one rule left, reports that rule only', () => {
    const book = new FindingsBook(() => 0, { ignore: Object.keys(SEVERITY).filter((rule) => rule !== 'secret-in-url') });
    book.exchange(keyInUrl);
    book.event(refusedDelivery);
    assert.deepEqual(
      book.list().map((finding) => finding.rule),
      ['secret-in-url'],
    );
  });
});
