import * as assert from 'node:assert/strict';
import { RequestJournal } from '../../../src/sandbox';
import { recordFromTransport } from '../../../src/requests/capture';
import { RequestList } from '../../../src/requests/requestList';
import type { RequestRecord } from '../../../src/requests/requestRecord';
import { journalSource, sandboxEntry } from './journalSource';

// The Requests view's list without VS Code (RequestHistory adds the event and the filter): the
// sandbox's journal and this extension's own requests to staging and production, in one order.

function stagingRecord(path: string, at = Date.now()): RequestRecord {
  return recordFromTransport('staging', {
    method: 'GET',
    baseUrl: 'https://api.console.example.com',
    path,
    query: '',
    requestHeaders: {},
    requestBody: '',
    status: 200,
    responseHeaders: {},
    responseBody: '{"success":true}',
    startedAt: at,
    durationMs: 3,
  });
}

const paths = (records: readonly RequestRecord[]): string[] => records.map((record) => record.path);

describe('requests: the Requests view list', () => {
  it("lists the sandbox's journal and this extension's records in one order, newest first", async () => {
    const source = journalSource();
    const list = new RequestList(() => 10);
    list.attach(source);
    source.journal.add(sandboxEntry('{}', { path: '/v1/users/balance', at: 1000 }));
    list.add(stagingRecord('/v1/banks', 2000));
    source.journal.add(sandboxEntry('{}', { path: '/v1/transactions', at: 3000 }));
    await list.refresh();
    const newest = list.newest(10);
    assert.deepEqual(paths(newest), ['/v1/transactions', '/v1/banks', '/v1/users/balance']);
    assert.deepEqual(
      newest.map((record) => record.environment),
      ['local', 'staging', 'local'],
    );
    assert.ok(newest[1]!.id < 0 && newest[0]!.id > 0, "this extension's ids never meet the journal's");
    assert.equal(list.get(newest[2]!.id)?.path, '/v1/users/balance');
    assert.equal(list.get(newest[1]!.id), newest[1]);
    assert.equal(list.get(newest[2]!.id), newest[2], 'one record per entry: a redraw hands the view the same objects');
    assert.equal(list.get(99), undefined);
  });

  it("holds both lists together to the capacity: the sandbox's requests and this extension's never show more than the setting", async () => {
    const source = journalSource();
    const list = new RequestList(() => 3);
    list.attach(source);
    for (let i = 0; i < 3; i++) list.add(stagingRecord(`/own/${i}`, 1000 + i));
    for (let i = 0; i < 3; i++) source.journal.add(sandboxEntry('{}', { path: `/sandbox/${i}`, at: 2000 + i }));
    await list.refresh();
    assert.deepEqual(paths(list.newest()), ['/sandbox/2', '/sandbox/1', '/sandbox/0']);
    assert.equal(list.size, 3);
  });

  it('answers at most the count asked for, of those the filter accepts', async () => {
    const source = journalSource();
    const list = new RequestList(() => 10);
    list.attach(source);
    for (const [path, status] of [
      ['/a', 200],
      ['/b', 404],
      ['/c', 200],
      ['/d', 500],
    ] as const)
      source.journal.add(sandboxEntry('{}', { path, status }));
    await list.refresh();
    assert.deepEqual(paths(list.newest(2)), ['/d', '/c']);
    assert.deepEqual(paths(list.newest(10, (status) => status === 200)), ['/c', '/a']);
    assert.deepEqual(paths(list.newest(0)), []);
  });

  it('shows the newest as many as its capacity, of both lists together', async () => {
    const source = journalSource(new RequestJournal({ maxEntries: 100 }));
    let capacity = 5;
    const list = new RequestList(() => capacity);
    list.attach(source);
    for (let index = 1; index <= 23; index++) source.journal.add(sandboxEntry('{}', { path: `/r${index}` }));
    for (let index = 1; index <= 8; index++) list.add(stagingRecord(`/s${index}`, 0));
    await list.refresh();
    assert.equal(list.size, 5);
    assert.deepEqual(paths(list.newest(100)), ['/r23', '/r22', '/r21', '/r20', '/r19']);
    capacity = 2;
    assert.deepEqual(paths(list.newest(100)), ['/r23', '/r22']);
  });

  it('reads the journal it is attached to now (the sandbox moved to another process)', async () => {
    const first = journalSource();
    const list = new RequestList(() => 10);
    list.attach(first);
    first.journal.add(sandboxEntry('{}', { path: '/old' }));
    const second = journalSource();
    second.journal.add(sandboxEntry('{}', { path: '/new' }));
    list.attach(second);
    assert.deepEqual(paths(list.newest()), [], 'nothing of the old journal is kept');
    await list.refresh();
    assert.deepEqual(paths(list.newest()), ['/new']);
  });

  it("empties on Clear: this extension's list and the sandbox's journal", async () => {
    const source = journalSource();
    const list = new RequestList(() => 10);
    list.attach(source);
    source.journal.add(sandboxEntry('{"data":{"accessToken":"eyJhbGciOi.eyJzdWIi.c2ln"}}', { path: '/v1/users/accessToken' }));
    list.add(stagingRecord('/v1/banks'));
    await list.refresh();
    assert.equal(list.size, 2);
    await list.clear();
    assert.equal(list.size, 0);
    assert.equal(source.journal.size, 0);
    assert.deepEqual(list.newest(10), []);
  });

  it('keeps a later read when an earlier, slower one answers after it', async () => {
    const source = journalSource();
    const list = new RequestList(() => 10);
    let releaseSlow: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    let first = true;
    list.attach({
      ...source,
      requests: {
        ...source.requests,
        newest: async (limit) => {
          const answer = await source.requests.newest(limit);
          if (first) {
            first = false;
            await slow;
          }
          return answer;
        },
      },
    });
    const earlier = list.refresh();
    source.journal.add(sandboxEntry('{}', { path: '/later' }));
    await list.refresh();
    releaseSlow();
    await earlier;
    assert.deepEqual(paths(list.newest()), ['/later'], 'the earlier read (no entry yet) did not replace it');
  });
});
