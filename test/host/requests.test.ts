// The Requests view in a real extension host: a developer's-app stand-in (a plain Node HTTP
// client with its own User-Agent) and the extension itself call the in-process sandbox; both
// appear, filters and Clear work, the history is bounded, a row opens in the panel, every copy
// button puts a snippet with $WALLET_ placeholders on the clipboard, Replay sends again (a
// money-moving POST only after its confirmation), and no secret reaches any of it.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { request } from 'node:http';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import type { WalletConsoleApi } from '../../src/extensionApi';
import type { RequestRecord } from '../../src/requests/requestRecord';
import type { WebviewTestHandle } from '../../src/webview/panelRecorder';
import { connectFreshWallet, storedSecrets, type ConnectedWallet } from './support/connectedWallet';
import { runScripted, setSetting } from './support/extension';
import { DEFAULT_WINDOW_PORT, launcherSandboxPort, windowSandboxPort } from './support/ports';
import { journalMark, recordedRequest } from './support/recordedRequest';
import { ScriptedInput } from './support/scriptedInput';
import { waitFor } from './support/waitFor';

const APP_AGENT = 'acme-checkout/2.0 (stand-in)';

/** The developer's app: a plain Node HTTP client, its own User-Agent. */
function appCall(url: string, method: string, target: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${target}`, {
      method,
      headers: {
        'user-agent': APP_AGENT,
        ...headers,
        ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** What a person sees of every row: label, description, tooltip, spoken label. */
function rowsText(api: WalletConsoleApi): string {
  const { tree } = api.requests.view;
  return tree
    .getChildren()
    .map((record) => {
      const item = tree.getTreeItem(record);
      return [item.label, item.description, item.tooltip, item.accessibilityInformation?.label].map(String).join(' | ');
    })
    .join('\n');
}

describe('Requests view', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;
  let url: string;
  let appKey: string;
  let accessToken: string;
  let handle: WebviewTestHandle;
  const secrets = new Map<string, string>();
  const clipboards: string[] = [];
  const panelPages: string[] = [];
  let curlSnippet = '';

  const history = () => wallet.api.requests.history;
  const latest = (match: (record: RequestRecord) => boolean) => history().visible().find(match);

  before(async () => {
    wallet = await connectFreshWallet('requests');
    const { api } = wallet;
    url = await api.sandboxUrl();
    const app = api.accounts.activeApp('local')!;
    const keys = (await api.accounts.store.appSecrets('local', app.id))!;
    const tokens = (await api.accounts.store.walletSecrets('local', wallet.mobile))!;
    appKey = keys.sandboxKey!;
    accessToken = tokens.accessToken;
    for (const [name, value] of await storedSecrets(wallet)) secrets.set(value, name);
    handle = (await vscode.commands.executeCommand<WebviewTestHandle>('walletConsole.test.webview'))!;
    await vscode.commands.executeCommand('walletConsole.requests.focus');
  });

  // A failed filter test must not hide the next test's requests.
  afterEach(() => history().setFilter({}));

  after(async () => {
    // Leave the bottom panel as the suites after this one expect it: closed.
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setSetting('requests.historySize', undefined);
    await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
  });

  it('listens on the port of walletConsole.sandbox.port (or the next free one) and says which', () => {
    const port = Number(new URL(url).port);
    const setting = vscode.workspace.getConfiguration('walletConsole').inspect<number>('sandbox.port');
    assert.equal(setting?.defaultValue, DEFAULT_WINDOW_PORT, 'the default port');
    // The first VS Code version's suite runs on the default; another asks a range of its own (support/ports.ts).
    const asked = windowSandboxPort();
    assert.equal(asked, launcherSandboxPort(), 'the port the launcher gave this run');
    assert.ok(port >= asked && port < asked + 20, `listens at ${url}`);
    const view = wallet.api.requests.view.view;
    assert.ok(String(view.description).includes(String(port)), `the view says the port: ${view.description}`);
    if (port !== asked) assert.ok(view.message?.includes(url), `the view says ${asked} was taken: ${view.message}`);
  });

  it("shows the extension's own requests as this extension, and the app's by its user agent", async () => {
    await vscode.commands.executeCommand('walletConsole.refresh');
    const own = await waitFor('the extension’s balance request', () =>
      latest((record) => record.path === '/v1/users/balance' && record.fromExtension),
    );
    assert.equal(own.status, 200);
    const ownItem = wallet.api.requests.view.tree.getTreeItem(own);
    assert.match(String(ownItem.description), /^200 · \d+ ms · this extension$/);
    // The time in the display language's clock (14:05:09, or 02:05:09 PM), then the request.
    assert.match(String(ownItem.label), /^\d\d:\d\d:\d\d(?:\s?[AP]M)? {2}GET \/v1\/users\/balance$/);

    const status = await appCall(url, 'GET', '/v1/users/balance', { 'x-app-key': appKey, 'x-app-wallet-access-token': accessToken });
    assert.equal(status, 200);
    const theirs = await waitFor('the app’s request', () => latest((record) => record.userAgent === APP_AGENT));
    assert.equal(theirs.fromExtension, false);
    assert.equal(theirs.environment, 'local');
    assert.ok(String(wallet.api.requests.view.tree.getTreeItem(theirs).description).endsWith(APP_AGENT));
    assert.ok(
      !history()
        .visible()
        .some((record) => record.path.startsWith('/__sandbox')),
      'admin requests are not recorded',
    );
  });

  it('lists a money-moving POST whose connection the sandbox dropped as a "no answer" row (issue 25)', async () => {
    await wallet.admin.addFault({ method: 'POST', path: '/v1/users/transfers/phone', drop: true, times: 1 });
    const body = JSON.stringify({ mobile: '2349090000000', amount: 7_500 });
    const headers = { 'x-app-key': appKey, 'x-app-wallet-access-token': accessToken };
    await assert.rejects(appCall(url, 'POST', '/v1/users/transfers/phone', headers, body), 'the connection is dropped');
    const dropped = await waitFor('the dropped POST in the history', () =>
      latest((record) => record.path === '/v1/users/transfers/phone' && record.userAgent === APP_AGENT && record.status === 0),
    );
    assert.equal(dropped.method, 'POST');
    const item = wallet.api.requests.view.tree.getTreeItem(dropped);
    assert.match(String(item.description), /^no answer · /, `the row says no answer: ${String(item.description)}`);
  });

  it('filters by status class and by path, and clears the filter', async () => {
    assert.equal(await appCall(url, 'GET', '/v1/users/balance', { 'x-app-key': 'sk_test_wrongwrongwrong' }), 401);
    await waitFor('the refused request', () => latest((record) => record.status === 401));
    await runScripted(wallet.api, 'walletConsole.filterRequestsByStatus', ['4xx: refused']);
    await new Promise((resolve) => setImmediate(resolve));
    const refused = wallet.api.requests.view.tree.getChildren();
    assert.ok(refused.length > 0 && refused.every((record) => record.status >= 400 && record.status < 500));
    assert.ok(String(wallet.api.requests.view.view.description).includes('4xx'));

    await runScripted(wallet.api, 'walletConsole.filterRequestsByStatus', ['All statuses']);
    await runScripted(wallet.api, 'walletConsole.filterRequestsByPath', ['/BALANCE']);
    const byPath = wallet.api.requests.view.tree.getChildren();
    assert.ok(byPath.length > 0 && byPath.every((record) => record.path === '/v1/users/balance'), 'only /v1/users/balance');
    await waitFor(
      'the filter in the description',
      () => String(wallet.api.requests.view.view.description).includes('/BALANCE') || undefined,
    );
    await runScripted(wallet.api, 'walletConsole.clearRequestFilter', []);
    assert.deepEqual(history().filter, {});
    assert.ok(wallet.api.requests.view.tree.getChildren().some((record) => record.path === '/v1/users/balance'));
  });

  it('opens a row in the panel, masked, and copies it as cURL, TypeScript fetch and Python requests', async () => {
    const record = latest((candidate) => candidate.userAgent === APP_AGENT && candidate.status === 200)!;
    await vscode.commands.executeCommand('walletConsole.showRequest', record.id);
    await handle.whenIdle();
    const page = handle.snapshot();
    assert.equal(page.pageKind, 'request');
    assert.deepEqual(page.state, { view: 'request', id: record.id });
    panelPages.push(page.html);
    assert.ok(page.html.includes('x-app-key') && page.html.includes('[masked]'), 'the key header is there, masked');
    assert.ok(page.html.includes('&quot;balance&quot;') || page.html.includes('"balance"'), 'the answer body is shown');
    assert.ok(page.html.includes(APP_AGENT), 'says who sent it');

    const expected = { curl: '"$WALLET_APP_KEY"', fetch: 'process.env.WALLET_APP_KEY', python: 'os.environ["WALLET_APP_KEY"]' } as const;
    for (const format of ['curl', 'fetch', 'python'] as const) {
      await vscode.env.clipboard.writeText('');
      await handle.receive({ type: 'copySnippet', format });
      const copied = await vscode.env.clipboard.readText();
      clipboards.push(copied);
      if (format === 'curl') curlSnippet = copied;
      assert.ok(copied.includes(expected[format]), `${format}: ${copied}`);
      assert.ok(copied.includes('WALLET_ACCESS_TOKEN'), `${format} reads the access token from the environment`);
      assert.ok(copied.includes(`${url}/v1/users/balance`), `${format} calls the sandbox`);
    }
  });

  it('replays a request with the current credentials, and a money-moving POST only after saying so', async () => {
    const balance = latest((candidate) => candidate.userAgent === APP_AGENT && candidate.status === 200)!;
    await vscode.commands.executeCommand('walletConsole.showRequest', balance.id);
    await handle.whenIdle();
    await handle.receive({ type: 'replay' });
    // Not "the history grew": a full history trims itself, so its size can shrink as one more comes in.
    const replayed = await waitFor('the replayed request', () =>
      latest((record) => record.path === '/v1/users/balance' && record.fromExtension && record.id > balance.id),
    );
    assert.equal(replayed.status, 200, 'the placeholders were filled with the current key and token');

    const mark = await journalMark(wallet);
    const payment = await wallet.api.accounts.withWallet((client, credentials) =>
      client.sendToPhone(credentials, { mobile: '0909 000 0000', amount: 1_500, sendSms: false }),
    );
    assert.ok(payment);
    const transfer = await recordedRequest(wallet, mark, 'POST', '/v1/users/transfers/phone');
    await vscode.commands.executeCommand('walletConsole.showRequest', transfer.id);
    await handle.whenIdle();
    // Earlier suites moved money in the same sandbox: count this transfer and what follows it.
    const count = () =>
      history()
        .visible()
        .filter((record) => record.path === '/v1/users/transfers/phone' && record.id >= transfer.id).length;

    const declined = await withScript(wallet.api, [undefined], () => handle.receive({ type: 'replay' }));
    assert.match(declined.asked[0]!.title, /moves money again: ₦15\.00 to 2349090000000|moves money again: ₦15\.00 to 0909/);
    // Bounded by the panel's whenIdle(): the host has handled the replay message, a send included.
    await handle.whenIdle();
    assert.equal(count(), 1, 'declined: nothing sent');

    await withScript(wallet.api, ['Replay and Move Money'], () => handle.receive({ type: 'replay' }));
    await waitFor('the second transfer', () => count() === 2 || undefined);
    const again = latest((record) => record.path === '/v1/users/transfers/phone')!;
    assert.equal(again.status, 200);
    assert.notEqual(again.id, transfer.id);
  });

  it('keeps at most walletConsole.requests.historySize requests, and Clear empties the view', async () => {
    await setSetting('requests.historySize', 5);
    for (let i = 0; i < 12; i++) await appCall(url, 'GET', `/v1/queries/banks?call=${i}`, { 'x-app-key': appKey });
    // The extension's own requests (a refresh, a requery) may land among these: wait for the
    // twelfth, then hold the history to its size and to the newest calls, whatever else came.
    await waitFor(
      'the last of twelve',
      () =>
        history()
          .visible()
          .some((record) => record.query === 'call=11') || undefined,
    );
    const shown = history().visible();
    assert.equal(shown.length, 5, 'as many rows as the setting allows');
    assert.equal(wallet.api.requests.view.tree.getChildren().length, 5);
    assert.ok(history().size <= 6, `kept ${history().size}`);
    const calls = shown.flatMap((record) => (/^call=(\d+)$/.exec(record.query) ? [Number(record.query.slice(5))] : []));
    assert.deepEqual(
      calls,
      Array.from({ length: calls.length }, (_, index) => 11 - index),
      'the newest calls, newest first',
    );
    await setSetting('requests.historySize', undefined);

    await runScripted(wallet.api, 'walletConsole.clearRequests', []);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(wallet.api.requests.view.tree.getChildren(), []);
  });

  it('copies the sandbox settings for an app after a warning, as export lines a shell hands to node (issue 55)', async () => {
    await vscode.env.clipboard.writeText('');
    const script = await runScripted(wallet.api, 'walletConsole.copySandboxSettings', ['Shell (bash, zsh): export lines', 'Copy Settings']);
    assert.equal(script.asked[0]!.kind, 'pick', 'the format first');
    assert.equal(script.asked[1]!.kind, 'confirm');
    assert.match(script.asked[1]!.title, /secret/);
    assert.match(script.asked[1]!.title, /the token of wallet/, 'the warning names the wallet token too');
    assert.match(script.asked.at(-1)!.title, /Paste them into a terminal/);
    const copied = await vscode.env.clipboard.readText();
    // The active wallet's token as it is now (the copy may have refreshed it first).
    const { accessToken: token, refreshToken } = (await wallet.api.accounts.store.walletSecrets('local', wallet.mobile))!;
    assert.equal(
      copied,
      `export WALLET_BASE_URL='${url}'\nexport WALLET_DEVELOPER_URL='${url}'\nexport WALLET_APP_KEY='${appKey}'\nexport WALLET_ACCESS_TOKEN='${token}'\nexport WALLET_REFRESH_TOKEN='${refreshToken}'\n`,
    );
    // Pasted into a terminal: Copy as cURL runs as copied (issue 36), and node started there sees them (issue 55).
    assert.ok(curlSnippet, 'the cURL snippet of the earlier test');
    const shell = (command: string) => promisify(execFile)('/bin/sh', ['-c', `${copied}${command}`], { env: { PATH: process.env.PATH } });
    assert.match((await shell(curlSnippet)).stdout, /"balance"/, 'the balance answered');
    const node = await shell(
      `"${process.execPath}" -e 'console.log(process.env.WALLET_APP_KEY === "${appKey}", process.env.WALLET_BASE_URL)'`,
    );
    assert.equal(node.stdout, `true ${url}\n`);

    await runScripted(wallet.api, 'walletConsole.copySandboxSettings', ['.env file: NAME=value lines', 'Copy Settings']);
    const dotenv = await vscode.env.clipboard.readText();
    assert.equal(
      dotenv,
      `WALLET_BASE_URL=${url}\nWALLET_DEVELOPER_URL=${url}\nWALLET_APP_KEY=${appKey}\nWALLET_ACCESS_TOKEN=${token}\nWALLET_REFRESH_TOKEN=${refreshToken}\n`,
    );

    await vscode.env.clipboard.writeText('unchanged');
    await runScripted(wallet.api, 'walletConsole.copySandboxSettings', ['Shell (bash, zsh): export lines', undefined]);
    assert.equal(await vscode.env.clipboard.readText(), 'unchanged', 'declined: nothing copied');
    await vscode.env.clipboard.writeText('');
  });

  it('secret audit: no password, token, app key or passcode in the rows, the panel, the snippets, the log, settings or state', async () => {
    // Fill the history again with the whole flow: a sign-in (password, tokens), a wallet login (passcode).
    await runScripted(wallet.api, 'walletConsole.signOut', []);
    await runScripted(wallet.api, 'walletConsole.signIn', [wallet.email, wallet.password]);
    const developer = (await wallet.api.accounts.store.developerSecrets('local'))!;
    secrets.set(developer.loginToken, 'login token (again)');
    secrets.set(developer.resourceToken, 'resource token (again)');
    await vscode.commands.executeCommand('walletConsole.refresh');
    await waitFor('requests after the sign-in', () => latest((record) => record.path === '/v1/users/balance'));

    for (const record of history().visible()) {
      await vscode.commands.executeCommand('walletConsole.showRequest', record.id);
      await handle.whenIdle();
      panelPages.push(handle.snapshot().html);
    }
    const storage = wallet.api.storagePaths;
    const read = async (folder: string) => {
      const entries = await fs.readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
      const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
      return (await Promise.all(files.map((file) => fs.readFile(file, 'utf8').catch(() => '')))).join('\n');
    };
    const surfaces: [string, string][] = [
      ['view rows', rowsText(wallet.api)],
      ['panel HTML', panelPages.join('\n')],
      ['clipboard', clipboards.join('\n')],
      ['history records', JSON.stringify(history().visible())],
      ['log', await read(storage.logs)],
      ['settings', JSON.stringify(vscode.workspace.getConfiguration('walletConsole'))],
      ['global state', await read(storage.globalStorage)],
    ];
    assert.ok(surfaces[0]![1].includes('/v1/auth/login') || surfaces[0]![1].includes('/v1/resource/auth'), 'the rows include the sign-in');
    const found: string[] = [];
    for (const [surface, text] of surfaces) {
      for (const [secret, name] of secrets) if (text.includes(secret)) found.push(`${name} in ${surface}`);
      if (/"passcode":"\d{6}"/.test(text)) found.push(`a passcode in ${surface}`);
    }
    assert.deepEqual(found, []);
  });
});

/** Runs `work` with scripted answers for the prompts it shows (a webview message, not a command). */
async function withScript(api: WalletConsoleApi, answers: (string | undefined)[], work: () => Promise<void>) {
  const input = new ScriptedInput(...answers);
  api.setUserInput(input);
  try {
    await work();
  } finally {
    api.setUserInput(undefined);
  }
  input.assertDone();
  return input;
}
