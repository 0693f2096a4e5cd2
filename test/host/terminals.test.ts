// Terminals and tasks that know the sandbox, in a real VS Code: the variables new terminals get
// in each state (local sandbox, the app key setting, another environment), read through the
// extension's test API and through a real terminal's environment; the Sandbox view's row; and
// the `wallet-sandbox` task, provided with the folder's scenario, reaching ready (a task that
// depends on it runs only once its problem matcher's end pattern matched), then terminated.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { activateExtension, setSetting } from './support/extension';
import { taskSandboxPort } from './support/ports';
import { terminateSandboxTask } from './support/sandboxSurfaces';
import { waitFor } from './support/waitFor';

/** Reads until `ok` holds for what is read, and answers that (a failure shows the last read). */
async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, what: string, ms?: number): Promise<T> {
  let last: T | undefined;
  const found = await waitFor(
    () => `${what}; last: ${JSON.stringify(last)}`,
    async () => {
      last = await read();
      return ok(last) && { value: last };
    },
    ms,
    150,
  );
  return found.value;
}

function folder(): vscode.Uri {
  const [first] = vscode.workspace.workspaceFolders ?? [];
  assert.ok(first, 'the host tests run with a workspace folder');
  return first.uri;
}

describe('Terminals that know the local sandbox', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;
  let url = '';
  const variables = async () => {
    await wallet.api.terminals.settled();
    return wallet.api.terminals.variables();
  };
  const terminalsRow = async () => {
    const tree = wallet.api.sandboxViews.sandboxTree;
    const node = (await tree.getChildren()).find((found) => found.kind === 'terminals');
    return node && (await tree.getTreeItem(node));
  };

  before(async () => {
    wallet = await connectFreshWallet('terminals');
    url = await wallet.api.sandboxUrl();
  });

  after(async () => {
    await setSetting('terminal.includeAppKey', undefined);
    await setSetting('environment', 'local');
    // Its wallet goes with it: a file after this one that starts a new world would find it
    // connected, its session gone, and a reconnect offered in the middle of its own prompts.
    await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
  });

  it('gives new terminals WALLET_BASE_URL and WALLET_DEVELOPER_URL (no app key) while the local sandbox is the environment', async () => {
    const found = await until(variables, (vars) => vars.WALLET_BASE_URL === url, 'the sandbox URL in the collection');
    assert.deepEqual(found, { WALLET_BASE_URL: url, WALLET_DEVELOPER_URL: url });
    const row = await terminalsRow();
    assert.equal(row?.label, 'Terminals get WALLET_BASE_URL');
    assert.equal(row?.description, 'and WALLET_DEVELOPER_URL');
  });

  it('a real terminal started now has them in its environment', async function () {
    if (process.platform === 'win32') this.skip();
    const out = path.join(os.tmpdir(), `wallet-terminal-${Date.now()}.txt`);
    const terminal = vscode.window.createTerminal({
      name: 'wallet env probe',
      shellPath: '/bin/sh',
      shellArgs: ['-c', `printf '%s|%s|%s' "$WALLET_BASE_URL" "$WALLET_DEVELOPER_URL" "\${WALLET_APP_KEY:-none}" > '${out}'`],
    });
    try {
      const text = await until(
        () => fs.readFile(out, 'utf8').catch(() => ''),
        (value) => value !== '',
        'the terminal to write its environment',
      );
      assert.equal(text, `${url}|${url}|none`);
    } finally {
      terminal.dispose();
      await fs.rm(out, { force: true });
    }
  });

  it('adds WALLET_APP_KEY, WALLET_ACCESS_TOKEN and WALLET_REFRESH_TOKEN (the active app’s key, the active wallet’s tokens) only with walletConsole.terminal.includeAppKey on', async () => {
    const { appKey } = await wallet.api.accounts.requireAppKey('local');
    await setSetting('terminal.includeAppKey', true);
    const found = await until(variables, (vars) => vars.WALLET_ACCESS_TOKEN !== undefined, 'the app key and token in the collection');
    const tokens = await wallet.api.accounts.store.walletSecrets('local', wallet.mobile);
    assert.deepEqual(found, {
      WALLET_BASE_URL: url,
      WALLET_DEVELOPER_URL: url,
      WALLET_APP_KEY: appKey,
      WALLET_ACCESS_TOKEN: tokens?.accessToken,
      WALLET_REFRESH_TOKEN: tokens?.refreshToken,
    });
    assert.equal((await terminalsRow())?.description, 'WALLET_DEVELOPER_URL, WALLET_APP_KEY, WALLET_ACCESS_TOKEN and WALLET_REFRESH_TOKEN');
    const token = tokens?.accessToken;
    // The token is the sandbox's: a balance call with the two secrets is answered.
    const balance = await fetch(`${url}/v1/users/balance`, { headers: { 'X-App-Key': appKey, 'X-App-Wallet-Access-Token': token! } });
    assert.equal(balance.status, 200);
    await setSetting('terminal.includeAppKey', undefined);
    assert.deepEqual(await until(variables, (vars) => vars.WALLET_APP_KEY === undefined, 'the secrets gone'), {
      WALLET_BASE_URL: url,
      WALLET_DEVELOPER_URL: url,
    });
  });

  it('clears them when the environment changes away from the local sandbox, and gives them back on return', async () => {
    await setSetting('terminal.includeAppKey', true);
    await setSetting('environment', 'staging');
    assert.deepEqual(await until(variables, (vars) => Object.keys(vars).length === 0, 'an empty collection on staging'), {});
    assert.equal(await terminalsRow(), undefined, 'no Sandbox view row on staging');
    await setSetting('environment', 'local');
    const back = await until(variables, (vars) => vars.WALLET_APP_KEY !== undefined, 'the variables back on local');
    assert.equal(back.WALLET_BASE_URL, url);
    await setSetting('terminal.includeAppKey', undefined);
  });
});

