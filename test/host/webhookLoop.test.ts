// Issue 55, in a real VS Code: the README's webhook steps, as a new user takes them. Create Webhook
// Handler (Express, JavaScript) with Point Sandbox Here; the setting the docs name
// (walletConsole.terminal.includeAppKey) on; the handler started as its own process with what a
// new terminal then gets and nothing else; Trigger Test Event. The event is processed after a
// requery, shows in Events as delivered, and makes no finding. Then the same handler, still
// running, outlives Reset Sandbox to Scenario: its token opens nothing in the reset world, it
// renews it with its refresh token, and the next test event is processed, not dropped.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WalletConsoleApi } from '../../src/extensionApi';
import type { EventNode } from '../../src/views/eventsTree';
import { startFrontServer, type FrontServer } from '../unit/webhookHandlers/frontServer';
import { tempProject } from '../unit/webhookHandlers/generated';
import { connectFreshWallet } from './support/connectedWallet';
import { activateExtension, runScripted, setSetting } from './support/extension';
import { runRecorded } from './support/recordingInput';
import { ScriptedInput } from './support/scriptedInput';
import { followRedraws } from './support/redraws';
import { waitFor } from './support/waitFor';

/** The sandbox's state files in global storage (the snapshot, its append logs, its owner file). */
async function stateFiles(dir: string): Promise<string[]> {
  return (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => /^\.?sandbox-state\.json/.test(name));
}

