// Node apps under the debugger in the window's own local sandbox, through the workbench the user
// sees: launch.json's Add Configuration… offers "Wallet Console: Launch Node app against the
// wallet sandbox" (read from the suggest widget, accepted, written), Run and Debug lists it under
// "Wallet Console…" (read from the quick pick, picked), and the app it launches calls
// the sandbox the views show: its request is in Requests, its webhook in Events, and a fault set
// with the Sandbox view's command reaches it. No preLaunchTask and no second sandbox.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { runScripted, setSetting } from './support/extension';
import { WebhookReceiver } from './support/sandboxSurfaces';
import { waitFor } from './support/waitFor';
import { queryWorkbench, workbenchDomAvailable } from './support/workbenchDom';

const NAME = 'Wallet Console: Launch Node app against the wallet sandbox';

function workspaceFolder(): vscode.WorkspaceFolder {
  const [first] = vscode.workspace.workspaceFolders ?? [];
  assert.ok(first, 'the host tests run with a workspace folder');
  return first;
}

interface Row {
  label: string;
  focused: boolean;
}

/** The rows a list widget of the workbench shows now (the quick pick's, the suggest widget's). */
async function rows(selector: string): Promise<Row[]> {
  return (await queryWorkbench(`${selector} .monaco-list-row`)).map((row) => ({
    label: `${row.attributes['aria-label'] ?? ''} ${row.text}`,
    focused: (row.attributes['class'] ?? '').split(/\s+/).includes('focused'),
  }));
}

/** Moves the list's focus down (with `next`), as the arrow keys would, to the row that matches: the list shows only the rows in view. */
async function focusRow(selector: string, match: RegExp, next: string): Promise<void> {
  let shown: Row[] = [];
  let steps = 0;
  await waitFor(
    () => `${match} focused in ${selector}; rows: ${JSON.stringify(shown)}`,
    async () => {
      shown = await rows(selector);
      if (shown.some((row) => row.focused && match.test(row.label))) return true;
      // The list drawn: one step down (at most 100, as arrow keys would go through it); not drawn yet: look again.
      if (shown.length > 0) {
        assert.ok(++steps <= 100, `Could not focus ${match} in ${selector}; rows: ${JSON.stringify(shown)}`);
        await vscode.commands.executeCommand(next);
      }
      return false;
    },
    undefined,
    100,
  );
}

/** The launched app: reads its env, calls the sandbox behind it (balance twice, a phone transfer), writes what it saw (never a secret). */
function appSource(marker: string): string {
  return `const fs = require('fs');
const base = process.env.WALLET_BASE_URL;
const headers = {
  'X-App-Key': process.env.WALLET_APP_KEY || '',
  'X-App-Wallet-Access-Token': process.env.WALLET_ACCESS_TOKEN || '',
  'Content-Type': 'application/json',
};
(async () => {
  const seen = { base, developer: process.env.WALLET_DEVELOPER_URL, key: !!process.env.WALLET_APP_KEY, token: !!process.env.WALLET_ACCESS_TOKEN };
  try {
    seen.balance = [];
    for (let i = 0; i < 2; i++) seen.balance.push((await fetch(base + '/v1/users/balance', { headers })).status);
    const body = JSON.stringify({ mobile: '2349090000000', amount: 100 });
    seen.transfer = (await fetch(base + '/v1/users/transfers/phone', { method: 'POST', headers, body })).status;
  } catch (error) {
    seen.error = String(error);
  }
  fs.writeFileSync(${JSON.stringify(marker)}, JSON.stringify(seen));
})();
`;
}

/**
 * What the launched app wrote, once it is all there: the file exists a moment before its
 * content does (writeFileSync creates, then writes), and a read in between finds it empty.
 */
async function whatTheAppSaw(marker: string): Promise<Record<string, unknown>> {
  let seen: Record<string, unknown> | undefined;
  await waitFor(
    'the app wrote what it saw',
    async () => {
      // One catch for both: a read before the file exists, and a parse of it half written (a
      // rejection handler beside the parse would not see the parse's own throw).
      seen = await fs
        .readFile(marker, 'utf8')
        .then((text) => JSON.parse(text) as Record<string, unknown>)
        .catch(() => undefined);
      return seen !== undefined;
    },
    60_000,
  );
  return seen!;
}

