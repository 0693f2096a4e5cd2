import * as assert from 'node:assert/strict';
import { analyzeText, type Problem } from '../../../src/endpointIntelligence/core/analyze';
import { buildCatalog } from '../../../src/endpointIntelligence/core/catalog';
import { codeFindings } from '../../../src/endpointIntelligence/core/findings/codeFindings';
import { isBrowserCode } from '../../../src/endpointIntelligence/core/findings/secretFindings';
import { hostsOf, sandboxHosts, type WalletContext } from '../../../src/endpointIntelligence/core/walletCall';
import { openApiDocument } from '../../../src/sandbox/vocabulary/openapiDocument';
import { CAREFUL_AND_UNRELATED, NOT_THE_WALLET } from './corpus';

// Issue 39, findings from the code: each rule on a wallet call (positives), and none on code that
// is not the wallet's or that does it right (the corpus of issue 36 and its own).

const catalog = buildCatalog(openApiDocument());
const context: WalletContext = { hosts: [...hostsOf(['https://api.console.staging-api.eyowo.com']), ...sandboxHosts(4010)] };

function findings(text: string, path = 'src/pay.ts'): Problem[] {
  const lines = text.split('\n');
  return codeFindings(text, lines, analyzeText(catalog, text, false, context, true), { path, script: true });
}

/** `code line:start text → replacement` for each finding (the line counts from 1). */
function summary(text: string, path?: string): string[] {
  const lines = text.split('\n');
  return findings(text, path).map((problem) => {
    const found = lines[problem.line]!.slice(problem.start, problem.end);
    return `${problem.code} ${problem.line + 1}: ${found}${problem.replacement ? ` → ${problem.replacement}` : ''}`;
  });
}

/** Applies each finding's fix (from the last place back). */
function fixed(text: string): string {
  const lines = text.split('\n');
  const fixes = findings(text).filter((problem) => problem.replacement);
  for (const problem of fixes.sort((a, b) => b.line - a.line || b.start - a.start)) {
    const line = lines[problem.line]!;
    lines[problem.line] = line.slice(0, problem.start) + problem.replacement + line.slice(problem.end);
  }
  return lines.join('\n');
}

const CARELESS_TRANSFER = `export async function pay(naira, mobile, token) {
  const res = await fetch(\`\${process.env.WALLET_BASE_URL}/v1/users/transfers/phone\`, {
    method: 'POST',
    headers: { 'X-App-Key': key, 'X-App-Wallet-Access-Token': token },
    body: JSON.stringify({ mobile, amount: Number(naira) * 100, accessToken: token }),
  });
  if (res.status !== 200) throw new Error(\`HTTP \${res.status}\`);
  const body = await res.json();
  if (body.status === 'success') return body.data;
  throw new Error(body.data.status);
}`;

