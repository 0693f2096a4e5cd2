// The Developer view's app list in a real VS Code (issue 27): the apps GET /v1/apps lists for the
// signed-in developer, with the keys added here kept; an app made elsewhere is listed and takes
// its key with one prompt; a server that does not answer the call (404) leaves the list as it was.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WalletConsoleApi } from '../../src/extensionApi';
import type { DeveloperNode } from '../../src/views/developerTree';
import { activateExtension, runScripted, setSetting, uniqueEmail } from './support/extension';
import { extensionErrorsInLog, hostLogFiles } from './support/hostLog';
import { waitFor } from './support/waitFor';
import { queryWorkbench, workbenchDomAvailable } from './support/workbenchDom';

// The editor remembers apps per environment (not per developer): other tests' apps may be in the
// list too, so this test's apps carry a tag and only those rows are compared.
const TAG = Math.random().toString(36).slice(2, 7);
const named = (name: string) => `${name} ${TAG}`;
const HAND_KEY = 'sk_test_0123456789abcdef0123456789abcdef';
const OTHER_HAND_KEY = 'sk_test_fedcba9876543210fedcba9876543210';

function text(value: string | boolean | vscode.TreeItemLabel | vscode.MarkdownString | undefined): string {
  if (value === undefined || typeof value === 'boolean') return '';
  if (typeof value === 'string') return value;
  return 'label' in value ? value.label : value.value;
}

/** The Apps item and its children as the view draws them. */
async function appRows(api: WalletConsoleApi): Promise<{ apps: vscode.TreeItem; rows: vscode.TreeItem[]; all: vscode.TreeItem[] }> {
  const tree = api.views.developerTree;
  const root = await tree.getChildren();
  const appsNode = root.find((node): node is DeveloperNode => node.kind === 'apps');
  assert.ok(appsNode, 'the view has its Apps item');
  const apps = tree.getTreeItem(appsNode);
  const all = (await tree.getChildren(appsNode)).map((node) => tree.getTreeItem(node));
  const rows = all.filter((row) => text(row.label).endsWith(` ${TAG}`));
  return { apps, rows, all };
}

describe('Developer view: the apps the server lists', function () {
  this.timeout(60_000);
  let api: WalletConsoleApi;
  let elsewhere: { _id: string; sandboxKey: string };

  before(async () => {
    api = await activateExtension();
    await setSetting('environment', 'local');
    const email = uniqueEmail('apps');
    const password = `pw-${Math.random().toString(36).slice(2)}-Secret!`;
    await runScripted(api, 'walletConsole.signUp', [email, password, password]);
    await runScripted(api, 'walletConsole.createApp', [named('Created here')]);
    // An app the same developer made elsewhere (another machine, a script): the server has it, this editor does not.
    const loginToken = (await api.accounts.store.developerSecrets('local'))?.loginToken;
    assert.ok(loginToken);
    const made = await fetch(`${await api.sandboxUrl()}/v1/apps`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${loginToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: named('Made elsewhere') }),
    });
    elsewhere = ((await made.json()) as { data: { app: { _id: string; sandboxKey: string } } }).data.app;
    await runScripted(api, 'walletConsole.addAppKey', [named('Added by hand'), HAND_KEY]);
  });

  after(async () => {
    const sandbox = await api.localSandbox();
    sandbox.clearFaults();
  });

  it('lists the server’s apps, the one made elsewhere too, and keeps the key added by hand', async () => {
    const { apps, rows } = await appRows(api);
    assert.deepEqual(
      rows.map((row) => [text(row.label), row.contextValue, text(row.description)]),
      [
        [named('Created here'), 'app', ''],
        [named('Made elsewhere'), 'app.listed', 'no key here'],
        [named('Added by hand'), 'app.active', 'active · key added by hand'],
      ],
    );
    const { all } = await appRows(api);
    assert.equal(apps.description, String(all.length));
    assert.match(text(apps.tooltip), /lists for you, and the keys you added here/);
    const listed = rows[1]!;
    assert.equal(listed.command?.command, 'walletConsole.addAppKey');
    // Names and ids only: no key is drawn anywhere in the view.
    const drawn = [apps, ...all].map((item) => [text(item.label), text(item.description), text(item.tooltip)].join('\n')).join('\n');
    for (const key of [HAND_KEY, elsewhere.sandboxKey]) assert.ok(!drawn.includes(key), 'a key in the view');
  });

  it('a listed app takes its key with one prompt, and is then listed once, with the key in secret storage', async () => {
    const { rows } = await appRows(api);
    const listed = rows.find((row) => text(row.label) === named('Made elsewhere'));
    const run = await runScripted(api, 'walletConsole.addAppKey', [elsewhere.sandboxKey], ...(listed?.command?.arguments ?? []));
    assert.equal(run.asked.length, 1, 'only the key is asked: the name and id are the server’s');
    assert.equal(api.accounts.activeApp('local')?.id, elsewhere._id);
    assert.equal((await api.accounts.store.appSecrets('local', elsewhere._id))?.sandboxKey, elsewhere.sandboxKey);
    const after = await appRows(api);
    assert.deepEqual(
      after.rows.map((row) => text(row.label)),
      [named('Created here'), named('Made elsewhere'), named('Added by hand')],
    );
    assert.equal(after.rows[1]!.contextValue, 'app.active');
    await api.accounts.listBanks('local');
  });

  it('a server that answers GET /v1/apps with 404 keeps every remembered app, and says why', async () => {
    const sandbox = await api.localSandbox();
    sandbox.addFault({ method: 'GET', path: '/v1/apps', status: 404 });
    // A new remembered app makes the view read the list again.
    await runScripted(api, 'walletConsole.addAppKey', [named('Second by hand'), OTHER_HAND_KEY]);
    const { apps, rows } = await appRows(api);
    assert.deepEqual(
      rows.map((row) => text(row.label)),
      [named('Created here'), named('Added by hand'), named('Made elsewhere'), named('Second by hand')],
    );
    assert.ok(
      rows.every((row) => row.contextValue !== 'app.listed'),
      'nothing only the server had',
    );
    assert.match(text(apps.tooltip), /does not list apps/);
  });
});

