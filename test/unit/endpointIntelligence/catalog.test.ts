import * as assert from 'node:assert/strict';
import { MONEY_WORDS } from '../../../src/common/moneyWords';
import { analyzeText, operationOf, problemsOf } from '../../../src/endpointIntelligence/core/analyze';
import { buildCatalog } from '../../../src/endpointIntelligence/core/catalog';
import { completionEntries } from '../../../src/endpointIntelligence/core/completionEntries';
import { curlFor } from '../../../src/endpointIntelligence/core/curl';
import { hoverMarkdown } from '../../../src/endpointIntelligence/core/hoverText';
import { matchPath, nearestEndpoint, rewriteAs } from '../../../src/endpointIntelligence/core/match';
import { findPaths } from '../../../src/endpointIntelligence/core/pathFinder';
import { openApiDocument } from '../../../src/sandbox/vocabulary/openapiDocument';

const catalog = buildCatalog(openApiDocument());
const endpoint = (path: string) => catalog.endpoints.find((candidate) => candidate.path === path)!;
const found = (line: string) => findPaths(line)[0]!;

describe('endpoint intelligence: the catalog from the OpenAPI document', () => {
  it("holds the API's /v1/ paths, not the sandbox's admin paths", () => {
    assert.ok(endpoint('/v1/users/transfers/bank'));
    assert.ok(endpoint('/v1/transactions/{transactionRef}'));
    assert.ok(catalog.endpoints.every((candidate) => candidate.path.startsWith('/v1/')));
  });

  it('reads methods, security, body fields with kobo, answer and errors', () => {
    const [transfer] = endpoint('/v1/users/transfers/bank').operations;
    assert.equal(transfer?.method, 'POST');
    assert.deepEqual(transfer?.security, [['AppKey', 'WalletToken']]);
    assert.deepEqual(
      transfer?.body.map((field) => `${field.name}:${field.type}:${field.required}`),
      ['accountName:string:true', 'accountNumber:string:true', 'bankCode:string:true', 'amount:integer (kobo):true'],
    );
    assert.deepEqual(
      transfer?.answer.map((field) => field.name),
      [
        'data.transaction',
        'data.transaction.amount',
        'data.transaction.accountName',
        'data.transaction.transactionReference',
        'data.transaction.statusCode',
      ],
    );
    // A money-moving call's 5xx in the product's one voice (issue 55), not the document's "no money moved".
    assert.ok(transfer?.errors.some((error) => error.status === '5XX' && error.description === MONEY_WORDS.fiveXx));
    assert.deepEqual(
      endpoint('/v1/users/balance').operations.map((operation) => operation.method),
      ['GET', 'POST'],
    );
  });

  it('reads an endpoint’s operations once, when first asked: one hover builds one endpoint’s', () => {
    const fresh = buildCatalog(openApiDocument());
    const balance = fresh.endpoints.find((candidate) => candidate.path === '/v1/users/balance')!;
    assert.equal(balance.operations, balance.operations, 'read once, then kept');
    assert.deepEqual(
      balance.operations.map((operation) => operation.operationId),
      endpoint('/v1/users/balance').operations.map((operation) => operation.operationId),
    );
  });

  it('matches literal paths, template parts and references', () => {
    assert.equal(matchPath(catalog, found(`get('/v1/users/balance')`).segments)?.endpoint.path, '/v1/users/balance');
    assert.equal(matchPath(catalog, found('get(`/v1/transactions/${ref}`)').segments)?.endpoint.path, '/v1/transactions/{transactionRef}');
    assert.equal(
      matchPath(catalog, found(`get('/v1/transactions/5c4f2d205d73fe5abe0a4393')`).segments)?.endpoint.path,
      '/v1/transactions/{transactionRef}',
    );
    // A literal beats a parameter: /v1/apps/{appID} never takes /v1/apps.
    assert.equal(matchPath(catalog, found(`get('/v1/apps')`).segments)?.endpoint.path, '/v1/apps');
    assert.equal(matchPath(catalog, found(`get('/v1/users/balanse')`).segments), undefined);
  });

  it('suggests the nearest path, keeping the code’s own template parts', () => {
    const typo = found('get(`/v1/transaction/${ref}`)');
    const nearest = nearestEndpoint(catalog, typo.segments);
    assert.equal(nearest?.path, '/v1/transactions/{transactionRef}');
    assert.equal(rewriteAs(typo, nearest!), '/v1/transactions/${ref}');
    assert.equal(nearestEndpoint(catalog, found(`get('/v1/users/transfers/bnak')`).segments)?.path, '/v1/users/transfers/bank');
    assert.equal(nearestEndpoint(catalog, found(`get('/v1/something/else/entirely')`).segments), undefined);
  });
});

