// The webview script in a real browser: the pages the HTML builder makes, with the script
// esbuild bundles, under the page's own CSP, in headless Chromium (playwright-core). A stub
// stands in for acquireVsCodeApi and records what the page posts. Skipped when Chromium is
// not installed (WALLET_CONSOLE_CHROMIUM, default /usr/bin/chromium).
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type Page as BrowserPage } from 'playwright-core';
import type { Transaction } from '../../../src/api';
import { createNonce, renderDocument, type Page } from '../../../src/webview/html/shell';
import { describeTransaction } from '../../../src/webview/html/transactionDetail';
import { renderTransactionPage } from '../../../src/webview/html/transactionPage';
import { renderVerifyPage } from '../../../src/webview/html/verificationPage';
import type { HostMessage, PanelState, WebviewMessage } from '../../../src/webview/protocol';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
const chromiumPath = process.env.WALLET_CONSOLE_CHROMIUM || '/usr/bin/chromium';
const HOSTILE = '<img src=x onerror=alert(1)>';

declare global {
  interface Window {
    __posted: unknown[];
    __state: unknown;
    __violations: string[];
    __alerts: number;
  }
}

/** Runs in the page before its own script: the VS Code API stand-in, and CSP/alert watchers. */
const INIT_SCRIPT = `
  window.__posted = []; window.__state = undefined; window.__violations = []; window.__alerts = 0;
  window.alert = () => { window.__alerts++; };
  window.acquireVsCodeApi = () => ({
    postMessage: (message) => window.__posted.push(JSON.parse(JSON.stringify(message))),
    getState: () => window.__state,
    setState: (state) => { window.__state = state; },
  });
  document.addEventListener('securitypolicyviolation', (event) => window.__violations.push(event.violatedDirective + ' ' + event.blockedURI));
`;

