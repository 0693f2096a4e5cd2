// Check Webhook Handler in a real extension host: the handler Create Webhook Handler writes
// (Express, JavaScript), run as its own server with this sandbox's env, passes every case, and
// the panel shows a row per case; a careless receiver (200 to anything, no requery) fails the
// malformed and the forged cases. The URL is typed into the command's input box.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { FRAMEWORKS } from '../../src/webhookHandlers/frameworks';
import { handlerSource } from '../../src/webhookHandlers/templates';
import type { WebviewTestHandle } from '../../src/webview/panelRecorder';
import { startFrontServer, type FrontServer } from '../unit/webhookHandlers/frontServer';
import { tempProject } from '../unit/webhookHandlers/generated';
import { connectFreshWallet, storedSecrets, type ConnectedWallet } from './support/connectedWallet';
import { EXTENSION_ID, runScripted } from './support/extension';
import { WebhookReceiver } from './support/sandboxSurfaces';
import { waitFor } from './support/waitFor';

/** The folder of the extension under test: its templates/ are the files the command writes from. */
const extensionPath = () => vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;

describe('Check Webhook Handler', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;
  let handle: WebviewTestHandle;
  let server: FrontServer | undefined;
  let project: string | undefined;
  const receiver = new WebhookReceiver();

  before(async () => {
    wallet = await connectFreshWallet('webhook-check');
    handle = (await vscode.commands.executeCommand<WebviewTestHandle>('walletConsole.test.webview'))!;
    (await wallet.api.localSandbox()).setBalance(wallet.mobile, 1_000_000);
    await receiver.start();
  });

  after(async () => {
    await runScripted(wallet.api, 'walletConsole.setWebhookUrl', ['']);
    await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
    server?.stop();
    await receiver.stop();
    if (project) fs.rmSync(project, { recursive: true, force: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** What the sandbox's run found so far (every waiting rule judged): what --fail-on-findings reads. */
  async function runFindings(): Promise<{ rule: string; title: string }[]> {
    const sandbox = await wallet.api.localSandbox();
    return ((await sandbox.runOperation('findings', { scope: 'run' })) as { findings: { rule: string; title: string }[] }).findings;
  }

  async function check(url: string): Promise<string> {
    const input = await runScripted(wallet.api, 'walletConsole.checkWebhookHandler', [url]);
    assert.equal(input.asked[0]?.kind, 'ask', 'the URL is asked for');
    await handle.whenIdle();
    assert.equal(handle.snapshot().pageKind, 'webhookCheck');
    return handle.snapshot().html;
  }

  it('the generated Express handler, with the sandbox’s env, passes all ten cases (and a note); a row per case, no secret', async () => {
    project = tempProject('check-host');
    const framework = FRAMEWORKS.find((candidate) => candidate.id === 'express-js')!;
    fs.writeFileSync(path.join(project, 'walletWebhook.js'), handlerSource(framework, extensionPath()));
    const keys = await wallet.api.accounts.store.appSecrets('local', wallet.api.accounts.activeApp('local')!.id);
    const tokens = await wallet.api.accounts.store.walletSecrets('local', wallet.mobile);
    server = await startFrontServer(project, 0, {
      WALLET_BASE_URL: await wallet.api.sandboxUrl(),
      WALLET_APP_KEY: (keys!.sandboxKey ?? keys!.key)!,
      WALLET_ACCESS_TOKEN: tokens!.accessToken!,
    });
    const url = `http://127.0.0.1:${server.port}${framework.path}`;
    const findingsBefore = await runFindings();
    const page = await check(url);
    assert.match(page, /Passed all 10 cases\./, page);
    assert.equal((page.match(/<tr class="passed">/g) ?? []).length, 10);
    // Production's disorder is in the report: three copies at once, an older event late, and the
    // event that never came (a note for the app, not counted).
    assert.match(page, /Copies of one event at once<\/th>[\s\S]*?<td class="mono">200 ×3<\/td>/);
    assert.match(page, /An older event after the newer one/);
    assert.match(page, /<tr class="note">[\s\S]*?An event that never comes[\s\S]*?Note \(not counted\)[\s\S]*?not sent/);
    assert.ok(page.includes(url), 'the page names the handler');
    assert.match(page, /A forged event/);
    for (const [label, secret] of await storedSecrets(wallet)) assert.ok(!page.includes(secret), `no ${label} in the page`);
    assert.match(server.output(), /ignored BANK_TRANSFER \w+: the API does not know this transfer/, server.output());

    // Its transfers are the check's, not the app's: the Requests view says whose, the integration review leaves them alone.
    const transfer = await waitFor('the check’s transfer in the Requests view', () =>
      wallet.api.requests.history.visible().find((record) => record.path === '/v1/users/transfers/bank' && record.method === 'POST'),
    );
    assert.match(String(wallet.api.requests.view.tree.getTreeItem(transfer).description), / · Check Webhook Handler$/);
    assert.deepEqual(
      (await runFindings()).slice(findingsBefore.length).map((finding) => `${finding.rule}: ${finding.title}`),
      [],
      'a handler that passes 6 of 6 leaves no finding',
    );
  });

  it('a receiver that takes anything and never requeries fails the malformed, forged, before-the-answer and reversal cases', async () => {
    const page = await check(receiver.url);
    assert.match(page, /Failed 4 of 10 cases\./, page);
    assert.equal((page.match(/<tr class="failed">/g) ?? []).length, 4);
    assert.match(page, /this API signs no webhooks, so requery/);
  });
});
