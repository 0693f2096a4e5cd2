// One local sandbox for every window (issue 25): a window whose state file another process
// serves (here `npm run sandbox` on it, as a second window's sandbox would be) uses that one,
// says so in the Sandbox view, and its Wallet, Requests, Events and Sandbox views follow it.
// It keeps no copy: each view reads that process. When that process goes, the window says so,
// and its views' next read opens the state file here, on the same port (issue 35).
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SandboxNode } from '../../src/views/sandboxTree';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { EXTENSION_ID, runScripted, setSetting } from './support/extension';
import { assertNoSecret, storedSecrets, treeText, WebhookReceiver } from './support/sandboxSurfaces';
import { waitFor } from './support/waitFor';
import { followRedraws } from './support/redraws';

/** `node dist/sandbox.js` on the extension's own state file and port; resolves once it listens. */
async function serveElsewhere(dataFile: string, port: string): Promise<{ child: ChildProcess; url: string; exited: Promise<void> }> {
  const cli = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'sandbox.js');
  const child = spawn(process.execPath, [cli, '--port', port, '--data', dataFile], {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await waitFor('the other process listens', () => /listening on (http:\S+)/.test(out) || child.exitCode !== null, 20_000);
  const url = /listening on (http:\S+)/.exec(out)?.[1];
  assert.ok(url, `npm run sandbox started: ${out}`);
  return { child, url, exited };
}

describe('One local sandbox for every window: served by another process', function () {
  this.timeout(180_000);
  let wallet: ConnectedWallet;
  let other: Awaited<ReturnType<typeof serveElsewhere>> | undefined;
  let url = '';
  const receiver = new WebhookReceiver();
  const sandboxTree = () => wallet.api.sandboxViews.sandboxTree;
  const eventsTree = () => wallet.api.sandboxViews.eventsTree;
  const rows = async (parent?: SandboxNode) =>
    Promise.all(
      (await sandboxTree().getChildren(parent)).map(async (node) => {
        const item = await sandboxTree().getTreeItem(node);
        return `${String(item.label)} · ${String(item.description)}`;
      }),
    );

  before(async () => {
    wallet = await connectFreshWallet('shared');
    await receiver.start();
    url = await wallet.api.sandboxUrl();
    // This window lets the sandbox go (as a closed window would; on staging meanwhile, so that
    // nothing here asks for it again), and another process serves the same state file on the
    // same port, as the window opened first would.
    await setSetting('environment', 'staging');
    await wallet.api.stopLocalSandbox();
    const dataFile = path.join(wallet.api.storagePaths.globalStorage, 'sandbox-state.json');
    other = await serveElsewhere(dataFile, new URL(url).port);
    assert.equal(other.url, url);
    await setSetting('environment', 'local');
    await vscode.commands.executeCommand('walletConsole.sandbox.focus');
    await runScripted(wallet.api, 'walletConsole.refresh', []);
  });

  after(async () => {
    const redraws = followRedraws(wallet.api);
    other?.child.kill('SIGKILL');
    await receiver.stop();
    await runScripted(wallet.api, 'walletConsole.clearAllFaults', []);
    await runScripted(wallet.api, 'walletConsole.setWebhookUrl', ['']);
    await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
    // The views' last redraws (debounced, and the secret store's echo) finish before the host
    // may close: a redraw cut off by the shutdown is logged as an error.
    await redraws.drawn();
  });

  it('the Sandbox view says plainly that another process serves it, and where', async () => {
    const [first] = await rows();
    assert.equal(first, `Served by npm run sandbox · pid ${other!.child.pid} · ${url}`);
    const item = await sandboxTree().getTreeItem((await sandboxTree().getChildren())[0]!);
    assert.match(String(item.tooltip), /same state file/);
    await assert.rejects(wallet.api.localSandbox(), /served by another process/);
    assert.equal(await wallet.api.sandboxUrl(), url);
  });

  it('the Wallet view reads the one world: a balance set in the other process shows without a refresh', async () => {
    await wallet.admin.setBalance(wallet.mobile, 3_141_59);
    await waitFor('the Wallet view shows the new balance', () => wallet.api.views.model.balance.value?.balance === 3_141_59);
  });

  it('the Sandbox view’s controls act on the other process’s sandbox, and the view follows what it reports', async () => {
    await runScripted(wallet.api, 'walletConsole.injectFault', ['GET /v1/users/balance', 'Status code', '503', 'Before the work', 'Once']);
    const [fault, ...more] = (await wallet.admin.knobs()).faults as Record<string, unknown>[];
    assert.deepEqual(more, []);
    assert.match(String(fault?.['id']), /^flt_\d+$/);
    assert.deepEqual({ ...fault, id: undefined }, { id: undefined, method: 'GET', path: '/v1/users/balance', status: 503, times: 1 });
    await waitFor('the view shows the fault', async () => (await rows()).includes('Faults · 1'));
    assert.equal((await fetch(`${url}/v1/users/balance`)).status, 503, 'used up by any client');
    await waitFor('the used-up fault is gone from the view', async () => (await rows()).includes('Faults · none'));
    await runScripted(wallet.api, 'walletConsole.setSandboxDelay', ['120']);
    assert.equal((await wallet.admin.knobs()).latencyMs, 120);
    await waitFor('the view shows the delay', async () => (await rows()).includes('Delay on every request · 120 ms'));
    await runScripted(wallet.api, 'walletConsole.clearAllFaults', []);
    assert.equal((await wallet.admin.knobs()).latencyMs, 0);
  });

  it('the Requests view lists what the other process answered: this window’s requests and another client’s, with bodies', async () => {
    const { history } = wallet.api.requests;
    history.clear();
    await vscode.commands.executeCommand('walletConsole.refreshBalance');
    await fetch(`${url}/v1/queries/banks`, { headers: { 'user-agent': 'my-shop-backend/1.0' } });
    await waitFor('the other client’s request is listed', () =>
      history.newest(50).some((record) => record.path === '/v1/queries/banks' && record.userAgent === 'my-shop-backend/1.0'),
    );
    // The window's own call goes through the other process too, and may be listed after the bank
    // list; a balance load already in flight when the list was cleared is shared by the refresh, so
    // its record can land before the clear: refresh again until one lands after it.
    await waitFor('this window’s balance call is listed', async () => {
      if (history.newest(50).some((record) => record.path === '/v1/users/balance' && record.fromExtension)) return true;
      await vscode.commands.executeCommand('walletConsole.refreshBalance');
      return false;
    });
    const mine = history.newest(50).find((record) => record.path === '/v1/users/balance' && record.fromExtension);
    assert.ok(
      mine,
      history
        .newest(50)
        .map((record) => `${record.method} ${record.path}`)
        .join(', '),
    );
    assert.equal(mine.status, 200);
    assert.match(mine.responseBody, /"balance":314159/);
    const secrets = await storedSecrets(wallet);
    for (const record of history.newest(50)) {
      assertNoSecret(JSON.stringify([record.requestHeaders, record.requestBody, record.responseBody]), secrets, 'a listed request');
    }
  });

  it('the Events view lists the other process’s webhook events, a test event marked as one', async () => {
    await runScripted(wallet.api, 'walletConsole.setWebhookUrl', [receiver.url]);
    // The state file may hold events of earlier test files: this test's event is the one not listed before.
    const eventIds = async () => (await eventsTree().getChildren()).flatMap((node) => (node.kind === 'event' ? [node.event.id] : []));
    const before = new Set(await eventIds());
    await runScripted(wallet.api, 'walletConsole.triggerTestEvent', ['Bank transfer']);
    const ours = async () => (await eventsTree().getChildren()).find((node) => node.kind === 'event' && !before.has(node.event.id));
    await waitFor('the test event shows delivered', async () => {
      const node = await ours();
      return node?.kind === 'event' && node.event.state === 'delivered' && node.event.test === true;
    });
    assert.equal((await eventsTree().getTreeItem((await ours())!)).label, 'Bank transfer (test event)');
    assert.equal(receiver.received.length, 1);
    assert.doesNotMatch(receiver.received[0]!.body, /"test"/, 'the body the app gets keeps the service’s shape');
    assertNoSecret((await treeText(eventsTree())).join('\n'), await storedSecrets(wallet), 'the Events view');
  });

  let renewedKey = '';
  it('Get a New Sandbox Key reaches the process that serves the sandbox: the new key works there, the old one no longer', async () => {
    const { api } = wallet;
    const app = api.accounts.activeApp('local')!;
    const oldKey = (await api.accounts.store.appSecrets('local', app.id))!.sandboxKey!;
    await runScripted(api, 'walletConsole.renewSandboxKey', []);
    renewedKey = (await api.accounts.store.appSecrets('local', app.id))!.sandboxKey!;
    assert.notEqual(renewedKey, oldKey);
    const banks = (key: string) => fetch(`${url}/v1/queries/banks`, { headers: { 'x-app-key': key } }).then((answer) => answer.status);
    assert.equal(await banks(renewedKey), 200, 'the other process knows the new key');
    assert.equal(await banks(oldKey), 401, 'and no longer the old one');
  });

  it('when the other process goes, the next read opens the state file here on the same port, with everything in it', async () => {
    other!.child.kill('SIGTERM');
    await other!.exited;
    await waitFor('the view no longer names another process', async () => !(await rows())[0]?.startsWith('Served by'));
    const sandbox = await wallet.api.localSandbox();
    assert.equal(sandbox.url, url);
    await runScripted(wallet.api, 'walletConsole.refreshBalance', []);
    // Less the ₦1.00 test transfer Trigger Test Event made in the other process.
    await waitFor(
      () => {
        const { model } = wallet.api.views;
        const wallets = JSON.stringify(wallet.api.accounts.activeWallet('local'));
        const calls = wallet.api.requests.history
          .newest(6)
          .map((record) => `${record.method} ${record.path} ${record.status} ${record.responseBody.slice(0, 160)}`);
        const here = (() => {
          try {
            return `balance ${sandbox.balance(wallet.mobile)}`;
          } catch (error) {
            return String(error);
          }
        })();
        return (
          `the balance set in the other process survived: ${JSON.stringify(model.balance.value)} (error ${model.balance.error}, ` +
          `connected ${model.connected}, wallet ${wallets}; in the sandbox here: ${here}; the last calls: ${calls.join(' | ')})`
        );
      },
      () => wallet.api.views.model.balance.value?.balance === 3_141_59 - 1_00,
    );
    assert.equal(sandbox.events()[0]?.test, true, 'so did the events');
    const answer = await fetch(`${url}/v1/queries/banks`, { headers: { 'x-app-key': renewedKey } });
    assert.equal(answer.status, 200, 'and the key the other process issued');
  });
});
