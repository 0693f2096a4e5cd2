import * as assert from 'node:assert/strict';
import { SecretInUrl } from '../../../src/sandbox/findings/secretInUrl';
import type { JournalEntry } from '../../../src/sandbox/requests/entry';

// secret-in-url reads a query as URLSearchParams decodes it: a secret is found however its name
// is spelt or the query encoded, and the API's own queries pass.

describe('sandbox: secret-in-url reads a query as the server decodes it', () => {
  const withQuery = (query: string) =>
    ({ id: 1, method: 'GET', path: '/v1/users/balance', query, headers: {}, responseBody: '', status: 200 }) as unknown as JournalEntry;
  const flagged = (query: string) => new SecretInUrl().exchange(withQuery(query)).length === 1;

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