describe('Node apps under the debugger reach the window’s local sandbox', function () {
  this.timeout(180_000);
  let wallet: ConnectedWallet;
  const receiver = new WebhookReceiver();
  const folder = () => workspaceFolder().uri;
  const launchJson = () => vscode.Uri.joinPath(folder(), '.vscode', 'launch.json');
  const program = () => path.join(folder().fsPath, 'shop-app.js');
  const marker = path.join(os.tmpdir(), `wallet-launch-seen-${Date.now()}.json`);

  before(async function () {
    if (!workbenchDomAvailable()) this.skip();
    wallet = await connectFreshWallet('launch');
    await receiver.start();
    await runScripted(wallet.api, 'walletConsole.setWebhookUrl', [receiver.url]);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (wallet) {
      await runScripted(wallet.api, 'walletConsole.clearAllFaults', []);
      await runScripted(wallet.api, 'walletConsole.setWebhookUrl', ['']);
      // Its wallet goes with it (see terminals.test.ts).
      await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
    }
    await setSetting('terminal.includeAppKey', undefined);
    await receiver.stop();
    await vscode.workspace.fs.delete(launchJson()).then(undefined, () => undefined);
    await fs.rm(program(), { force: true });
    await fs.rm(marker, { force: true });
  });

  it('Add Configuration… in launch.json offers it, and writes a configuration with no preLaunchTask and no fixed address', async () => {
    await vscode.workspace.fs.writeFile(launchJson(), Buffer.from('{\n\t"version": "0.2.0",\n\t"configurations": []\n}\n'));
    const editor = await vscode.window.showTextDocument(launchJson());
    await vscode.commands.executeCommand('debug.addConfiguration', launchJson().toString());
    // Filtered as a user looks for it (before, "wallet" found only js-debug's snippets): the first row.
    await waitFor('the suggest widget', async () => (await rows('.suggest-widget')).length > 0);
    await vscode.commands.executeCommand('type', { text: 'wallet' });
    await waitFor('it first among "wallet" rows', async () => new RegExp(NAME).test((await rows('.suggest-widget'))[0]?.label ?? ''));
    await focusRow('.suggest-widget', new RegExp(NAME), 'selectNextSuggestion');
    await vscode.commands.executeCommand('acceptSelectedSuggestion');
    await waitFor('the configuration in launch.json', () => editor.document.getText().includes(NAME));
    const written = JSON.parse(editor.document.getText()) as { configurations: Record<string, unknown>[] };
    assert.deepEqual(written.configurations, [
      { type: 'node', request: 'launch', name: NAME, program: '${workspaceFolder}/index.js', walletSandbox: true },
    ]);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('Run and Debug lists it under "Wallet Console…"; the app it launches calls the window’s sandbox', async () => {
    await setSetting('terminal.includeAppKey', true);
    // Set in the Sandbox view: the app's first balance call gets it.
    await runScripted(wallet.api, 'walletConsole.injectFault', ['GET /v1/users/balance', 'Status code', '503', 'Before the work', 'Once']);
    const sandbox = await wallet.api.localSandbox();
    const eventsBefore = sandbox.events().length;
    // Other files' apps (a copied cURL run in a shell, say) are in the history too: only this launch's count.
    const earlier = new Set(wallet.api.requests.history.visible().map((record) => record.id));
    await fs.writeFile(program(), appSource(marker));
    await vscode.window.showTextDocument(vscode.Uri.file(program()));
    const started = new Promise<vscode.DebugSession>((resolve) => {
      const listener = vscode.debug.onDidStartDebugSession((session) => {
        if (session.name !== NAME) return;
        listener.dispose();
        resolve(session);
      });
    });
    await vscode.commands.executeCommand('workbench.action.quickOpen', 'debug ');
    await focusRow('.quick-input-widget', /Wallet Console\.\.\./, 'workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await focusRow('.quick-input-widget', new RegExp(NAME), 'workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const session = await started;
    assert.equal(session.configuration['preLaunchTask'], undefined, 'no task before the launch');

    const seen = await whatTheAppSaw(marker);
    const url = await wallet.api.sandboxUrl();
    assert.deepEqual(seen, { base: url, developer: url, key: true, token: true, balance: [503, 200], transfer: 200 });

    // The Requests view has the app's calls (not the extension's own), as the sandbox answered them.
    const fromApp = wallet.api.requests.history.visible().filter((record) => !record.fromExtension && !earlier.has(record.id));
    const balance = fromApp.filter((record) => record.path === '/v1/users/balance').map((record) => record.status);
    assert.deepEqual(balance.sort(), [200, 503], 'both balance calls, the fault’s 503 among them');
    assert.ok(
      fromApp.some((record) => record.method === 'POST' && record.path === '/v1/users/transfers/phone' && record.status === 200),
      'the transfer',
    );
    const listed = new Set((await wallet.api.requests.view.tree.getChildren()).map((record) => record.id));
    assert.ok(
      fromApp.every((record) => listed.has(record.id)),
      'the Requests view lists each of the app’s calls',
    );
    // Its transfer's webhook is in the Events view, and was delivered to the app's receiver.
    await waitFor('the transfer’s event', () => sandbox.events().length > eventsBefore);
    const event = sandbox.events()[0]!;
    assert.equal(event.type, 'PHONE_TRANSFER');
    const tree = wallet.api.sandboxViews.eventsTree;
    await waitFor('the Events view lists it', async () =>
      (await tree.getChildren()).some((node) => node.kind === 'event' && node.id === event.id),
    );
    await waitFor('the webhook reached the app’s receiver', () => receiver.received.length > 0);
    assert.deepEqual(sandbox.knobs.faults, [], 'the fault was used up by the app’s call');
  });

  it('a configuration of the "Wallet Console" type (F5 with it chosen) launches as the Node one; without the setting, no secret', async () => {
    await setSetting('terminal.includeAppKey', undefined);
    await fs.rm(marker, { force: true });
    const ended = new Promise<void>((resolve) => {
      const listener = vscode.debug.onDidTerminateDebugSession((session) => {
        if (session.name !== 'shop app') return;
        listener.dispose();
        resolve();
      });
    });
    const config = { type: 'wallet-sandbox', request: 'launch', name: 'shop app', program: program() };
    assert.equal(await vscode.debug.startDebugging(workspaceFolder(), config), true, 'the session started');
    const seen = await whatTheAppSaw(marker);
    const url = await wallet.api.sandboxUrl();
    assert.deepEqual(
      { base: seen['base'], developer: seen['developer'], key: seen['key'], token: seen['token'] },
      {
        base: url,
        developer: url,
        key: false,
        token: false,
      },
    );
    await ended;
  });
});
