// Issue 53: a browser app against the sandbox, in headless Chromium (playwright-core, as the
// webview's script test). A React-style page (a component, its state, an effect that fetches),
// served from another origin by a local server, signs the persona in with an OTP and shows its
// balance, through the sandbox's CORS (preflights included). Skipped when Chromium is not installed
// (WALLET_CONSOLE_CHROMIUM, default /usr/bin/chromium).
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { startSandbox, type WalletSandbox } from '../../../src/sandbox/package/index';
import { skipBecause } from '../support/skips';

const chromiumPath = process.env.WALLET_CONSOLE_CHROMIUM || '/usr/bin/chromium';

/** The app: one component whose state goes signing-in → signed-in → balance, rendered on each change. */
const APP = `
const SANDBOX = new URLSearchParams(location.search).get('sandbox');
const APP_KEY = 'sk_test_wallet_sandbox_demo';
const MOBILE = '2349090000000';

function useState(initial, render) {
  let value = initial;
  return [() => value, (next) => { value = { ...value, ...next }; render(); }];
}

async function api(path, { token, body } = {}) {
  const headers = { 'X-App-Key': APP_KEY };
  if (token) headers['X-App-Wallet-Access-Token'] = token;
  if (body) headers['Content-Type'] = 'application/json';
  const answer = await fetch(SANDBOX + path, { method: body ? 'POST' : 'GET', headers, body: body && JSON.stringify(body) });
  const json = await answer.json();
  if (!json.success) throw new Error(json.error);
  return json;
}

function Balance() {
  const [state, setState] = useState({ status: 'signing in' }, () => render(state()));
  const render = ({ status, balance, error }) => {
    document.getElementById('root').innerHTML =
      '<p id="status">' + status + '</p>' + (balance === undefined ? '' : '<p id="balance">' + balance + '</p>') +
      (error ? '<p id="error">' + error + '</p>' : '');
  };
  render(state());
  (async () => {
    try {
      const sent = await api('/v1/users/auth', { body: { mobile: MOBILE, factor: 'sms' } });
      const passcode = /\\[Passcode: (\\d{6})\\]/.exec(sent.message)[1];
      const verified = await api('/v1/users/auth', { body: { mobile: MOBILE, factor: 'sms', passcode } });
      setState({ status: 'signed in' });
      const { data } = await api('/v1/users/balance', { token: verified.data.accessToken });
      const naira = (data.user.balance / 100).toLocaleString('en-NG', { style: 'currency', currency: 'NGN' });
      setState({ status: 'ready', balance: naira });
    } catch (error) {
      setState({ status: 'failed', error: String(error) });
    }
  })();
}

Balance();
`;

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title><link rel="icon" href="data:,"></head>
<body><div id="root"></div><script type="module" src="/app.js"></script></body></html>`;

describe('sandbox: a browser app from another origin, in headless Chromium (issue 53)', function () {
  this.timeout(60_000);
  let browser: Browser | undefined;
  let server: http.Server;
  let sandbox: WalletSandbox;
  let pageOrigin = '';

  before(async function () {
    if (!existsSync(chromiumPath))
      skipBecause(this, `Chromium is not at ${chromiumPath}`, { installedBySetup: 'npm test (scripts/host/setup.mjs --packages)' });
    sandbox = await startSandbox();
    server = http.createServer((request, response) => {
      if (request.url?.startsWith('/app.js')) response.writeHead(200, { 'content-type': 'text/javascript' }).end(APP);
      else if (request.url?.startsWith('/?')) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    pageOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  });

  after(async () => {
    await browser?.close();
    server?.close();
    await sandbox?.close();
  });

  it('signs in with an OTP and shows the balance; the journal has its requests with their Origin', async () => {
    assert.notEqual(new URL(pageOrigin).port, new URL(sandbox.url).port, 'another origin');
    const tab = await browser!.newPage();
    const problems: string[] = [];
    tab.on('pageerror', (error) => problems.push(error.message));
    tab.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await tab.goto(`${pageOrigin}/?sandbox=${encodeURIComponent(sandbox.url)}`);
    await tab.waitForFunction(() => ['ready', 'failed'].includes(document.getElementById('status')?.textContent ?? ''));
    assert.equal(await (await tab.$('#error'))?.textContent(), undefined, 'no error shown');
    assert.deepEqual(problems, [], 'no CORS or script error in the page');
    assert.equal(await tab.textContent('#balance'), (73_450_050 / 100).toLocaleString('en-NG', { style: 'currency', currency: 'NGN' }));
    const fromPage = await sandbox.requests.list({ where: (entry) => entry.headers['origin'] === pageOrigin });
    assert.deepEqual(
      fromPage.filter((entry) => entry.method !== 'OPTIONS').map((entry) => [entry.method, entry.path, entry.status]),
      [
        ['POST', '/v1/users/auth', 200],
        ['POST', '/v1/users/auth', 200],
        ['GET', '/v1/users/balance', 200],
      ],
    );
    assert.ok(
      fromPage.some((entry) => entry.method === 'OPTIONS' && entry.status === 204),
      'the browser asked first (a preflight) and was answered',
    );
    await tab.close();
  });
});
