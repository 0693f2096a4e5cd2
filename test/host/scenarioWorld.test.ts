// The workspace's scenario and the local sandbox in a real VS Code (issue 27): the sandbox starts
// in wallet-sandbox.json's world when its state is new, keeps a saved world (and says how to
// replace it), starts without a bad file (naming the JSON path), Save Sandbox as Scenario writes
// a file that loads back, and Reset Sandbox to Scenario replaces the world only when asked.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WalletConsoleApi } from '../../src/extensionApi';
import { activateExtension } from './support/extension';
import { RecordingInput, runRecorded } from './support/recordingInput';
import { DEFAULT, ScriptedInput } from './support/scriptedInput';
import { WAIT_MS, waitFor } from './support/waitFor';

const KEY = 'sk_test_editor_scenario_0001';
const MOBILE = '2348031119999';
const BALANCE = 2_500_000;

const SCENARIO = {
  seed: 27,
  developers: [
    {
      email: 'editor@example.ng',
      password: 'editor-scenario',
      apps: [{ name: 'editor-shop', sandboxKey: KEY, callbackURL: 'http://127.0.0.1:9/hooks', wallets: [MOBILE] }],
    },
  ],
  wallets: [{ mobile: MOBILE, name: 'Ngozi Eze', passcode: '272727', balance: BALANCE, transactions: 3 }],
  bankAccounts: [{ bankCode: '000014', accountNumber: '0123456789', accountName: 'EDITOR STORES LTD' }],
};

/** The sandbox's state files (the snapshot, its append logs, its owner file) in global storage. */
async function stateFiles(dir: string): Promise<string[]> {
  return (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => /^\.?sandbox-state\.json/.test(name));
}

/** Every field of every transaction of MOBILE, as the API answers (signed in with the scenario's fixed passcode). */
async function transactions(url: string): Promise<unknown[]> {
  const post = async (path: string, body: unknown) =>
    (await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Key': KEY },
      body: JSON.stringify(body),
    }).then((answer) => answer.json())) as { data: Record<string, unknown> };
  await post('/v1/users/auth/validate', { mobile: MOBILE });
  await post('/v1/users/auth', { mobile: MOBILE, factor: 'sms' });
  const signedIn = await post('/v1/users/auth', { mobile: MOBILE, factor: 'sms', passcode: '272727' });
  const answer = await fetch(`${url}/v1/transactions?limit=100`, {
    headers: { 'X-App-Key': KEY, 'X-App-Wallet-Access-Token': String(signedIn.data['accessToken']) },
  });
  assert.equal(answer.status, 200);
  return ((await answer.json()) as { data: { transactions: unknown[] } }).data.transactions;
}

