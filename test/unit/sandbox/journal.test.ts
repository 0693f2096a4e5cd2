import * as assert from 'node:assert/strict';
import {
  MAX_KEPT_BODY_BYTES,
  RequestJournal,
  requestHeader,
  type JournalChange,
  type JournalEntry,
  type Sandbox,
} from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { call, connectWallet, journalDraft as draft, expectOk, newDeveloper, UNTIL_IT_COMES } from './helpers';

// The sandbox's request journal (src/sandbox/requests): bounded by a count and a byte budget,
// filtered and waited on the way a developer's test suite does.

const paths = (entries: readonly JournalEntry[]): string[] => entries.map((entry) => entry.path);

/** Runs `work` while counting the timers set and not yet cleared or fired (what a wait may not leave behind). */
async function countingTimers<T>(work: (pending: () => number) => Promise<T>): Promise<{ result: T; left: number }> {
  const live = new Set<unknown>();
  const [set, clear] = [globalThis.setTimeout, globalThis.clearTimeout];
  globalThis.setTimeout = ((run: () => void, ms?: number) => {
    const handle = set(() => {
      live.delete(handle);
      run();
    }, ms);
    live.add(handle);
    return handle;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((handle: NodeJS.Timeout | undefined) => {
    live.delete(handle);
    clear(handle);
  }) as typeof clearTimeout;
  try {
    const result = await work(() => live.size);
    return { result, left: live.size };
  } finally {
    globalThis.setTimeout = set;
    globalThis.clearTimeout = clear;
  }
}

describe('sandbox: the request journal', () => {
  it('numbers entries in order and lets the oldest go past its count', () => {
    const journal = new RequestJournal({ maxEntries: 3 });
    for (const path of ['/a', '/b', '/c', '/d', '/e']) journal.add(draft(path));
    assert.deepEqual(paths(journal.list()), ['/c', '/d', '/e']);
    assert.deepEqual(
      journal.list().map((entry) => entry.id),
      [3, 4, 5],
    );
    assert.equal(journal.lastId, 5);
    assert.deepEqual(paths(journal.newest(2)), ['/e', '/d']);
    assert.equal(journal.get(4)?.path, '/d');
    assert.equal(journal.get(1), undefined, 'evicted');
    journal.setLimits({ maxEntries: 1 });
    assert.deepEqual(paths(journal.list()), ['/e'], 'a lower count applies at once');
  });

  it('lets the oldest go past its byte budget, and keeps the newest whatever its size', () => {
    const journal = new RequestJournal({ maxEntries: 100, maxBytes: 5_000 });
    for (let index = 0; index < 10; index++) journal.add(draft(`/r${index}`, { responseBody: 'x'.repeat(1_000) }));
    assert.ok(journal.bytes <= 5_000, `${journal.bytes} bytes kept`);
    assert.ok(journal.size >= 2 && journal.size < 10, `${journal.size} kept`);
    assert.equal(journal.list().at(-1)?.path, '/r9');
    journal.add(draft('/huge', { responseBody: 'y'.repeat(20_000) }));
    assert.deepEqual(paths(journal.list()), ['/huge'], 'alone over the budget, but kept');
    journal.clear();
    assert.equal(journal.bytes, 0);
  });

  it('keeps entries in arrival order: one answered late keeps its place, and the review hears them in that order (issue 53)', () => {
    const journal = new RequestJournal({ maxEntries: 3 });
    const heard: number[] = [];
    journal.onEachInOrder((entry) => heard.push(entry.id));
    const abandoned = journal.reserve()!;
    const held = journal.reserve()!;
    journal.add(draft('/retry'));
    assert.deepEqual(paths(journal.list()), ['/retry'], 'listed once answered');
    assert.equal(journal.lastId, 3, 'the newest to arrive');
    assert.deepEqual(heard, [], 'the review waits for the requests that arrived before');
    journal.add(draft('/abandoned', { status: 200, unheard: true }), abandoned);
    assert.deepEqual(paths(journal.list()), ['/abandoned', '/retry'], 'in its place');
    assert.deepEqual(heard, [1]);
    assert.equal(journal.get(1)?.unheard, true);
    journal.add(draft('/held'), held);
    assert.deepEqual(
      journal.list().map((entry) => [entry.id, entry.path]),
      [
        [1, '/abandoned'],
        [2, '/held'],
        [3, '/retry'],
      ],
    );
    assert.deepEqual(heard, [1, 2, 3]);
    assert.equal(journal.get(2)?.path, '/held');
    const late = journal.reserve()!;
    journal.add(draft('/next'));
    journal.setLimits({ maxEntries: 0 });
    journal.add(draft('/late'), late);
    assert.deepEqual(heard, [1, 2, 3, 5], 'a request the journal no longer keeps holds nobody up');
  });

  it('keeps nothing a request answers after its journal was detached (a namespace deleted meanwhile)', () => {
    const root = new RequestJournal();
    const namespace = new RequestJournal({}, root.budget);
    const id = namespace.reserve()!;
    namespace.detach();
    assert.equal(namespace.add(draft('/late'), id), undefined);
    assert.deepEqual([namespace.size, root.budget.bytes], [0, 0], 'the shared budget counts nothing it cannot let go');
  });

  it('records nothing with a count of 0, and refuses limits it cannot keep', () => {
    const journal = new RequestJournal({ maxEntries: 0 });
    assert.equal(journal.add(draft('/a')), undefined);
    assert.equal(journal.size, 0);
    assert.throws(() => new RequestJournal({ maxEntries: 10_001 }), /maxEntries must be a whole number from 0 to 10000/);
    assert.throws(() => journal.setLimits({ maxBytes: 0 }), /maxBytes/);
  });

  it('filters by method, exact path, prefix, pattern, status, time, a point and a predicate', () => {
    const journal = new RequestJournal();
    journal.add(draft('/v1/users/balance', { at: 100 }));
    journal.add(draft('/v1/users/transfers/phone', { method: 'POST', status: 0, at: 200, requestBody: '{"amount":1500}' }));
    journal.add(draft('/v1/transactions', { status: 401, at: 300 }));
    journal.add(draft('/v1/users/transfers/bank', { method: 'POST', at: 400 }));
    assert.deepEqual(paths(journal.list({ method: 'post' })), ['/v1/users/transfers/phone', '/v1/users/transfers/bank']);
    assert.deepEqual(paths(journal.list({ path: '/v1/transactions' })), ['/v1/transactions']);
    assert.deepEqual(paths(journal.list({ path: '/v1/users' })), [], 'a string path is exact');
    assert.deepEqual(paths(journal.list({ pathPrefix: '/v1/users/' })).length, 3);
    assert.deepEqual(paths(journal.list({ path: /transfers\/(phone|bank)$/ })).length, 2);
    assert.deepEqual(paths(journal.list({ status: 0 })), ['/v1/users/transfers/phone']);
    assert.deepEqual(paths(journal.list({ status: [401, 0] })).length, 2);
    assert.deepEqual(paths(journal.list({ since: 200, until: 300 })), ['/v1/users/transfers/phone', '/v1/transactions']);
    assert.deepEqual(paths(journal.list({ after: 3 })), ['/v1/users/transfers/bank']);
    assert.deepEqual(paths(journal.list({ where: (entry) => JSON.parse(entry.requestBody || '{}').amount === 1500 })), [
      '/v1/users/transfers/phone',
    ]);
    assert.equal(requestHeader(journal.get(1)!, 'x-app-key'), 'sk_test_x');
    assert.equal(requestHeader(journal.get(1)!, 'authorization'), undefined);
  });

  it('tells of each entry and of a clear; ids go on after a clear', () => {
    const journal = new RequestJournal();
    const changes: JournalChange[] = [];
    const stop = journal.onChange((change) => changes.push(change));
    journal.add(draft('/a'));
    journal.clear();
    const after = journal.add(draft('/b'))!;
    stop();
    journal.add(draft('/c'));
    assert.deepEqual(
      changes.map((change) => (change.cleared ? 'cleared' : change.added.path)),
      ['/a', 'cleared', '/b'],
    );
    assert.equal(after.id, 2);
    assert.deepEqual(paths(journal.list()), ['/b', '/c']);
  });

  it('waitFor: answers an entry already there, or the first matching one to come, and leaves no timer', async () => {
    const journal = new RequestJournal();
    journal.add(draft('/v1/users/balance'));
    const { result: found, left } = await countingTimers(async (pending) => {
      assert.equal((await journal.waitFor({ path: '/v1/users/balance' }, { timeoutMs: 1000 })).id, 1);
      const mark = journal.lastId;
      const waiting = journal.waitFor({ after: mark, method: 'POST' }, { timeoutMs: 5_000 });
      assert.equal(pending(), 1, 'one timer while it waits');
      journal.add(draft('/v1/users/balance'));
      journal.add(draft('/v1/users/transfers/phone', { method: 'POST' }));
      return waiting;
    });
    assert.deepEqual([found.id, found.path], [3, '/v1/users/transfers/phone']);
    assert.equal(left, 0, 'the timer is cleared once it resolves');
  });

  it('waitFor: rejects on timeout with what it waited for, and leaves no timer', async () => {
    const journal = new RequestJournal();
    const { left } = await countingTimers(async () => {
      await assert.rejects(
        journal.waitFor({ method: 'POST', path: '/v1/users/transfers/bank', status: 200 }, { timeoutMs: 30 }),
        /^SandboxTimeoutError: No request matching POST \/v1\/users\/transfers\/bank status 200 came within 30 ms \(0 in the journal\)$/,
      );
      const stopped = new AbortController();
      const waiting = journal.waitFor({ path: '/never' }, { timeoutMs: 5_000, signal: stopped.signal });
      stopped.abort(new Error('the test ended'));
      await assert.rejects(waiting, /the test ended/);
      // No reason given: Node's AbortError, as its own APIs reject (not an error of the sandbox's).
      const plain = new AbortController();
      const unexplained = journal.waitFor({ path: '/never' }, { timeoutMs: 5_000, signal: plain.signal });
      plain.abort();
      await assert.rejects(unexplained, { name: 'AbortError' });
    });
    assert.equal(left, 0);
  });
});

describe('sandbox: the request journal over loopback (GET /__sandbox/requests)', () => {
  let sandbox: Sandbox;
  let headers: Record<string, string>;
  let mobile: string;

  before(async () => {
    sandbox = await startCheckedSandbox({ log: () => undefined });
    const dev = await newDeveloper(sandbox);
    mobile = dev.sandboxMobile;
    headers = (await connectWallet(sandbox, dev.appKey, mobile)).headers;
  });
  after(() => sandbox.close());

  const listed = async (query: string): Promise<JournalEntry[]> =>
    (await expectOk(call(sandbox, 'GET', `/__sandbox/requests${query}`))).json['data'].requests as JournalEntry[];

  it('records the request and the answer as they were, and filters by the query', async () => {
    await expectOk(call(sandbox, 'DELETE', '/__sandbox/requests'));
    const start = Date.now();
    await call(sandbox, 'GET', '/v1/users/balance', { headers: { ...headers, 'user-agent': 'acme/2.0' } });
    await call(sandbox, 'GET', '/v1/transactions?limit=2', { headers });
    await call(sandbox, 'POST', '/v1/users/transfers/phone', { headers, body: { mobile: '2349090000000', amount: 0 } });
    await call(sandbox, 'GET', '/nowhere');

    const all = await listed('');
    assert.deepEqual(
      all.map((entry) => [entry.method, entry.path, entry.query, entry.status]),
      [
        ['GET', '/v1/users/balance', '', 200],
        ['GET', '/v1/transactions', 'limit=2', 200],
        ['POST', '/v1/users/transfers/phone', '', 400],
        ['GET', '/nowhere', '', 404],
      ],
    );
    const [balance, , transfer] = all;
    assert.equal(balance!.userAgent, 'acme/2.0');
    assert.equal(balance!.remoteAddress, '127.0.0.1');
    assert.equal(JSON.parse(balance!.responseBody).success, true);
    assert.equal(balance!.responseBodySize, Buffer.byteLength(balance!.responseBody));
    assert.equal(requestHeader(balance!, 'X-App-Key'), headers['x-app-key'], 'the request headers as received');
    assert.equal(JSON.parse(transfer!.requestBody).amount, 0);
    assert.ok(all.every((entry) => entry.at >= start - 1000 && entry.at <= Date.now() && entry.durationMs >= 0));

    assert.deepEqual(paths(await listed('?method=post')), ['/v1/users/transfers/phone']);
    assert.deepEqual(paths(await listed('?path=/v1/transactions')), ['/v1/transactions']);
    assert.deepEqual(paths(await listed('?pathPrefix=/v1/users/')), ['/v1/users/balance', '/v1/users/transfers/phone']);
    assert.deepEqual(paths(await listed('?status=400,404')), ['/v1/users/transfers/phone', '/nowhere']);
    assert.deepEqual(paths(await listed(`?after=${all[1]!.id}&limit=1`)), ['/nowhere'], 'after a point, the newest 1');
    assert.deepEqual(paths(await listed(`?since=${new Date(Date.now() + 60_000).toISOString()}`)), []);
    assert.deepEqual(paths(await listed(`?until=${Date.now()}`)).length, 4);
    const refused = await call(sandbox, 'GET', '/__sandbox/requests?status=ok');
    assert.equal(refused.status, 400);
    assert.match(refused.json['error'], /status must be/);
  });

  it('cuts an answer body past MAX_KEPT_BODY_BYTES and says how long it was', async () => {
    // Six transactions whose recipients' bill details are 14,000 bytes of "é" each: a list answer over 64 KB.
    const metadata = Object.fromEntries(Array.from({ length: 70 }, (_, field) => [`field${field}`, 'é'.repeat(100)]));
    for (let i = 0; i < 6; i++) sandbox.addTransaction(mobile, { type: 'bills', amount: 1, recipient: { metadata } as never });
    const mark = sandbox.requests.lastId;
    const answer = await call(sandbox, 'GET', '/v1/transactions?limit=6&pages=1', { headers });
    const entry = await sandbox.requests.waitFor({ after: mark }, UNTIL_IT_COMES);
    const body = answer.text;
    assert.equal(answer.status, 200);
    assert.equal(entry.responseBodySize, Buffer.byteLength(body));
    assert.ok(entry.responseBodySize > MAX_KEPT_BODY_BYTES);
    assert.ok(body.startsWith(entry.responseBody.slice(0, -1)), 'the first 64 KB (a character cut in two reads as �)');
    assert.ok(Buffer.byteLength(entry.responseBody) <= MAX_KEPT_BODY_BYTES + 2);
  });
});

describe('sandbox: the journal stamps a request with the wall clock', () => {
  it('as the extension stamps its own requests, even when the monotonic clock has drifted from it', async () => {
    // performance.timeOrigin + performance.now() falls behind Date.now() once the system clock is
    // set forward (an NTP step on a machine just booted, a resume from sleep). The Requests view
    // orders the sandbox's entries and the extension's own staging and production requests (stamped
    // with Date.now()) by this time: stamped with the drifted clock, an older staging request read as
    // the newest (issue 51).
    const sandbox = await startCheckedSandbox({ log: () => undefined });
    const realNow = performance.now.bind(performance);
    performance.now = () => realNow() - 5 * 60_000;
    try {
      const before = Date.now();
      await call(sandbox, 'GET', '/v1/queries/banks');
      const [entry] = sandbox.requests.list({});
      assert.ok(entry!.at >= before - 1000 && entry!.at <= Date.now(), `stamped ${before - entry!.at} ms before the request`);
    } finally {
      performance.now = realNow;
      await sandbox.close();
    }
  });
});
