import * as assert from 'node:assert/strict';
import { analyzeText, problemsOf } from '../../../src/endpointIntelligence/core/analyze';
import { buildCatalog } from '../../../src/endpointIntelligence/core/catalog';
import { findPaths } from '../../../src/endpointIntelligence/core/pathFinder';
import { classifyCall, hostsOf, sandboxHosts, walletNames, type WalletContext } from '../../../src/endpointIntelligence/core/walletCall';
import { openApiDocument } from '../../../src/sandbox/vocabulary/openapiDocument';
import { NOT_THE_WALLET, WALLET_TYPOS } from './corpus';

const catalog = buildCatalog(openApiDocument());
const context: WalletContext = {
  hosts: [...hostsOf(['https://api.console.staging-api.eyowo.com', 'https://api.developer.eyowo.com']), ...sandboxHosts(4010)],
};

describe('endpoint intelligence: only calls to the wallet API are checked', () => {
  for (const file of NOT_THE_WALLET) {
    it(`gives other APIs' calls and the app's own routes no warning and no fix: ${file.name}`, () => {
      const uses = analyzeText(catalog, file.text, file.http, context);
      // The corpus is read: its paths are found (a finder that found nothing would pass by itself).
      assert.ok(uses.length >= 4, `${uses.length} paths found`);
      assert.deepEqual(
        problemsOf(uses).map((problem) => `${problem.line + 1}: ${problem.message}`),
        [],
      );
      // The wallet's own call in the file is recognised as the wallet's.
      assert.ok(
        uses.some((use) => use.call.kind === 'wallet' && use.match),
        'the file’s wallet call is the wallet’s',
      );
    });
  }

  for (const [file, fix] of WALLET_TYPOS) {
    it(`still warns on a misspelt wallet path and offers its fix: ${file.name}`, () => {
      const problems = problemsOf(analyzeText(catalog, file.text, file.http, context));
      assert.deepEqual(
        problems.map((problem) => [problem.code, problem.replacement]),
        [['unknown-path', fix]],
      );
    });
  }

  it('warns on a method the path does not take only where the call is the wallet’s', () => {
    const text = [
      "await axios.delete('/v1/users/accounts');",
      "await axios.delete('/v1/users/accounts', { headers: { 'X-App-Key': key } });",
    ].join('\n');
    const problems = problemsOf(analyzeText(catalog, text, false, context));
    assert.deepEqual(
      problems.map((problem) => [problem.code, problem.line]),
      [['wrong-method', 1]],
    );
  });

  it('leaves a relative path with nothing of the wallet alone (today’s false warning on /v1/users/transfers)', () => {
    const text = "app.post('/v1/users/transfers', create);\nawait fetch('/v1/users/me');";
    const uses = analyzeText(catalog, text, false, context);
    assert.deepEqual(
      uses.map((use) => use.call.kind),
      ['other', 'unknown'],
    );
    assert.deepEqual(problemsOf(uses), []);
  });

  it('makes the fix preferred only where the call itself shows the wallet', () => {
    const direct = problemsOf(analyzeText(catalog, "fetch('http://127.0.0.1:4010/v1/users/balanse')", false, context));
    const throughName = problemsOf(
      analyzeText(catalog, 'const base = process.env.WALLET_BASE_URL;\nfetch(`${base}/v1/users/balanse`);', false, context),
    );
    assert.deepEqual([direct[0]?.preferred, throughName[0]?.preferred], [true, false]);
  });

  it('binds a name to the wallet only when every assignment of it is the wallet’s', () => {
    const lines = [
      'const base = process.env.WALLET_BASE_URL;',
      'const client = axios.create({ baseURL: base });',
      "let headers = { 'X-App-Key': key };",
      'headers = { Authorization: `Bearer ${openai}` };',
      'const answer = await client.get(`${base}/v1/users/balance`);',
    ];
    assert.deepEqual([...walletNames(lines, context)].sort(), ['base', 'client']);
  });

  it('reads the examples of docs/endpoint-intelligence.md as that page says', () => {
    const kinds = (text: string, http = false) => analyzeText(catalog, text, http, context).map((use) => use.call.kind);
    const wallet = [
      "fetch('http://127.0.0.1:4010/v1/users/balance')",
      'fetch(`${process.env.WALLET_BASE_URL}/v1/users/balance`)',
      'requests.get(f"{os.environ[\'WALLET_BASE_URL\']}/v1/users/balance")',
      'http.Get(os.Getenv("WALLET_BASE_URL")+"/v1/users/balance")',
      "Http::get(env('WALLET_BASE_URL') . '/v1/users/balance');",
      "axios.get('/v1/users/balance', { headers: { 'X-App-Key': key } })",
      'const base = process.env.WALLET_BASE_URL;\nfetch(`${base}/v1/users/balance`);',
      "const wallet = axios.create({ baseURL: process.env.WALLET_BASE_URL });\nwallet.get('/v1/users/balance');",
    ];
    for (const text of wallet) assert.equal(kinds(text).pop(), 'wallet', text);
    assert.deepEqual(kinds('@host = http://127.0.0.1:4010\nGET {{host}}/v1/users/balance', true), ['wallet']);
    const others = [
      "fetch('https://api.openai.com/v1/chat/completions')",
      "fetch('https://api.stripe.com/v1/balance')",
      "app.get('/v1/orders/:id', (req, res) => {})",
      '@app.route("/v1/orders")',
      'http.HandleFunc("/v1/orders", orders)',
      "Route::get('/v1/orders', [Orders::class, 'index']);",
      '@GetMapping("/v1/orders")',
      'app.MapGet("/v1/orders", () => orders);',
      "get '/v1/orders' do",
    ];
    for (const text of others) assert.deepEqual(kinds(text), ['other'], text);
    assert.deepEqual(kinds("fetch('/v1/users/me')"), ['unknown']);
  });

  it('reads a foreign host as someone else’s even with the wallet’s headers', () => {
    const line = "fetch('https://api.openai.com/v1/users/balance', { headers: { 'X-App-Key': key } })";
    assert.equal(classifyCall([line], 0, findPaths(line)[0]!, context).kind, 'other');
  });

  // Issue 54: JavaScript and TypeScript calls read to where their parentheses close.
  const scripts = (file: { file?: string; http?: boolean }) => !file.http && /\.[jt]sx?$/.test(file.file ?? 'x.ts');
  for (const file of NOT_THE_WALLET.filter(scripts))
    it(`reads whole calls and still warns nowhere else: ${file.name}`, () => {
      const uses = analyzeText(catalog, file.text, false, context, true);
      assert.deepEqual(problemsOf(uses), []);
      assert.ok(uses.some((use) => use.call.kind === 'wallet' && use.match));
    });

  for (const [file, fix] of WALLET_TYPOS.filter(
    ([file]) => !file.http && !/requests\.|NewRequest|\$client|HttpRequest|Net::/.test(file.text),
  ))
    it(`still warns on a misspelt wallet path, reading whole calls: ${file.name}`, () => {
      const problems = problemsOf(analyzeText(catalog, file.text, false, context, true));
      assert.deepEqual(
        problems.map((problem) => [problem.code, problem.replacement]),
        [['unknown-path', fix]],
      );
    });

  it('reads the wallet’s header however far down a long call it is, and not in the callbacks a call is given', () => {
    const body = Array.from({ length: 12 }, (_, index) => `    field${index}: form.field${index},`);
    const long = [
      'await fetch(`${BASE}/v1/users/transfers/phon`, {',
      '  body: JSON.stringify({',
      ...body,
      '  }),',
      "  headers: { 'X-App-Key': key },",
      '});',
    ];
    assert.deepEqual(
      problemsOf(analyzeText(catalog, long.join('\n'), false, context, true)).map((problem) => problem.code),
      ['unknown-path'],
    );
    assert.deepEqual(problemsOf(analyzeText(catalog, long.join('\n'), false, context)), []);
    // A test titled with a path: its callback's headers are the test's, not the title's.
    const test = ['describe("/v1/users/transfers", () => {', "  const headers = { 'X-App-Key': key };", '});'].join('\n');
    assert.deepEqual(problemsOf(analyzeText(catalog, test, false, context, true)), []);
  });

  it('does not take an object’s key for a wallet name: another call’s `headers: {…}`', () => {
    const text = [
      "const headers = { 'X-App-Key': process.env.WALLET_APP_KEY };",
      "await fetch('/v1/orders', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });",
    ].join('\n');
    assert.deepEqual(
      analyzeText(catalog, text, false, context, true).map((use) => use.call.kind),
      ['unknown'],
    );
  });

  it('shows the method of a Prettier-wrapped call: the verb on the line before the URL, the option past six lines', () => {
    const wrapped = 'const { data } = await axios.delete(\n  "https://api.console.staging-api.eyowo.com/v1/users/accounts",\n);';
    assert.deepEqual(
      problemsOf(analyzeText(catalog, wrapped, false, context, true)).map((problem) => [problem.code, problem.line]),
      [['wrong-method', 0]],
    );
    const late = [
      'await fetch(`${process.env.WALLET_BASE_URL}/v1/users/accounts`, {',
      '  headers: {',
      ...Array(6).fill('    x: y,'),
      '  },',
      '  method: "DELETE",',
      '});',
    ];
    assert.deepEqual(
      problemsOf(analyzeText(catalog, late.join('\n'), false, context, true)).map((problem) => [problem.code, problem.line]),
      [['wrong-method', 9]],
    );
  });
});
