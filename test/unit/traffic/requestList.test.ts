import * as assert from 'node:assert/strict';
import type { SandboxExchange } from '../../../src/sandbox';
import { recordFromTransport } from '../../../src/traffic/capture';
import { RequestList } from '../../../src/traffic/requestList';
import type { RequestRecord } from '../../../src/traffic/requestRecord';
import { sandboxAnswer } from './sandboxAnswer';

// The Requests view's list without VS Code (RequestHistory adds the event and the filter): the
// same class `npm run bench -- --only traffic` measures.

const SANDBOX_URL = 'http://127.0.0.1:4010';

function answer(path: string, body = '{"success":true}', status = 200): SandboxExchange {
  return sandboxAnswer(body, { path, status });
}

function stagingRecord(path: string): RequestRecord {
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
    startedAt: Date.now(),
    durationMs: 3,
  });
}

const paths = (records: readonly RequestRecord[]): string[] => records.map((record) => record.path);

describe('traffic: the Requests view list', () => {
  it("lists the sandbox's answers and this extension's records in one order, newest first", () => {
    const list = new RequestList(() => 10);
    list.addFromSandbox(answer('/v1/users/balance'), SANDBOX_URL);
    list.add(stagingRecord('/v1/banks'));
    list.addFromSandbox(answer('/v1/transactions'), SANDBOX_URL);
    const newest = list.newest(10);
    assert.deepEqual(paths(newest), ['/v1/transactions', '/v1/banks', '/v1/users/balance']);
    assert.deepEqual(
      newest.map((record) => record.environment),
      ['local', 'staging', 'local'],
    );
    assert.equal(list.get(newest[2]!.id)?.path, '/v1/users/balance');
    assert.equal(list.get(newest[2]!.id), newest[2], 'a row made a record on first read is kept as that record');
    assert.equal(list.get(-1), undefined);
  });

  it('answers at most the count asked for, of those the filter accepts', () => {
    const list = new RequestList(() => 10);
    for (const [path, status] of [
      ['/a', 200],
      ['/b', 404],
      ['/c', 200],
      ['/d', 500],
    ] as const)
      list.addFromSandbox(answer(path, '{}', status), SANDBOX_URL);
    assert.deepEqual(paths(list.newest(2)), ['/d', '/c']);
    assert.deepEqual(paths(list.newest(10, (record) => record.status === 200)), ['/c', '/a']);
    assert.deepEqual(paths(list.newest(0)), []);
  });

  it('keeps the newest as many as its capacity, however many came', () => {
    const list = new RequestList(() => 5);
    for (let index = 1; index <= 23; index++) list.addFromSandbox(answer(`/r${index}`), SANDBOX_URL);
    assert.ok(list.size <= 6, `kept ${list.size}: at most the capacity and a tenth, between trims`);
    assert.deepEqual(paths(list.newest(100)), ['/r23', '/r22', '/r21', '/r20', '/r19']);
  });

  it('keeps the rows it lists when the capacity changes, and a smaller one trims them', () => {
    let capacity = 10;
    const list = new RequestList(() => capacity);
    for (let index = 1; index <= 6; index++) list.addFromSandbox(answer(`/r${index}`), SANDBOX_URL);
    capacity = 20;
    list.addFromSandbox(answer('/r7'), SANDBOX_URL);
    assert.deepEqual(paths(list.newest(100)), ['/r7', '/r6', '/r5', '/r4', '/r3', '/r2', '/r1']);
    capacity = 3;
    list.addFromSandbox(answer('/r8'), SANDBOX_URL);
    assert.deepEqual(paths(list.newest(100)), ['/r8', '/r7', '/r6']);
  });

  it('lets a row go once the ring its answer was kept in has been written over', () => {
    const list = new RequestList(() => 50);
    list.addFromSandbox(answer('/first', '{"balance":1}'), SANDBOX_URL);
    // The ring keeps 16 MB of answers; nine of 2 MB each go past it.
    for (let index = 0; index < 9; index++)
      list.addFromSandbox(answer(`/large${index}`, `"${'x'.repeat(2 * 1024 * 1024 - 2)}"`), SANDBOX_URL);
    const listed = paths(list.newest(100));
    assert.ok(!listed.includes('/first'), `${listed.join(' ')}: the first one's answer is gone, so is its row`);
    assert.equal(listed[0], '/large8');
    assert.ok(list.newest(100).every((record) => !record.lost));
  });

  it('empties on Clear, and a record read before reads as no longer kept', () => {
    const list = new RequestList(() => 10);
    list.addFromSandbox(answer('/v1/users/accessToken', '{"data":{"accessToken":"eyJhbGciOi.eyJzdWIi.c2ln"}}'), SANDBOX_URL);
    list.add(stagingRecord('/v1/banks'));
    const [, unread] = list.newest(10);
    list.clear();
    assert.equal(list.size, 0);
    assert.deepEqual(list.newest(10), []);
    assert.equal(unread!.lost, true);
    assert.doesNotMatch(JSON.stringify(unread), /eyJhbGciOi/);
  });
});
