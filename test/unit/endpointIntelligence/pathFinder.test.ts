import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { completionStart, findPaths, pathAt } from '../../../src/endpointIntelligence/core/pathFinder';

/** The segments of the only path found in a line (undefined = a template part). */
function segmentsIn(line: string, loose = false): (string | undefined)[] | undefined {
  const found = findPaths(line, loose);
  assert.ok(found.length <= 1, `at most one path in ${line}`);
  return found[0]?.segments;
}

describe('endpoint intelligence: finding API paths in a line', () => {
  const cases: [language: string, line: string, segments: (string | undefined)[]][] = [
    ['TypeScript, plain', `await fetch('/v1/users/balance', { headers })`, ['v1', 'users', 'balance']],
    ['TypeScript, base URL template', 'fetch(`${BASE_URL}/v1/transactions/${ref}`)', ['v1', 'transactions', undefined]],
    ['JavaScript, full URL', `axios.get("http://127.0.0.1:4010/v1/queries/banks")`, ['v1', 'queries', 'banks']],
    ['Python f-string', `requests.get(f"{BASE}/v1/transactions/{ref}", headers=h)`, ['v1', 'transactions', undefined]],
    ['Python concatenation', `requests.get(BASE + "/v1/transactions/" + ref)`, ['v1', 'transactions', undefined]],
    ['Python .format', `url = "/v1/transactions/{}".format(ref)`, ['v1', 'transactions', undefined]],
    ['Go Sprintf', `url := fmt.Sprintf("%s/v1/transactions/%s", base, ref)`, ['v1', 'transactions', undefined]],
    ['PHP interpolation', `$client->get("$base/v1/users/accounts");`, ['v1', 'users', 'accounts']],
    ['PHP concatenation', `$client->get('/v1/transactions/' . $ref);`, ['v1', 'transactions', undefined]],
    ['Java', `HttpRequest.newBuilder(URI.create(base + "/v1/users/balance")).GET().build();`, ['v1', 'users', 'balance']],
    ['C# interpolation', `await http.GetAsync($"{baseUrl}/v1/transactions/{reference}");`, ['v1', 'transactions', undefined]],
    ['Ruby interpolation', `Net::HTTP.get(URI("#{BASE}/v1/transactions/#{ref}"))`, ['v1', 'transactions', undefined]],
    ['Express-style parameter', `router.get('/v1/transactions/:ref', handler)`, ['v1', 'transactions', undefined]],
    ['trailing slash', `get('/v1/users/balance/')`, ['v1', 'users', 'balance']],
  ];
  for (const [language, line, segments] of cases) {
    it(`reads ${language}`, () => assert.deepEqual(segmentsIn(line), segments));
  }

  it('reads an .http request line, with or without a variable host, and its query', () => {
    assert.deepEqual(segmentsIn('GET {{host}}/v1/queries/verify?accountNumber=1000000001&bankCode=000014', true), [
      'v1',
      'queries',
      'verify',
    ]);
    const [found] = findPaths('POST /v1/users/transfers/bank HTTP/1.1', true);
    assert.equal(found?.text, '/v1/users/transfers/bank');
    assert.equal(findPaths('GET /v1/users/balance?mobile=2349090000000', true)[0]?.query, 'mobile=2349090000000');
  });

  it('takes a path after a space only in .http files', () => {
    assert.deepEqual(findPaths('// see GET /v1/users/balance for more'), []);
  });

  it("leaves other APIs' paths alone", () => {
    assert.deepEqual(findPaths(`fetch('/api/v1/users/balance')`), []);
    assert.deepEqual(findPaths(`fetch('https://example.com/docs/v1/users')`), []);
    assert.deepEqual(findPaths(`const version = '/v1/';`), []);
  });

  it('gives the columns of the path, for the hover and the quick fix', () => {
    const line = `  client.post("/v1/users/transfers/bnak", body)`;
    const [found] = findPaths(line);
    assert.equal(line.slice(found!.start, found!.end), '/v1/users/transfers/bnak');
    assert.equal(pathAt(line, found!.start + 5)?.text, '/v1/users/transfers/bnak');
    assert.equal(pathAt(line, 2), undefined);
  });

  it('finds two paths on one line', () => {
    assert.deepEqual(
      findPaths(`const a = '/v1/users/balance', b = '/v1/transactions';`).map((found) => found.text),
      ['/v1/users/balance', '/v1/transactions'],
    );
  });

  it('offers completion only inside a string that starts with /v1/', () => {
    assert.equal(completionStart(`fetch('/v1/us`, 13), 7);
    assert.equal(completionStart('fetch(`${base}/v1/`', 18), 14);
    assert.equal(completionStart(`const v1 = 1; /v1/`, 18), undefined);
    assert.equal(completionStart(`fetch('/v1/users') + x`, 21), undefined);
    assert.equal(completionStart(`fetch('/users/`, 14), undefined);
  });

  it('never throws and keeps every path inside the line, whatever the text', () => {
    const piece = fc.constantFrom('/v1/', 'users', '/', '${', '}', '{', '%s', '"', "'", '`', ' ', '?', 'a=1', '#{', ':id', '+ x', '. $y');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), fc.boolean(), (pieces, loose) => {
        const line = pieces.join('');
        for (const found of findPaths(line, loose)) {
          assert.ok(found.start >= 0 && found.end <= line.length && found.start < found.end);
          assert.equal(found.segments[0], 'v1');
        }
      }),
    );
  });
});
