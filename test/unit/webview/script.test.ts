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
import { describeEvent, eventLive, renderEventPage } from '../../../src/webview/html/eventPage';
import { webhookEvent } from '../support/webhookEvent';
import type { HostMessage, PanelState, WebviewMessage } from '../../../src/webview/protocol';
import { skipBecause } from '../support/skips';

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
    if (!existsSync(chromiumPath))
      skipBecause(this, `Chromium is not at ${chromiumPath}`, { installedBySetup: 'npm test (scripts/host/setup.mjs --packages)' });
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
  /** Posts as the host does and returns once the page's own listener (added first, so called first) has run. */
  const send = (tab: BrowserPage, message: HostMessage) =>
    tab.evaluate(
      (data) =>
        new Promise<void>((resolve) => {
          window.addEventListener('message', () => resolve(), { once: true });
          window.postMessage(data, '*');
        }),
      message,
    );

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

  it('redraws a new webhook attempt in place: same document, same scroll and focus, newest first', async () => {
    const attempt = (number: number, status: number, excerpt: string) => ({
      number,
      at: `2026-11-22T10:0${number}:00.000Z`,
      status,
      durationMs: 10 + number,
      excerpt,
    });
    const retrying = webhookEvent({
      state: 'retrying',
      nextAttemptAt: '2026-11-22T10:05:00.000Z',
      attempts: [attempt(1, 500, 'receiver says 500'), attempt(2, 503, 'receiver says 503')],
    });
    const tab = await open('event', renderEventPage(describeEvent(retrying, 'en-GB'), { environment: 'Local sandbox' }), {
      view: 'event',
      id: retrying.id,
    });
    await tab.setViewportSize({ width: 800, height: 300 });
    const order = () =>
      tab
        .locator('#attempts > section')
        .evaluateAll((sections) => sections.map((section) => section.id || section.getAttribute('aria-labelledby')));
    assert.deepEqual(await order(), ['attempt-2', 'attempt-1'], 'newest first');
    // The reader is in the older attempt's answer, scrolled down to it.
    await tab.locator('[aria-label="Answer of attempt 1"]').focus();
    await tab.evaluate(() => {
      (document.getElementById('attempt-1')!.parentElement as HTMLElement & { __kept?: boolean }).__kept = true;
      window.scrollTo(0, document.body.scrollHeight);
    });
    const scrolled = await tab.evaluate(() => window.scrollY);
    assert.ok(scrolled > 0, 'the page is long enough to scroll');
    const firstRendered = (await posted(tab)).find((message) => message.type === 'rendered');

    const delivered = {
      ...retrying,
      state: 'delivered' as const,
      nextAttemptAt: null,
      attempts: [...retrying.attempts, attempt(3, 200, HOSTILE)],
    };
    await send(tab, { type: 'eventLive', live: eventLive(describeEvent(delivered, 'en-GB')) });
    await tab.waitForFunction(() => document.querySelectorAll('#attempts > section').length === 3);

    assert.deepEqual(await order(), ['attempt-3', 'attempt-2', 'attempt-1']);
    assert.equal(await tab.locator('#attempts-heading').textContent(), 'Attempts, newest first (3)');
    assert.equal(await tab.locator('#event-state-label').textContent(), 'delivered');
    assert.equal(await tab.locator('#event-state .codicon').getAttribute('class'), 'codicon codicon-pass');
    assert.equal(await tab.locator('#summary').getByText('Next attempt').count(), 0, 'the summary follows the state');
    assert.equal(await tab.locator('[aria-label="Answer of attempt 3"]').textContent(), HOSTILE, 'the answer as text');
    assert.equal(await tab.locator('img').count(), 0);
    assert.equal(
      await tab.evaluate(() => (document.getElementById('attempt-1')!.parentElement as HTMLElement & { __kept?: boolean }).__kept),
      true,
      'the attempts already drawn are the same elements',
    );
    assert.equal(await tab.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Answer of attempt 1', 'focus stays');
    assert.ok((await tab.evaluate(() => window.scrollY)) >= scrolled, 'the reader’s place is kept (not back at the top)');
    assert.equal(await tab.locator('#status').textContent(), `Attempt 3: 200`, 'a screen reader hears of the new attempt');

    // The same update again (a catch-up after 'ready') changes nothing.
    await send(tab, { type: 'eventLive', live: eventLive(describeEvent(delivered, 'en-GB')) });
    assert.deepEqual(await order(), ['attempt-3', 'attempt-2', 'attempt-1']);
    await tab.waitForFunction(() => window.__posted.filter((message) => (message as { type?: string }).type === 'rendered').length >= 3);
    const reports = (await posted(tab)).filter((message) => message.type === 'rendered');
    assert.ok(firstRendered?.type === 'rendered' && firstRendered.document, 'reports name their document');
    assert.ok(
      reports.every((report) => report.type === 'rendered' && report.document === firstRendered.document),
      'one document all along',
    );
    await assertClean(tab);
    await tab.close();
  });

  it('scrolls for a test only when the host asked for reports', async () => {
    const long = webhookEvent({
      attempts: Array.from({ length: 6 }, (_, index) => ({
        number: index + 1,
        at: '2026-11-22T10:00:00.000Z',
        status: 500,
        durationMs: 1,
        excerpt: 'x',
      })),
    });
    const quiet = await load('quiet-event', renderEventPage(describeEvent(long, 'en-GB'), { environment: 'Local sandbox' }));
    await quiet.setViewportSize({ width: 800, height: 300 });
    await send(quiet, { type: 'init', state: { view: 'event', id: long.id }, recent: [], reportRendered: false });
    await send(quiet, { type: 'testScroll', y: 200 });
    await quiet.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    assert.equal(await quiet.evaluate(() => window.scrollY), 0, 'ignored in normal use');
    await quiet.close();

    const tab = await open('tested-event', renderEventPage(describeEvent(long, 'en-GB'), { environment: 'Local sandbox' }), {
      view: 'event',
      id: long.id,
    });
    await tab.setViewportSize({ width: 800, height: 300 });
    await send(tab, { type: 'testScroll', y: 200 });
    await tab.waitForFunction(() =>
      window.__posted.some(
        (message) =>
          (message as { type?: string; scrollY?: number }).type === 'rendered' && (message as { scrollY?: number }).scrollY === 200,
      ),
    );
    await tab.close();
  });

  it('starts another page at its top; the same page drawn again keeps its place', async () => {
    const long = webhookEvent({
      attempts: Array.from({ length: 6 }, (_, index) => ({
        number: index + 1,
        at: '2026-11-22T10:00:00.000Z',
        status: 500,
        durationMs: 1,
        excerpt: 'x',
      })),
    });
    const state: PanelState = { view: 'event', id: long.id };
    for (const [previous, expectTop] of [
      [{ view: 'verify' }, true],
      [state, false],
    ] as const) {
      const tab = await load(`scroll-${previous.view}`, renderEventPage(describeEvent(long, 'en-GB'), { environment: 'Local sandbox' }));
      await tab.setViewportSize({ width: 800, height: 300 });
      // What the document before this one persisted, and the scroll VS Code carried over.
      await tab.evaluate((saved) => {
        window.__state = saved;
        window.scrollTo(0, 400);
      }, previous);
      assert.ok((await tab.evaluate(() => window.scrollY)) > 0);
      await send(tab, { type: 'init', state, recent: [], reportRendered: false });
      await tab.waitForFunction((saved) => JSON.stringify(window.__state) === saved, JSON.stringify(state));
      const scrollY = await tab.evaluate(() => window.scrollY);
      if (expectTop) assert.equal(scrollY, 0, 'another page starts at its top');
      else assert.ok(scrollY > 0, 'the same page keeps its place');
      await tab.close();
    }
  });
});