describe('webview script (headless Chromium)', function () {
  this.timeout(60_000);
  let browser: Browser | undefined;
  let server: http.Server;
  let origin = '';
  let outDir = '';
  const pages = new Map<string, string>();

  before(async function () {
    if (!existsSync(chromiumPath)) this.skip();
    outDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-console-webview-'));
    await esbuild.build({
      entryPoints: [path.join(repoRoot, 'src/webview/media/main.ts')],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      outfile: path.join(outDir, 'webview.js'),
      logLevel: 'silent',
    });
    const files: Record<string, [string, string]> = {
      '/media/dist/webview.js': [path.join(outDir, 'webview.js'), 'text/javascript'],
      '/media/webview.css': [path.join(repoRoot, 'media/webview.css'), 'text/css'],
    };
    server = http.createServer((request, response) => {
      const url = request.url ?? '';
      const file = files[url];
      const page = pages.get(url);
      if (file) {
        response.writeHead(200, { 'content-type': file[1] }).end(readFileSync(file[0]));
      } else if (page) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  });

  after(async () => {
    await browser?.close();
    server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  const posted = (tab: BrowserPage) => tab.evaluate(() => window.__posted) as Promise<WebviewMessage[]>;
  const send = (tab: BrowserPage, message: HostMessage) => tab.evaluate((data) => window.postMessage(data, '*'), message);

  /** Loads a page as the panel would, and waits for its 'ready'. */
  async function load(name: string, page: Page, l10nBundle?: Record<string, string>): Promise<BrowserPage> {
    pages.set(
      `/${name}.html`,
      renderDocument(
        {
          cspSource: origin,
          nonce: createNonce(),
          scriptUri: `${origin}/media/dist/webview.js`,
          styleUri: `${origin}/media/webview.css`,
          codiconsUri: `${origin}/media/dist/codicon.css`,
        },
        page,
        l10nBundle,
      ),
    );
    const tab = await browser!.newPage();
    await tab.addInitScript(INIT_SCRIPT);
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(`${origin}/${name}.html`);
    await tab.waitForFunction(() => window.__posted.some((message) => (message as { type?: string }).type === 'ready'));
    assert.deepEqual(errors, [], 'no script errors');
    return tab;
  }

  /** {@link load}, then answers 'ready' as the host does in extension tests (asking for 'rendered' reports) and waits for the first. */
  async function open(name: string, page: Page, state: PanelState, l10nBundle?: Record<string, string>): Promise<BrowserPage> {
    const tab = await load(name, page, l10nBundle);
    await send(tab, { type: 'init', state, recent: [], reportRendered: true });
    await tab.waitForFunction(() => window.__posted.some((message) => (message as { type?: string }).type === 'rendered'));
    return tab;
  }

  async function assertClean(tab: BrowserPage): Promise<void> {
    assert.deepEqual(await tab.evaluate(() => window.__violations), [], 'no CSP violations');
    assert.equal(await tab.evaluate(() => window.__alerts), 0, 'no injected script ran');
  }

  it('draws a transaction with hostile strings as text, and its buttons post messages', async () => {
    const tx = {
      _id: 'abc',
      amount: 150050,
      reference: 'abc',
      type: 'bank',
      recipient: { accountName: HOSTILE, bankName: '</script><script>alert(1)</script>', accountNumber: '2079151995' },
      createdAt: '2021-03-04T10:20:30.000Z',
      updatedAt: '2021-03-04T10:20:30.000Z',
    } as Transaction;
    const tab = await open('transaction', renderTransactionPage(describeTransaction(tx, 'en-GB'), { environment: 'Local sandbox' }), {
      view: 'transaction',
      reference: 'abc',
    });
    const messages = await posted(tab);
    assert.deepEqual(messages[0], { type: 'ready' }, 'the page says ready first');
    const rendered = messages.find((message) => message.type === 'rendered');
    assert.ok(
      rendered?.type === 'rendered' && rendered.text.includes('₦1,500.50') && rendered.text.includes(HOSTILE),
      'hostile text is shown as text',
    );
    assert.ok(
      rendered.text.includes('150,050 kobo') && rendered.text.includes('2021-03-04T10:20:30.000Z'),
      'kobo and exact time are visible text',
    );
    assert.equal(await tab.getByText('150,050 kobo').isVisible(), true);
    assert.equal(await tab.locator('img').count(), 0);
    assert.equal(await tab.locator('script').count(), 1);

    await tab.getByRole('button', { name: 'Copy reference' }).click();
    await tab.getByRole('button', { name: 'Copy JSON' }).click();
    await tab.getByRole('button', { name: 'Open as JSON' }).click();
    await tab.getByRole('button', { name: 'Verify this recipient' }).click();
    const actions = (await posted(tab)).filter((message) => message.type !== 'rendered' && message.type !== 'ready');
    assert.deepEqual(actions, [
      { type: 'copy', what: 'reference' },
      { type: 'copy', what: 'json' },
      { type: 'openJson' },
      { type: 'verifyRecipient' },
    ]);

    await send(tab, { type: 'init', state: { view: 'transaction', reference: 'abc' }, recent: [], reportRendered: true });
    await send(tab, { type: 'notice', text: HOSTILE, level: 'info' });
    await tab.waitForFunction(() => document.getElementById('status')?.textContent !== '');
    assert.equal(await tab.locator('#status').textContent(), HOSTILE);
    assert.deepEqual(
      await tab.evaluate(() => window.__state),
      { view: 'transaction', reference: 'abc' },
      'the state is persisted for reloads',
    );
    // Anything that is not a host message is ignored.
    await send(tab, { type: 'evil' } as unknown as HostMessage);
    assert.equal(await tab.locator('img').count(), 0);
    await assertClean(tab);
    await tab.close();
  });

  it('filters banks, validates the number as typed, posts verify and draws the answer as text', async () => {
    const banks = [
      { bankCode: '000014', bankName: 'ACCESS BANK' },
      { bankCode: '000013', bankName: 'GUARANTY TRUST BANK' },
      { bankCode: '000015', bankName: 'ZENITH BANK' },
    ];
    const tab = await open('verify', renderVerifyPage({ banks, recent: [] }, { environment: 'Local sandbox' }), { view: 'verify' });
    const button = tab.locator('#verify-button');
    assert.equal(await button.isDisabled(), true, 'nothing chosen yet');
    assert.equal(await tab.locator('#bank-count').textContent(), '3 banks');

    await tab.locator('#bank-filter').fill('zen');
    assert.equal(await tab.locator('#bank-count').textContent(), 'Banks matching: 1 of 3.');
    assert.equal(await tab.locator('#bank').inputValue(), '000015', 'the only match is chosen');
    await tab.locator('#bank-filter').fill('000013');
    assert.equal(await tab.locator('#bank').inputValue(), '000013', 'codes match too');

    await tab.locator('#account').fill('12');
    assert.equal(await tab.locator('#account-error').isVisible(), true);
    assert.match((await tab.locator('#account-error').textContent()) ?? '', /10-digit NUBAN/);
    assert.equal(await tab.locator('#account').getAttribute('aria-invalid'), 'true');
    assert.equal(await button.isDisabled(), true);
    await tab.locator('#account').fill('207 915 1995');
    assert.equal(await tab.locator('#account-error').isVisible(), false);
    assert.equal(await button.isDisabled(), false);
    await button.click();
    const verify = (await posted(tab)).find((message) => message.type === 'verify');
    assert.deepEqual(verify, { type: 'verify', bankCode: '000013', accountNumber: '2079151995' });

    await send(tab, { type: 'verifying', bankName: 'GUARANTY TRUST BANK', accountNumber: '2079151995' });
    assert.equal(await button.isDisabled(), true, 'busy while verifying');
    await send(tab, {
      type: 'verifyResult',
      outcome: { ok: true, accountName: HOSTILE, bankName: 'GUARANTY TRUST BANK', accountNumber: '2079151995' },
      recent: [{ bankName: 'GUARANTY TRUST BANK', bankCode: '000013', maskedAccount: '******1995', accountName: HOSTILE, at: Date.now() }],
    });
    await tab.waitForFunction(() => document.querySelector('.result-title') !== null);
    assert.equal(await tab.locator('.result-title').textContent(), HOSTILE);
    assert.match(
      (await tab.locator('#result').textContent()) ?? '',
      /GUARANTY TRUST BANK · 2079151995$/,
      'the result names the number in full',
    );
    assert.equal(await button.isDisabled(), false);
    assert.match(
      (await tab.locator('#recent li').first().textContent()) ?? '',
      /GUARANTY TRUST BANK \*{6}1995: <img src=x onerror=alert\(1\)>/,
    );
    assert.equal(await tab.locator('#recent-empty').isVisible(), false);

    await send(tab, {
      type: 'verifyResult',
      outcome: { ok: false, message: 'Could not resolve account name.', bankName: 'ACCESS BANK', accountNumber: '2079150000' },
      recent: [],
    });
    await tab.waitForFunction(() => document.querySelector('.result-title')?.textContent === 'Not verified');
    assert.match((await tab.locator('#result').textContent()) ?? '', /ACCESS BANK · 2079150000: Could not resolve account name\./);
    assert.equal(await tab.locator('img').count(), 0);
    await assertClean(tab);
    await tab.close();
  });

  it('reports what it drew only when the host asks for it (extension tests)', async () => {
    const tab = await load('quiet', renderVerifyPage({ banks: [], recent: [] }, { environment: 'Local sandbox' }));
    await send(tab, { type: 'init', state: { view: 'verify' }, recent: [], reportRendered: false });
    await send(tab, { type: 'notice', text: 'Reference copied.', level: 'info' });
    await tab.waitForFunction(() => document.getElementById('result')?.textContent === 'Reference copied.');
    // A report would be posted one timer tick after the update: let a later timer run first.
    await tab.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    assert.deepEqual(
      (await posted(tab)).map((message) => message.type),
      ['ready'],
    );
    await tab.close();
  });

  it('draws its own words in the display language from the bundle the host passes', async () => {
    const banks = [
      { bankCode: '000014', bankName: 'ACCESS BANK' },
      { bankCode: '000015', bankName: 'ZENITH BANK' },
    ];
    const bundle = {
      '{0} banks': '{0} banques',
      'Banks matching: {0} of {1}.': 'Banques trouvées : {0} sur {1}',
      'Verifying {0} at {1}…': `${HOSTILE} {0} chez {1}…`,
    };
    const tab = await open(
      'translated',
      renderVerifyPage({ banks, recent: [] }, { environment: 'Local sandbox' }),
      { view: 'verify' },
      bundle,
    );
    assert.equal(await tab.locator('#bank-count').textContent(), '2 banques');
    await tab.locator('#bank-filter').fill('zen');
    assert.equal(await tab.locator('#bank-count').textContent(), 'Banques trouvées : 1 sur 2');
    await send(tab, { type: 'verifying', bankName: 'ZENITH BANK', accountNumber: '2079151995' });
    await tab.waitForFunction(() => document.getElementById('result')?.hidden === false);
    assert.equal(await tab.locator('#result').textContent(), `${HOSTILE} 2079151995 chez ZENITH BANK…`, 'a translation is text too');
    assert.equal(await tab.locator('img').count(), 0);
    await assertClean(tab);
    await tab.close();
  });
});