describe('The webhook loop of the README, from a new terminal', function () {
  this.timeout(180_000);
  let api: WalletConsoleApi;
  let storage: string;
  let aside: string;
  let project: string;
  let server: FrontServer | undefined;
  let scenario: vscode.Uri;

  before(async () => {
    api = await activateExtension();
    // A world of its own (put back after): Reset Sandbox to Scenario replaces the one it runs in.
    storage = api.storagePaths.globalStorage;
    await api.stopLocalSandbox();
    aside = await fs.mkdtemp(path.join(os.tmpdir(), 'sandbox-state-loop-'));
    for (const name of await stateFiles(storage)) await fs.rename(path.join(storage, name), path.join(aside, name));
    const [folder] = vscode.workspace.workspaceFolders ?? [];
    assert.ok(folder, 'the host tests run with a workspace folder');
    scenario = vscode.Uri.joinPath(folder.uri, 'wallet-sandbox.json');
    project = tempProject('webhook-loop');
  });

  after(async () => {
    const redraws = followRedraws(api);
    server?.stop();
    await setSetting('terminal.includeAppKey', undefined);
    const mobile = api.accounts.activeWallet('local')?.mobile;
    if (mobile) await api.accounts.store.disconnectWallet('local', mobile);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await redraws.drawn();
    await api.stopLocalSandbox();
    for (const name of await stateFiles(storage)) await fs.rm(path.join(storage, name), { force: true });
    for (const name of await fs.readdir(aside)) await fs.rename(path.join(aside, name), path.join(storage, name));
    await fs.rm(aside, { recursive: true, force: true });
    await fs.rm(scenario.fsPath, { force: true });
    await fs.rm(project, { recursive: true, force: true });
  });

  const output = () => server?.output() ?? '';
  const eventNodes = async () =>
    (await api.sandboxViews.eventsTree.getChildren()).filter((node): node is EventNode & { kind: 'event' } => node.kind === 'event');
  /** Trigger Test Event as a user runs it; answers the event it sent (the newest). */
  const trigger = async (kind: 'Bank transfer' | 'Phone transfer') => {
    const sandbox = await api.localSandbox();
    const before = new Set(sandbox.events().map((event) => event.id));
    await runScripted(api, 'walletConsole.triggerTestEvent', [kind]);
    const event = sandbox.events().find((candidate) => !before.has(candidate.id));
    assert.ok(event, 'Trigger Test Event sent an event');
    return { sandbox, event, reference: String(event.payload.payload.data['transactionReference']) };
  };

  it('Create Webhook Handler, the setting, a new terminal’s env, Trigger Test Event: processed after a requery, delivered, no finding', async () => {
    await connectFreshWallet('webhook-loop');
    const uri = vscode.Uri.file(path.join(project, 'walletWebhook.js'));
    // The docs: turn walletConsole.terminal.includeAppKey on, then start the server from a new terminal.
    await setSetting('terminal.includeAppKey', true);
    await waitFor('new terminals get the app key and the wallet’s tokens', async () => {
      await api.terminals.settled();
      return api.terminals.variables()['WALLET_REFRESH_TOKEN'] !== undefined;
    });
    const terminalEnv = api.terminals.variables();
    assert.deepEqual(Object.keys(terminalEnv).sort(), [
      'WALLET_ACCESS_TOKEN',
      'WALLET_APP_KEY',
      'WALLET_BASE_URL',
      'WALLET_DEVELOPER_URL',
      'WALLET_REFRESH_TOKEN',
    ]);
    // The offer asks for the port once the user's server (the test's front, around the written file) listens.
    let portTyped!: (port: string) => void;
    const portReady = new Promise<string>((resolve) => (portTyped = resolve));
    const input = new ScriptedInput('Point Sandbox Here', () => portReady);
    api.setUserInput(input);
    try {
      await vscode.commands.executeCommand('walletConsole.createWebhookHandler', uri, 'express-js');
      server = await startFrontServer(project, 0, terminalEnv);
      portTyped(String(server.port));
      await waitFor('the offer finished', () => input.asked.filter((entry) => entry.kind === 'confirm').length >= 2);
    } finally {
      api.setUserInput(undefined);
    }
    const findingsBefore = (await api.localSandbox()).findings().length;

    const { sandbox, event, reference } = await trigger('Bank transfer');
    assert.equal(event.url, `http://127.0.0.1:${server.port}/webhooks/wallet`);
    await waitFor(
      () => `the handler processed the event: ${output()}`,
      () => new RegExp(`processed BANK_TRANSFER SUCCESS ${reference} \\(100 kobo = NGN 1\\.00\\)`).test(output()),
    );
    assert.doesNotMatch(output(), /ignored|not kept|Error/, output());
    const requeries = sandbox.requests.list({ method: 'GET', path: `/v1/transactions/${reference}` });
    assert.deepEqual(
      requeries.map((entry) => entry.status),
      [200],
      'the handler asked the API about the transaction before its work',
    );
    await waitFor('the Events view shows it delivered', async () => {
      const node = (await eventNodes()).find((candidate) => candidate.id === event.id);
      return node && /delivered/.test(String((await api.sandboxViews.eventsTree.getTreeItem(node)).description));
    });
    assert.equal(sandbox.findings().length, findingsBefore, `no finding: ${JSON.stringify(sandbox.findings().slice(findingsBefore))}`);
  });

  it('the handler, still running, outlives Reset Sandbox to Scenario: it renews its token and processes the next test event', async () => {
    // The world as it is (the app with its key and webhook URL, the wallet) saved as the workspace's scenario, then reset to it.
    const saved = await runRecorded(api, 'walletConsole.saveSandboxAsScenario', [], scenario);
    assert.deepEqual(saved.complaints(), []);
    const reset = await runRecorded(api, 'walletConsole.resetSandboxToScenario', ['Reset Sandbox']);
    assert.deepEqual(reset.complaints(), []);
    assert.match(reset.shown.at(-1)?.text ?? '', /reset to wallet-sandbox\.json/);

    const { event, reference } = await trigger('Phone transfer');
    await waitFor(
      () => `the handler renewed its token and processed the event: ${output()}`,
      () => new RegExp(`processed PHONE_TRANSFER SUCCESS ${reference}`).test(output()),
    );
    assert.match(output(), /renewed the wallet access token/, 'its old token opened nothing in the reset world');
    const sandbox = await api.localSandbox();
    await waitFor('delivered at its first attempt', () => sandbox.event(event.id)?.state === 'delivered');
    assert.equal(sandbox.event(event.id)?.attempts.length, 1, 'acknowledged at once: kept, then processed');
  });
});
