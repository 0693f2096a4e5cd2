import * as assert from 'node:assert/strict';
import { FindingsBook } from '../../../src/sandbox/findings/findingsBook';
import { SEVERITY } from '../../../src/sandbox/findings/finding';
import type { JournalEntry } from '../../../src/sandbox/requests/entry';
import type { WebhookEvent } from '../../../src/sandbox/types';

// A world that ignores every rule does no review at all: that is the baseline the bench compares
// the review's cost with (npm run bench -- --only findings), so it must not run a rule unseen.

/** An entry or event that fails the test as soon as anything reads it. */
function untouchable<T extends object>(): T {
  return new Proxy({} as T, {
    get(_target, name) {
      throw new Error(`read ${String(name)}`);
    },
  });
}

describe('sandbox: findings with every rule ignored', () => {
  it('reads no exchange and no webhook event', () => {
    const book = new FindingsBook(() => 0, { ignore: Object.keys(SEVERITY) });
    book.exchange(untouchable<JournalEntry>());
    book.event(untouchable<WebhookEvent>());
    assert.equal(book.size, 0);
  });

  it('with one rule left, still reviews', () => {
    const book = new FindingsBook(() => 0, { ignore: Object.keys(SEVERITY).filter((rule) => rule !== 'secret-in-url') });
    assert.throws(() => book.exchange(untouchable<JournalEntry>()), /read/);
  });
});