describe('endpoint intelligence: problems of a document', () => {
  it('reports an unknown path with its nearest one, and a method the path does not take', () => {
    const text = [
      `const BASE = process.env.WALLET_BASE_URL;`,
      `const balance = await fetch(\`\${BASE}/v1/users/balanse\`);`,
      `await axios.delete('/v1/users/accounts', { headers: { 'X-App-Key': key } });`,
      `requests.post(f"{BASE}/v1/users/transfers/bank", json=body)`,
      `await fetch(BASE + '/v1/users/accounts', {`,
      `  method: 'PUT',`,
      `});`,
    ].join('\n');
    const problems = problemsOf(analyzeText(catalog, text));
    assert.deepEqual(
      problems.map((problem) => [problem.code, problem.line, problem.replacement]),
      [
        ['unknown-path', 1, '/v1/users/balance'],
        ['wrong-method', 2, undefined],
        ['wrong-method', 5, undefined],
      ],
    );
    assert.match(problems[0]!.message, /Did you mean \/v1\/users\/balance\?/);
    assert.match(problems[1]!.message, /^DELETE \/v1\/users\/accounts .* takes GET/);
    assert.equal(text.split('\n')[2]!.slice(problems[1]!.start, problems[1]!.end), 'delete');
  });

  const methods: [string, string, string][] = [
    ['Go http.Post', `resp, err := http.Post(base+"/v1/users/transfers/bank", "application/json", body)`, 'POST'],
    ['Go NewRequest', `req, _ := http.NewRequest("GET", base+"/v1/users/balance", nil)`, 'GET'],
    ['Guzzle', `$client->post('/v1/users/transfers/phone', ['json' => $body]);`, 'POST'],
    ['C# PostAsJsonAsync', `await http.PostAsJsonAsync($"{baseUrl}/v1/users/transfers/bank", body);`, 'POST'],
    ['Ruby Net::HTTP::Post', `req = Net::HTTP::Post.new(URI("#{BASE}/v1/users/transfers/bank"))`, 'POST'],
    ['Java builder', `HttpRequest.newBuilder(URI.create(base + "/v1/users/balance")).GET().build();`, 'GET'],
    ['fetch options', `fetch('/v1/users/auth', { method: "POST", body })`, 'POST'],
    ['Angular generic', `this.http.get<Balance>('/v1/users/balance')`, 'GET'],
  ];
  for (const [what, line, method] of methods) {
    it(`reads the method of ${what}`, () => {
      const [use] = analyzeText(catalog, line);
      assert.equal(use?.shown?.method, method);
      assert.deepEqual(problemsOf([use!]), []);
    });
  }

  it('shows no method when the code does not spell one out', () => {
    const [use] = analyzeText(catalog, `const answer = await call(BASE + '/v1/users/balance', verb);`);
    assert.equal(use?.shown, undefined);
    assert.equal(operationOf(use!)?.method, 'GET');
  });

  it('reads .http request lines', () => {
    const text = '@host = http://127.0.0.1:4010\nGET {{host}}/v1/users/accounts\nX-App-Key: {{key}}\n\nPATCH {{host}}/v1/users/accounts';
    const uses = analyzeText(catalog, text, true);
    assert.deepEqual(
      uses.map((use) => use.shown?.method),
      ['GET', 'PATCH'],
    );
    assert.deepEqual(
      problemsOf(uses).map((problem) => problem.line),
      [4],
    );
  });
});