describe('Developer view: Sign Up and Create App show what they made', function () {
  this.timeout(90_000);

  /** The classes of the element that has the keyboard focus in the workbench. */
  const focused = async () => (await queryWorkbench(':focus')).map((element) => element.attributes['class'] ?? '').join(' ');
  /** The text of the workbench's selected list rows (the view as the user sees it). */
  const selectedRows = async () => (await queryWorkbench('.monaco-list-row.selected')).map((element) => element.text);
  // The editor's own input: a textarea (inputarea) on 1.100, an EditContext element on newer VS Code.
  const EDITOR_INPUT = /inputarea|native-edit-context/;
  const email = uniqueEmail('reveal');
  const password = `pw-${Math.random().toString(36).slice(2)}-Secret!`;

  it('reveals and selects the new account, then the new app, with the keyboard focus left in the editor', async function () {
    if (!workbenchDomAvailable()) this.skip();
    const api = await activateExtension();
    await setSetting('environment', 'local');
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'typing here' }));
    const view = api.views.developerView;
    await waitFor('the Developer view hidden', () => !view.visible);
    // Focus lands a moment after the editor opens (later on 1.139 than on 1.100): wait for it, then test.
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await waitFor('the editor has the focus before', async () => EDITOR_INPUT.test(await focused()));

    await runScripted(api, 'walletConsole.signUp', [email, password, password]);
    await waitFor('the account revealed and selected', () => view.visible && view.selection[0]?.kind === 'developer');
    await waitFor('the account’s row selected on screen', async () => (await selectedRows()).some((row) => row.includes(email)));
    assert.match(await focused(), EDITOR_INPUT, 'the editor keeps the focus after Sign Up');

    await runScripted(api, 'walletConsole.createApp', [named('Revealed')]);
    const appId = api.accounts.activeApp('local')?.id;
    await waitFor('the new app revealed and selected', () => {
      const selected = view.selection[0];
      return selected?.kind === 'app' && selected.appId === appId;
    });
    await waitFor('the app’s row selected on screen', async () => (await selectedRows()).some((row) => row.includes(named('Revealed'))));
    assert.match(await focused(), EDITOR_INPUT, 'the editor keeps the focus after Create App');
    assert.equal(vscode.window.activeTextEditor, editor);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('leaves no tree error in VS Code’s log while the open view follows account changes', async function () {
    if (!workbenchDomAvailable()) this.skip();
    const api = await activateExtension();
    const view = api.views.developerView;
    await setSetting('environment', 'local');
    await runScripted(api, 'walletConsole.createApp', [named('Shown')]);
    await waitFor('the new app revealed', () => view.visible && view.selection[0]?.kind === 'app');
    const apps = (await api.views.developerTree.getChildren({ kind: 'apps' })).flatMap((node) => (node.kind === 'app' ? [node.appId] : []));
    // What made VS Code ask for the children of an Apps item it had just dropped: the view drawn
    // again as it opens (after a reveal, a click on the activity bar) while account changes arrive.
    for (let round = 0; round < 4; round++) {
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await waitFor('the Developer view hidden', () => !view.visible);
      const changes = (async () => {
        // Spread over several of VS Code's 200 ms refresh batches, while the view opens: the pause is
        // the race's set-up (the load the test applies), not a wait for a state.
        for (let change = 0; change < 12; change++) {
          await api.accounts.selectApp('local', apps[change % apps.length]!);
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
      })();
      await vscode.commands.executeCommand('workbench.view.extension.walletConsole');
      await changes;
      await setSetting('environment', 'staging');
      await setSetting('environment', 'local');
      await runScripted(api, 'walletConsole.signOut', []);
      await runScripted(api, 'walletConsole.signIn', [email, password]);
      await runScripted(api, 'walletConsole.createApp', [named(`Churn app ${round}`)]);
    }
    await api.views.developerTree.settled();
    await waitFor('the last app revealed', () => view.selection[0]?.kind === 'app');

    const errors = await treeErrorsInHostLog(api);
    assert.deepEqual(errors.found, [], 'VS Code logged tree errors for the Developer view');
    assert.ok(errors.read > 0, 'the extension host log was read');
  });
});

/**
 * The errors VS Code's extension host logged about the Developer view's items ("No tree item with
 * id '1/walletConsole.apps' found", a reveal that could not resolve its item). The host's log sits
 * beside the extension's own log folder and is read once the view has settled; a line VS Code
 * writes later still fails the run, where the launcher reads every log once more after the last
 * test (scripts/host/run-tests.mjs), so no pause is needed here.
 */
async function treeErrorsInHostLog(api: WalletConsoleApi): Promise<{ read: number; found: string[] }> {
  const files = hostLogFiles(path.dirname(api.storagePaths.logs));
  const found: string[] = [];
  let read = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    read += text.length;
    found.push(...extensionErrorsInLog(text).filter((entry) => /tree item|tree node|walletConsole\.developer/i.test(entry)));
  }
  return { read, found };
}
