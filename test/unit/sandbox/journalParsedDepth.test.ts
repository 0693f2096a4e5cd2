import * as assert from 'node:assert/strict';
import { MAX_PARSED_DEPTH } from '../../../src/sandbox/requests/entry';
import { firstTooDeep } from '../../../src/sandbox/domain/jsonDepth';
import { RequestJournal } from '../../../src/sandbox/requests/journal';

// The journal keeps a request body parsed (`json`) only when it nests at most MAX_PARSED_DEPTH
// deep: parsed, a hostile body thousands deep is tens of times its text, which the byte budget
// does not count (scripts/bench/bounds.mjs found 670 MB resident and GC stalls of 100s of ms).

function entryWith(requestBody: string, requestHeaders = ['Content-Type', 'application/json']) {
  const journal = new RequestJournal({ maxEntries: 10 });
  const entry = journal.add({
    at: 0,
    durationMs: 1,
    method: 'POST',
    path: '/v1/users/auth/validate',
    query: '',
    requestHeaders,
    requestBody,
    requestBodySize: requestBody.length,
    status: 400,
    responseHeaders: {},
    responseBody: '{}',
    responseBodySize: 2,
    userAgent: '',
    remoteAddress: '127.0.0.1',
  });
  assert.ok(entry);
  return entry;
}

const nested = (depth: number) => `{"mobile":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe('sandbox: the journal keeps deep bodies as text only', () => {
  it('parses a body nested up to the limit, and keeps a deeper one as text without json', () => {
    assert.deepEqual(entryWith('{"mobile":"08031112222","amount":100}').json, { mobile: '08031112222', amount: 100 });
    assert.ok(entryWith(nested(MAX_PARSED_DEPTH)).json !== undefined);
    const deep = entryWith(nested(30_000));
    assert.equal(deep.json, undefined);
    assert.equal(deep.requestBody, nested(30_000));
  });

  it('counts brackets inside strings, escaped quotes included, as text', () => {
    assert.equal(firstTooDeep(`{"a":"${'['.repeat(100)}"}`, 2), undefined);
    assert.equal(firstTooDeep(`{"a":"\\"${'{'.repeat(100)}"}`, 2), undefined);
    assert.deepEqual(firstTooDeep('{"a":[[1]]}', 2), { field: 'a' });
    assert.equal(firstTooDeep('{"a":[1]}', 2), undefined);
    // The field is the top-level key open there, not a deeper one nor a value before it.
    assert.deepEqual(firstTooDeep('{"x":"y","b\\u0063":{"in":[[1]]}}', 3), { field: 'bc' });
    assert.deepEqual(firstTooDeep('[[[1]]]', 2), { field: '' });
    assert.deepEqual(firstTooDeep('[{"a":[1]}]', 2), { field: '' });
  });
});

describe('sandbox: the journal reads every header name as a header', () => {
  it('keeps `constructor` and `__proto__` as headers of their own, and joins a repeated name', () => {
    const entry = entryWith('', ['Constructor', 'a', '__proto__', 'b', 'X-Dup', '1', 'x-dup', '2', 'toString', 'c']);
    // A plain object with Object's prototype, whatever the names: no name reached an inherited property.
    assert.equal(Object.getPrototypeOf(entry.headers), Object.prototype);
    assert.deepEqual(Object.entries(entry.headers), [
      ['constructor', 'a'],
      ['__proto__', 'b'],
      ['x-dup', '1, 2'],
      ['tostring', 'c'],
    ]);
  });
});