describe('endpoint intelligence: hover and cURL', () => {
  it('says what the hover must: methods, headers, kobo, answer, errors; magic values only in the sandbox', () => {
    const bank = endpoint('/v1/users/transfers/bank');
    const local = hoverMarkdown(bank, catalog, { local: true, shown: 'POST' });
    for (const part of [
      'POST',
      'Send money to a bank account',
      'X-App-Key',
      'X-App-Wallet-Access-Token',
      '`amount` *integer (kobo)*',
      '`data.transaction.transactionReference`',
      '`5XX`',
      '1000000001',
      'X-Sandbox-Outcome',
    ]) {
      assert.ok(local.includes(part), `the hover has ${part}`);
    }
    const staging = hoverMarkdown(bank, catalog, { local: false });
    assert.ok(!staging.includes('1000000001'), 'no magic value outside the local sandbox');
  });

  it('shows the balance’s answer down to data.user.balance in kobo, and only the errors the balance can give', () => {
    const balance = hoverMarkdown(endpoint('/v1/users/balance'), catalog, { local: false });
    const main = balance.split('\n---')[0]!;
    assert.ok(main.includes('- `data.user.balance` *integer (kobo)*, required'), main);
    assert.ok(main.includes('- `data.user` *object*'), main);
    const errors = main.slice(main.indexOf('**Errors**'));
    // Its credentials' 401s (the app key, the wallet token), not the refresh token's nor the login's.
    assert.deepEqual(errors.match(/\d{5}/g), ['10001', '10002', '10005']);
    assert.ok(!/`4(00|13|15)`/.test(errors), `no body or input errors for a GET without input: ${errors}`);
    // The sandbox's Host guard (403 40003) is listed only while the local sandbox is the environment.
    const local = hoverMarkdown(endpoint('/v1/users/balance'), catalog, { local: true }).split('\n---')[0]!;
    assert.ok(local.includes('`403`') && !main.includes('`403`'));
  });

  it('keeps the cases of a shared error that are about the operation: its schemes, its fields, its body', () => {
    const codes = (path: string, method: string, status: string) =>
      endpoint(path)
        .operations.find((operation) => operation.method === method)!
        .errors.find((error) => error.status === status)
        ?.description.match(/\d{5}/g);
    assert.deepEqual(codes('/v1/users/accessToken', 'POST', '401'), ['10001', '10007']);
    assert.deepEqual(codes('/v1/auth/login', 'POST', '401'), ['20002']);
    assert.deepEqual(codes('/v1/users/auth', 'POST', '400'), ['10000', '10004', '10006', '40000']);
    assert.deepEqual(codes('/v1/transactions/{transactionRef}', 'GET', '404'), ['30001']);
    assert.deepEqual(codes('/v1/users/transfers/bank', 'POST', '413'), ['40013']);
    assert.equal(codes('/v1/users/balance', 'GET', '413'), undefined);
  });

  it('shows the method the code shows in full, the others in a line', () => {
    const text = hoverMarkdown(endpoint('/v1/users/balance'), catalog, { local: false, shown: 'POST' });
    assert.ok(text.startsWith('**Wallet API** · **POST** `/v1/users/balance`'), text);
    assert.ok(text.includes('Also: **Wallet API** · **GET** `/v1/users/balance` — Wallet balance in kobo'));
    const plain = hoverMarkdown(endpoint('/v1/users/balance'), catalog, { local: false });
    assert.ok(plain.startsWith('**Wallet API** · **GET**'), 'without a method shown, GET first');
  });

  it('copies cURL with placeholders for every secret and the code’s own path', () => {
    const transaction = endpoint('/v1/transactions/{transactionRef}');
    const curl = curlFor(transaction.operations[0]!, transaction, 'http://127.0.0.1:4010', found('get(`/v1/transactions/${ref}`)'));
    assert.match(curl, /^curl -X GET 'http:\/\/127\.0\.0\.1:4010\/v1\/transactions\/<transactionRef>'/);
    assert.match(curl, /-H 'X-App-Key: '"\$WALLET_APP_KEY"/);
    assert.match(curl, /-H 'X-App-Wallet-Access-Token: '"\$WALLET_ACCESS_TOKEN"/);
    const literal = curlFor(transaction.operations[0]!, transaction, 'http://x', found(`get('/v1/transactions/abc123')`));
    assert.match(literal, /\/v1\/transactions\/abc123'/);
    const bank = endpoint('/v1/users/transfers/bank');
    // An amount of 0 kobo: the API refuses it, so an unedited copy moves no money.
    assert.match(curlFor(bank.operations[0]!, bank, 'http://x'), /"amount":0/);
  });
});

describe('endpoint intelligence: completion entries', () => {
  const entries = completionEntries(catalog);
  const entry = (path: string) => entries.find((candidate) => candidate.path === path)!;

  it('says each summary once: the first method’s as the detail, the others’ below it (issue 55)', () => {
    assert.equal(entry('/v1/users/balance').detail, 'GET: Wallet balance in kobo');
    assert.match(entry('/v1/users/balance').documentation ?? '', /^POST: /);
    assert.doesNotMatch(entry('/v1/users/balance').documentation ?? '', /GET:/);
    assert.equal(entry('/v1/users/transfers/bank').documentation, undefined, 'one method: the detail says it all');
  });

  it('sorts the paths an app calls before the developer account’s (issue 55)', () => {
    const sorted = [...entries].sort((a, b) => a.sortText.localeCompare(b.sortText)).map((candidate) => candidate.path);
    const first = (prefix: string) => sorted.findIndex((path) => path.startsWith(prefix));
    const last = (prefix: string) => sorted.map((path) => path.startsWith(prefix)).lastIndexOf(true);
    assert.ok(last('/v1/users/') < first('/v1/transactions'), sorted.join(' '));
    assert.ok(last('/v1/queries/') < first('/v1/apps'), sorted.join(' '));
    assert.ok(last('/v1/transactions') < first('/v1/auth/') && last('/v1/users/') < first('/v1/resource/'), sorted.join(' '));
  });
});
