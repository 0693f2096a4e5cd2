import * as assert from 'node:assert/strict';
import { stringFieldOf } from '../../../src/sandbox/findings/finding';
import { secretInUrl } from '../../../src/sandbox/findings/secretInUrl';
import type { JournalEntry } from '../../../src/sandbox/requests/entry';

// The review's cheap reads: a field of the sandbox's own JSON answer without parsing all of it,
// and a query string looked at closely only when it may carry a secret. Each must read what a
// full parse would, or the rules see another world than the app does.

describe('sandbox: findings read answers and queries as a full parse would', () => {
  const verified = JSON.stringify({
    success: true,
    message: 'Account resolved: "accountName":"NOT THIS"',
    data: { accountNumber: '2891740466', accountName: 'ADA "THE" OKAFOR\\ \u00e9', bankCode: '100004' },
  });

  it('reads a string field as JSON.parse does, escapes included, and not from inside another value', () => {
    const data = (JSON.parse(verified) as { data: Record<string, string> }).data;
    for (const name of ['accountNumber', 'accountName', 'bankCode']) assert.equal(stringFieldOf(name)(verified), data[name]);
  });

  it('answers undefined for a missing field, a field that is not a string, a cut answer and a bad escape', () => {
    assert.equal(stringFieldOf('bankName')(verified), undefined);
    assert.equal(stringFieldOf('success')('{"success":true}'), undefined);
    assert.equal(stringFieldOf('accountName')('{"data":{"accountName":"ADA OKA'), undefined);
    assert.equal(stringFieldOf('accountName')('{"accountName":"A\\q"}'), undefined);
  });

  const withQuery = (query: string) => ({ id: 1, method: 'GET', path: '/v1/users/balance', query }) as JournalEntry;
  const flagged = (query: string) => secretInUrl(withQuery(query)).length === 1;

  it('flags secrets however the name is spelt or the query encoded', () => {
    for (const query of [
      'pass_code=123456',
      'X-App-Key=abc',
      'o-t-p=123456',
      'app%5Fkey=abc',
      'p%61sscode=123456',
      `x=${encodeURIComponent('sk_test_0123456789abcdef0123456789abcdef')}`,
      'ref=sk%5Ftest%5F0123456789abcdef0123456789abcdef',
      'x=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln',
    ]) {
      assert.ok(flagged(query), query);
    }
  });

  it('is quiet for the queries the API takes, and for names that only contain a secret word', () => {
    for (const query of ['accountNumber=2891740466&bankCode=100004', 'limit=20&pages=1', 'monkey=1', 'tokens=2', 'keyword=pay', '']) {
      assert.ok(!flagged(query), query);
    }
  });
});