describe('The workspace scenario and the local sandbox', function () {
  this.timeout(120_000);
  let api: WalletConsoleApi;
  let file: vscode.Uri;
  let saved: string;
  let storage: string;

  const write = (scenario: unknown) => fs.writeFile(file.fsPath, `${JSON.stringify(scenario, null, 2)}\n`);
  /** The local sandbox started again, with a RecordingInput for what it says while starting. */
  const restart = async <T extends ScriptedInput>(input: T) => {
    api.setUserInput(input);
    try {
      await api.stopLocalSandbox();
      // What the start says about the scenario is said before localSandbox() resolves (LocalSandbox.tell
      // runs inside the start), so `input` already holds it, or holds that nothing was said.
      const sandbox = await api.localSandbox();
      return { sandbox, input };
    } finally {
      api.setUserInput(undefined);
    }
  };

  before(async () => {
    api = await activateExtension();
    const [folder] = vscode.workspace.workspaceFolders ?? [];
    assert.ok(folder, 'the host tests run with a workspace folder');
    file = vscode.Uri.joinPath(folder.uri, 'wallet-sandbox.json');
    storage = api.storagePaths.globalStorage;
    // The world the other tests made is put aside, and put back after: a new state file here.
    await api.stopLocalSandbox();
    saved = await fs.mkdtemp(path.join(os.tmpdir(), 'sandbox-state-'));
    for (const name of await stateFiles(storage)) await fs.rename(path.join(storage, name), path.join(saved, name));
    await write(SCENARIO);
  });

  after(async () => {
    api.setUserInput(undefined);
    await api.stopLocalSandbox();
    for (const name of await stateFiles(storage)) await fs.rm(path.join(storage, name), { force: true });
    for (const name of await fs.readdir(saved)) await fs.rename(path.join(saved, name), path.join(storage, name));
    await fs.rm(saved, { recursive: true, force: true });
    await fs.rm(file.fsPath, { force: true });
  });

  it("starts a new sandbox in the scenario's world: its app key, wallet, balance and bank account", async () => {
    const { sandbox, input } = await restart(new RecordingInput());
    // First, so a start that did not load the file says why (kept a world, the file invalid, or nothing: not found).
    assert.deepEqual(input.shown, [], 'a scenario that loaded needs no notice');
    assert.deepEqual(
      sandbox.scenario?.apps.map((app) => [app.name, app.sandboxKey]),
      [['editor-shop', KEY]],
    );
    assert.equal(sandbox.balance(MOBILE), BALANCE);
    const banks = await fetch(`${sandbox.url}/v1/queries/banks`, { headers: { 'X-App-Key': KEY } });
    assert.equal(banks.status, 200, 'the scenario key opens the API');
  });

  it('keeps a saved world at the next start, and says how to replace it', async () => {
    (await api.localSandbox()).setBalance(MOBILE, 1_00);
    const { sandbox, input } = await restart(new RecordingInput());
    assert.equal(sandbox.balance(MOBILE), 1_00, "the user's world never silently disappears");
    const notice = input.shown.find((message) => message.where === 'info');
    assert.match(notice?.text ?? '', /kept its saved world: wallet-sandbox\.json seeds only a new sandbox\. Reset Sandbox to Scenario/);
  });

  it('Save Sandbox as Scenario writes the world as it is now, opens it, and the bundled schema helps with no network', async () => {
    const target = vscode.Uri.file(path.join(saved, 'saved.wallet-sandbox.json'));
    const run = await runRecorded(api, 'walletConsole.saveSandboxAsScenario', [], target);
    assert.deepEqual(run.complaints(), []);
    assert.deepEqual(
      run.shown.map((message) => message.text),
      ['Saved the sandbox’s world to ' + vscode.workspace.asRelativePath(target, false) + '.'],
      'one sentence',
    );
    const written = JSON.parse(await fs.readFile(target.fsPath, 'utf8')) as typeof SCENARIO & { $schema?: string };
    assert.equal(written.$schema, undefined, 'no address for VS Code to fetch: the contributed schema applies by the name');
    const app = written.developers.find((d) => d.email === 'editor@example.ng')?.apps[0];
    assert.equal(app?.sandboxKey, KEY);
    assert.equal(app?.callbackURL, 'http://127.0.0.1:9/hooks');
    assert.equal(written.developers[0]?.password, 'editor-scenario', 'the password the scenario gave');
    assert.equal(written.wallets.find((w) => w.mobile === MOBILE)?.balance, 1_00, 'the balance as it is now');
    assert.deepEqual(written.bankAccounts, SCENARIO.bankAccounts);

    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.fsPath, target.fsPath, 'the file it wrote is open');
    // The contributed schema, offline: hover on "seed" gives its description, completion offers the format's fields.
    const seedAt = editor!.document.positionAt(editor!.document.getText().indexOf('"seed"') + 2);
    // The JSON language server starts on the first JSON file: ask until it answers.
    const hover = await waitFor(
      'the schema\'s description of "seed" on hover',
      async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', target, seedAt);
        const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join(' ');
        return /same seed gives the same names/.test(text) ? text : undefined;
      },
      WAIT_MS,
      250,
    );
    assert.ok(hover, 'the schema describes "seed"');
    await editor!.edit((edit) => edit.insert(new vscode.Position(1, 0), '  \n'));
    const completion = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      target,
      new vscode.Position(1, 2),
    );
    const labels = completion.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    assert.ok(
      labels.some((label) => /faults|tokenLifetimeSeconds/.test(label)),
      `completion offers the scenario's fields: ${labels.join(', ')}`,
    );
    const problems = vscode.languages.getDiagnostics(target).map((d) => d.message);
    assert.deepEqual(
      problems.filter((message) => /schema|ENOTFOUND|resolve|load/i.test(message)),
      [],
      'nothing about a schema it could not load',
    );
    assert.deepEqual(
      vscode.languages
        .getDiagnostics(target)
        .filter((d) => d.severity === vscode.DiagnosticSeverity.Error)
        .map((d) => d.message),
      [],
    );
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Save under a name the schema does not cover: no $schema, and the sentence says which names get help', async () => {
    const target = vscode.Uri.file(path.join(saved, 'other.json'));
    const run = await runRecorded(api, 'walletConsole.saveSandboxAsScenario', [], target);
    assert.equal((JSON.parse(await fs.readFile(target.fsPath, 'utf8')) as { $schema?: string }).$schema, undefined);
    assert.match(run.shown.at(-1)?.text ?? '', /a name ending in wallet-sandbox\.json gives it completion and checks/);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('Reset Sandbox to Scenario: Enter keeps the world; Reset Sandbox loads the file as it is now', async () => {
    const kept = await runRecorded(api, 'walletConsole.resetSandboxToScenario', [DEFAULT]);
    const question = kept.asked.find((entry) => entry.kind === 'confirm');
    assert.equal(question?.title, 'Reset the local sandbox to wallet-sandbox.json?');
    assert.deepEqual(question?.buttons, ['Keep Current World', 'Reset Sandbox'], 'the default (first) button keeps the world');
    assert.equal((await api.localSandbox()).balance(MOBILE), 1_00, 'Enter reset nothing');

    // Edited since the sandbox started: the reset world is the file's as it is now.
    await write({ ...SCENARIO, wallets: [{ ...SCENARIO.wallets[0], balance: 777_00 }] });
    const reset = await runRecorded(api, 'walletConsole.resetSandboxToScenario', ['Reset Sandbox']);
    assert.deepEqual(reset.complaints(), []);
    assert.equal((await api.localSandbox()).balance(MOBILE), 777_00);
    assert.match(reset.shown.at(-1)?.text ?? '', /reset to wallet-sandbox\.json/);
  });

  it('Reset Sandbox to Scenario says which connected wallets stay connected and which sign in again, and shows one notice', async () => {
    // A file this session has not told about yet (each notice is told once per file).
    const team = vscode.Uri.joinPath(file, '..', 'team.wallet-sandbox.json');
    await fs.writeFile(team.fsPath, JSON.stringify({ ...SCENARIO, wallets: [{ ...SCENARIO.wallets[0], balance: 888_00 }] }));
    const config = vscode.workspace.getConfiguration('walletConsole');
    await config.update('sandbox.scenarioFile', 'team.wallet-sandbox.json', vscode.ConfigurationTarget.Workspace);
    try {
      const reset = await runRecorded(api, 'walletConsole.resetSandboxToScenario', ['Reset Sandbox']);
      const question = reset.asked.find((entry) => entry.kind === 'confirm');
      assert.match(question?.detail ?? '', /A connected wallet the new world also has stays connected: its next call renews its token/);
      assert.match(question?.detail ?? '', /Other wallets must sign in again/);
      assert.deepEqual(question?.buttons, ['Keep Current World', 'Reset Sandbox'], 'the default (first) button keeps the world');
      assert.deepEqual(
        reset.shown.map((message) => message.text),
        ['The local sandbox was reset to team.wallet-sandbox.json.'],
        'one notice: not also "kept its saved world"',
      );
      assert.equal((await api.localSandbox()).balance(MOBILE), 888_00);
    } finally {
      await config.update('sandbox.scenarioFile', undefined, vscode.ConfigurationTarget.Workspace);
      await fs.rm(team.fsPath, { force: true });
    }
  });

  it('Save → Reset keeps every transaction, field for field (a bill’s biller, airtime’s number), and every other field', async () => {
    const sandbox = await api.localSandbox();
    sandbox.addTransaction(MOBILE, { type: 'bills', amount: 2150_00 });
    sandbox.addTransaction(MOBILE, { type: 'vtu', amount: 500_00 });
    const before = await transactions(sandbox.url);
    assert.ok(before.length >= 5, 'the scenario’s three and the two added');

    const save = await runRecorded(api, 'walletConsole.saveSandboxAsScenario', [], file);
    assert.deepEqual(save.complaints(), []);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    const reset = await runRecorded(api, 'walletConsole.resetSandboxToScenario', ['Reset Sandbox']);
    assert.deepEqual(reset.complaints(), []);
    assert.deepEqual(await transactions((await api.localSandbox()).url), before);

    // Every other field too: the reset world saved again is the file it was reset to.
    const again = vscode.Uri.file(path.join(saved, 'again.wallet-sandbox.json'));
    assert.deepEqual((await runRecorded(api, 'walletConsole.saveSandboxAsScenario', [], again)).complaints(), []);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    const [first, second] = await Promise.all(
      [file, again].map(async (uri) => JSON.parse(await fs.readFile(uri.fsPath, 'utf8')) as { clock?: { start?: string } }),
    );
    // The clock runs on between the two saves (it is not frozen): the second starts where it had come to.
    assert.ok(Date.parse(second!.clock!.start!) >= Date.parse(first!.clock!.start!), 'the clock never goes back');
    delete first!.clock!.start;
    delete second!.clock!.start;
    assert.deepEqual(second, first);
    await fs.rm(again.fsPath, { force: true });
  });

  it('a bad scenario: the sandbox starts without it, with the JSON path and a way to the file; Reset resets nothing', async () => {
    (await api.localSandbox()).setBalance(MOBILE, 5_00);
    await write({ ...SCENARIO, wallets: [{ ...SCENARIO.wallets[0], balance: 10.5 }] });
    // A plain stand-in: it records the warning's buttons (and dismisses it).
    const { sandbox, input } = await restart(new ScriptedInput(undefined));
    assert.equal(sandbox.balance(MOBILE), 5_00, 'started, with its saved world');
    const warning = input.asked.find((entry) => entry.kind === 'confirm');
    assert.match(
      warning?.title ?? '',
      /wallet-sandbox\.json is not a valid sandbox scenario \(wallets\[0\]\.balance: must be an integer number of kobo\)/,
    );
    assert.deepEqual(warning?.buttons, ['Open Scenario'], 'the warning offers the way to the file');

    const refused = await runRecorded(api, 'walletConsole.resetSandboxToScenario', ['Reset Sandbox']);
    assert.match(refused.errors[0] ?? '', /was not reset: wallet-sandbox\.json is not a valid scenario \(wallets\[0\]\.balance/);
    assert.equal((await api.localSandbox()).balance(MOBILE), 5_00, 'the world is as it was');
  });
});
