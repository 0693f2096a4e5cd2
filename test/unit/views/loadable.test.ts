import * as assert from 'node:assert/strict';
import { Loadable } from '../../../src/views/loadable';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

const describeFailure = (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`;

describe('views: Loadable', () => {
  it('loads a value, says when, and tells its owner before and after', async () => {
    let changes = 0;
    const part = new Loadable<number>(() => changes++);
    const startedAt = Date.now();
    const pending = part.load(async () => 42, describeFailure);
    assert.equal(part.loading, true);
    assert.equal(changes, 1, 'a change as it starts loading');
    await pending;
    assert.equal(part.value, 42);
    assert.equal(part.error, undefined);
    assert.equal(part.loading, false);
    assert.ok(part.updatedAt !== undefined && part.updatedAt >= startedAt && part.updatedAt <= Date.now());
    assert.equal(changes, 2, 'and one when done');
    assert.equal(part.isFresh(60_000), true);
    assert.equal(part.isFresh(0), false);
  });

  it('shares a load in flight instead of starting a second one', async () => {
    const part = new Loadable<string>(() => undefined);
    const answer = deferred<string>();
    let fetches = 0;
    const fetch = () => {
      fetches++;
      return answer.promise;
    };
    const first = part.load(fetch, describeFailure);
    const second = part.load(fetch, describeFailure);
    assert.equal(first, second);
    answer.resolve('once');
    await first;
    assert.equal(fetches, 1);
    assert.equal(part.value, 'once');
  });

  it('a failed refresh keeps the last value and marks it stale', async () => {
    const part = new Loadable<string>(() => undefined);
    await part.load(async () => 'good', describeFailure);
    await part.load(async () => {
      throw new Error('offline');
    }, describeFailure);
    assert.equal(part.value, 'good');
    assert.equal(part.error, 'failed: offline');
    assert.equal(part.stale, true);
    assert.equal(part.isFresh(60_000), false, 'a failed part is not fresh');
    await part.load(async () => 'better', describeFailure);
    assert.equal(part.error, undefined);
    assert.equal(part.stale, false);
  });

  it('a failure with nothing loaded is an error, not stale', async () => {
    const part = new Loadable<string>(() => undefined);
    await part.load(async () => {
      throw new Error('refused');
    }, describeFailure);
    assert.equal(part.value, undefined);
    assert.equal(part.error, 'failed: refused');
    assert.equal(part.stale, false);
  });

  it('drops an answer that arrives after clear(), and can load afresh at once', async () => {
    let changes = 0;
    const part = new Loadable<string>(() => changes++);
    const old = deferred<string>();
    const oldLoad = part.load(() => old.promise, describeFailure);
    part.clear();
    assert.equal(part.loading, false, 'clearing forgets the load in flight');
    const newLoad = part.load(async () => 'new wallet', describeFailure);
    await newLoad;
    old.resolve('old wallet');
    await oldLoad;
    assert.equal(part.value, 'new wallet', 'the old answer is not shown');
    assert.equal(part.loading, false);

    const late = deferred<string>();
    const lateLoad = part.load(() => late.promise, describeFailure);
    part.clear();
    late.reject(new Error('late failure'));
    await lateLoad;
    assert.equal(part.error, undefined, 'nor is an old failure');
    assert.equal(part.value, undefined);
    assert.ok(changes > 0);
  });
});