describe('code findings: what code does with a wallet call (issue 39)', () => {
  it('finds each mistake of a careless transfer, and leaves res.status (the HTTP status) alone', () => {
    assert.deepEqual(summary(CARELESS_TRANSFER), [
      'float-kobo 5: Number(naira) * 100 → Math.round(Number(naira) * 100)',
      'token-in-body 5: accessToken',
      "status-not-success 9: body.status === 'success' → body.success === true",
      'status-not-success 10: body.data.status',
    ]);
  });

  it('reads .data.status and a destructured data on an axios answer', () => {
    const text = [
      "const res = await axios.get('http://127.0.0.1:4010/v1/users/balance', { headers: { 'X-App-Key': key } });",
      "if (res.status === 200 && res.data.status === 'success') show(res.data.data.user.balance);",
      "const { data } = await axios.post('http://127.0.0.1:4010/v1/users/transfers/bank', transfer);",
      'log(data.status);',
    ].join('\n');
    assert.deepEqual(summary(text), [
      "status-not-success 2: res.data.status === 'success' → res.data.success === true",
      'status-not-success 4: data.status',
    ]);
  });

  it('finds an un-awaited .json() read as the answer, with the await fix where the function is async', () => {
    const text = [
      'async function balance() {',
      "  const res = await fetch('http://127.0.0.1:4010/v1/users/balance', { headers: { 'X-App-Key': key } });",
      '  const body = res.json();',
      '  if (!body.success) throw new Error(body.error);',
      '  return res.json().data.user.balance;',
      '}',
    ].join('\n');
    assert.deepEqual(summary(text), [
      'unawaited-json 3: res.json() → await res.json()',
      'unawaited-json 5: res.json() → (await res.json())',
    ]);
    assert.match(fixed(text), /const body = await res\.json\(\);\n.*\n {2}return \(await res\.json\(\)\)\.data/);
    assert.deepEqual(summary(fixed(text)), []);
  });

  it('leaves a .json() that is awaited, chained with then or returned alone', () => {
    const text = [
      'async function balance() {',
      "  const res = await fetch('http://127.0.0.1:4010/v1/users/balance', { headers: { 'X-App-Key': key } });",
      '  const later = res.json();',
      '  return later.then((body) => body.success);',
      '}',
      "const body = await (await fetch('http://127.0.0.1:4010/v1/users/balance', { headers })).json();",
      'if (body.success) show(body.data);',
    ].join('\n');
    assert.deepEqual(summary(text), []);
  });

  it('follows kobo through a name and a body built before the call; a rounded one is fine', () => {
    const text = [
      'const kobo = parseFloat(form.amount) * 100;',
      "await axios.post('http://127.0.0.1:4010/v1/users/payments/bills/vtu', { mobile, amount: kobo, provider: 'mtn' }, { headers });",
      'const payload = { accountNumber, bankCode, accountName, amount: +naira * 100 };',
      'await fetch(`${process.env.WALLET_BASE_URL}/v1/users/transfers/bank`, { method: "POST", body: JSON.stringify(payload) });',
      'const amount = Math.round(Number(naira) * 100);',
      "await fetch('http://127.0.0.1:4010/v1/users/transfers/phone', { method: 'POST', body: JSON.stringify({ mobile, amount }) });",
    ].join('\n');
    assert.deepEqual(summary(text), [
      'float-kobo 1: parseFloat(form.amount) * 100 → Math.round(parseFloat(form.amount) * 100)',
      'float-kobo 3: +naira * 100 → Math.round(+naira * 100)',
    ]);
    assert.deepEqual(summary(fixed(text)), []);
  });

  it('gives the rounding fix exact kobo for every two-decimal naira amount it is offered', () => {
    // The rounded product is the integer the decimal text means (below ₦10 trillion, 2^50 kobo).
    for (let kobo = 0; kobo < 200_000; kobo += 7) {
      const naira = `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
      assert.equal(Math.round(Number(naira) * 100), kobo, naira);
    }
    assert.equal(Math.round(Number('9999999999999.99') * 100), 999_999_999_999_999);
  });

  it('finds the app key and the wallet token in code that runs in the browser', () => {
    const text = [
      "const wallet = axios.create({ baseURL: import.meta.env.VITE_WALLET_BASE_URL, headers: { 'X-App-Key': import.meta.env.VITE_WALLET_APP_KEY } });",
      "headers.set('X-App-Wallet-Access-Token', token);",
    ].join('\n');
    const expected = [
      'secret-in-browser 1: X-App-Key',
      'secret-in-browser 1: VITE_WALLET_APP_KEY',
      'secret-in-browser 2: X-App-Wallet-Access-Token',
    ];
    for (const path of ['src/components/Pay.tsx', 'src/Pay.vue', 'src/lib/Pay.svelte', 'public/pay.js', 'web/checkout.jsx'])
      assert.deepEqual(summary(text, path), expected, path);
    assert.deepEqual(summary(`"use client";\n${text}`, 'app/pay/wallet.ts').length, 3);
    // Server code: a plain module, Next.js server components and API routes, a Remix loader.
    const server = ['src/wallet.ts', 'app/pay/page.tsx', 'pages/api/pay.ts', 'src/server/Pay.tsx', 'src/pay.server.tsx'];
    // And tests of components, which run in Node.
    for (const path of [...server, 'src/components/Pay.test.tsx', 'src/__tests__/Pay.tsx']) assert.deepEqual(summary(text, path), [], path);
    assert.deepEqual(summary(`export async function loader() {}\n${text}`, 'routes/pay.tsx'), []);
  });

  it('tells browser code from server code by its path and its first statement', () => {
    assert.equal(isBrowserCode('src/App.tsx', ''), true);
    assert.equal(isBrowserCode('src/app/page.tsx', '// a page\n"use client";\n'), true);
    assert.equal(isBrowserCode('src/app/page.tsx', 'const x = "use client";'), false);
    assert.equal(isBrowserCode('public/index.html', ''), false);
  });

  it('finds the token in the body only where the header carries it too', () => {
    const both = [
      'const transfer = { mobile, amount, walletToken: session.token };',
      "await fetch('http://127.0.0.1:4010/v1/users/transfers/phone', {",
      "  headers: { 'X-App-Wallet-Access-Token': session.token },",
      '  body: JSON.stringify(transfer),',
      '});',
    ].join('\n');
    assert.deepEqual(summary(both), ['token-in-body 1: walletToken']);
    const headerOnly = [
      "await fetch('http://127.0.0.1:4010/v1/users/transfers/phone', {",
      "  headers: { 'X-App-Wallet-Access-Token': accessToken },",
      '  body: JSON.stringify({ mobile, amount }),',
      '});',
    ].join('\n');
    assert.deepEqual(summary(headerOnly), []);
  });

  it('makes a fix preferred only where the call itself shows the wallet', () => {
    const direct = findings(CARELESS_TRANSFER).find((problem) => problem.code === 'float-kobo');
    const named = findings(
      "const api = axios.create({ baseURL: process.env.WALLET_BASE_URL });\nawait api.post('/v1/users/transfers/phone', { mobile, amount: Number(x) * 100 });",
    );
    assert.deepEqual([direct?.preferred, named.map((problem) => [problem.code, problem.preferred])], [true, [['float-kobo', false]]]);
  });

  for (const file of [...NOT_THE_WALLET.filter((file) => !file.http), ...CAREFUL_AND_UNRELATED])
    it(`finds nothing in code that is not the wallet’s or does it right: ${file.name}`, () => {
      assert.deepEqual(summary(file.text, file.file), []);
      // In a browser's path too: the wallet's headers are in server files only.
      if (file.file === 'PayButton.tsx') assert.ok(findings(file.text, 'src/PayButton.tsx').length === 0);
    });
});