const health = (url: string) =>
  fetch(`${url}/__sandbox/health`).then(
    (res) => res.status,
    () => 0,
  );

describe('The wallet-sandbox task', function () {
  this.timeout(120_000);
  const scenario = () => vscode.Uri.joinPath(folder(), 'wallet-sandbox.json');
  const tasksJson = () => vscode.Uri.joinPath(folder(), '.vscode', 'tasks.json');
  const marker = path.join(os.tmpdir(), `wallet-task-ready-${Date.now()}.txt`);

  before(async () => {
    await vscode.workspace.fs.writeFile(
      scenario(),
      Buffer.from(JSON.stringify({ wallets: [{ mobile: '08031112222', name: 'Ada Obi', balance: 1500000 }] })),
    );
  });

  after(async () => {
    for (const execution of vscode.tasks.taskExecutions) if (execution.task.definition.type === 'wallet-sandbox') execution.terminate();
    await vscode.workspace.fs.delete(scenario()).then(undefined, () => undefined);
    await vscode.workspace.fs.delete(tasksJson()).then(undefined, () => undefined);
    await fs.rm(marker, { force: true });
  });

  it('provides "Start the wallet sandbox" as the window’s own sandbox: no process, no problem matcher, not a background task', async () => {
    const tasks = await vscode.tasks.fetchTasks({ type: 'wallet-sandbox' });
    const task = tasks.find((found) => found.name === 'Start the wallet sandbox');
    assert.ok(task, `provided: ${tasks.map((found) => found.name).join(', ')}`);
    assert.equal(task.source, 'wallet-sandbox');
    assert.deepEqual(
      task.definition,
      { type: 'wallet-sandbox' },
      'no scenario, no port: the window’s sandbox loads the folder’s scenario itself',
    );
    assert.ok(task.execution instanceof vscode.CustomExecution, 'runs in the extension, not as a process');
    assert.equal(task.isBackground, false);
    assert.deepEqual(task.problemMatchers, []);
    assert.equal(task.detail, 'This window’s local sandbox (the Sandbox, Requests and Events views show it)');
  });

  it('run while the window’s sandbox serves, it starts no second one and ends at once, so a task that dependsOn it runs', async () => {
    const api = await activateExtension();
    const url = await api.sandboxUrl();
    // As a launch configuration's preLaunchTask would: by its label, waiting for it to end.
    const tasks = {
      version: '2.0.0',
      tasks: [
        {
          label: 'after the sandbox is ready',
          type: 'process',
          command: process.execPath,
          args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ready')`],
          options: { env: { ELECTRON_RUN_AS_NODE: '1' } },
          dependsOn: ['wallet-sandbox: Start the wallet sandbox'],
        },
      ],
    };
    await vscode.workspace.fs.writeFile(tasksJson(), Buffer.from(JSON.stringify(tasks, null, 2)));
    const after = await until(
      async () => (await vscode.tasks.fetchTasks()).find((task) => task.name === 'after the sandbox is ready'),
      (task) => task !== undefined,
      'the tasks.json task',
    );
    const sandboxTaskEnded = new Promise<void>((resolve) => {
      const listener = vscode.tasks.onDidEndTask((event) => {
        if (event.execution.task.definition.type !== 'wallet-sandbox') return;
        listener.dispose();
        resolve();
      });
    });
    await vscode.tasks.executeTask(after!);
    await sandboxTaskEnded;
    assert.equal(
      await until(
        () => fs.readFile(marker, 'utf8').catch(() => ''),
        (text) => text === 'ready',
        'the dependent task',
        60_000,
      ),
      'ready',
    );
    assert.equal(await api.sandboxUrl(), url, 'the same sandbox, where it was');
    assert.equal(await health('http://127.0.0.1:4040'), 0, 'no second sandbox on 4040');
    assert.equal(
      vscode.tasks.taskExecutions.find((execution) => execution.task.definition.type === 'wallet-sandbox'),
      undefined,
      'the task ended',
    );
  });

  it('run while the window’s sandbox is stopped, it starts it where the window asks', async () => {
    const api = await activateExtension();
    const url = await api.sandboxUrl();
    await api.stopLocalSandbox();
    assert.equal(await health(url), 0, 'stopped');
    const task = (await vscode.tasks.fetchTasks({ type: 'wallet-sandbox' })).find((found) => found.name === 'Start the wallet sandbox');
    const ended = new Promise<void>((resolve) => {
      const listener = vscode.tasks.onDidEndTask((event) => {
        if (event.execution.task.definition.type !== 'wallet-sandbox') return;
        listener.dispose();
        resolve();
      });
    });
    await vscode.tasks.executeTask(task!);
    await ended;
    assert.equal(await health(url), 200, 'the window’s sandbox answers again');
    assert.equal(await api.sandboxUrl(), url, 'at the address the views show');
  });

  it('a task that names a port runs a standalone sandbox of its own, ready when it listens, gone when terminated', async () => {
    const tasks = {
      version: '2.0.0',
      tasks: [{ label: 'sandbox for CI', type: 'wallet-sandbox', scenario: 'wallet-sandbox.json', port: taskSandboxPort() }],
    };
    await vscode.workspace.fs.writeFile(tasksJson(), Buffer.from(JSON.stringify(tasks, null, 2)));
    const task = await until(
      async () => (await vscode.tasks.fetchTasks({ type: 'wallet-sandbox' })).find((found) => found.name === 'sandbox for CI'),
      (found) => found !== undefined,
      'the tasks.json task',
    );
    assert.equal(task!.isBackground, true);
    const execution = task!.execution as vscode.ProcessExecution;
    assert.match(execution.args[0]!, /dist[\\/]sandbox\.js$/);
    assert.deepEqual(execution.args.slice(1), ['--port', String(taskSandboxPort()), '--scenario', scenario().fsPath]);
    assert.equal(await health(`http://127.0.0.1:${taskSandboxPort()}`), 0, 'nothing answers on its port before the task runs');
    const running = await vscode.tasks.executeTask(task!);
    assert.equal(
      await until(
        () => health(`http://127.0.0.1:${taskSandboxPort()}`),
        (status) => status === 200,
        'the standalone sandbox',
        60_000,
      ),
      200,
    );
    await terminateSandboxTask(running);
    assert.equal(
      await until(
        () => health(`http://127.0.0.1:${taskSandboxPort()}`),
        (status) => status === 0,
        'the sandbox gone',
      ),
      0,
    );
  });

  it('marks a scenario file it cannot read with the problem matcher', async () => {
    const broken = vscode.Uri.joinPath(folder(), 'broken.wallet-sandbox.json');
    await vscode.workspace.fs.writeFile(broken, Buffer.from('{ "wallets": [ '));
    const tasks = {
      version: '2.0.0',
      tasks: [{ label: 'broken sandbox', type: 'wallet-sandbox', scenario: 'broken.wallet-sandbox.json', port: taskSandboxPort() }],
    };
    await vscode.workspace.fs.writeFile(tasksJson(), Buffer.from(JSON.stringify(tasks, null, 2)));
    try {
      const task = await until(
        async () => (await vscode.tasks.fetchTasks({ type: 'wallet-sandbox' })).find((found) => found.name === 'broken sandbox'),
        (found) => found !== undefined,
        'the tasks.json task',
      );
      await vscode.tasks.executeTask(task!);
      const problems = await until(
        () => vscode.languages.getDiagnostics(broken).filter((diagnostic) => diagnostic.source === 'wallet-sandbox'),
        (found) => found.length > 0,
        'a problem on the scenario file',
        30_000,
      );
      assert.match(problems[0]!.message, /not JSON/);
    } finally {
      await vscode.workspace.fs.delete(broken).then(undefined, () => undefined);
    }
  });
});
