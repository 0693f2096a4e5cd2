// The launch snippet the extension contributes for Node apps ("Launch Node app against the
// wallet sandbox"), in a real VS Code: read from the extension's own manifest, it names as its
// preLaunchTask a task the `wallet-sandbox` provider really provides, and its env points at the
// address that task's sandbox serves; then the snippet's configuration, launched with the
// built-in Node debugger, starts that task and its program reaches the sandbox through the
// variables. Any drift between snippet and task (a renamed task, another port) fails here.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './support/extension';
import { terminateSandboxTask, until } from './support/sandboxSurfaces';

interface Snippet {
  label: string;
  body: Record<string, unknown>;
}

/** The contributed snippet for the wallet sandbox (by its label's localization key or its text). */
function walletSnippet(): Snippet {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, 'the extension is installed');
  const debuggers = (extension.packageJSON.contributes?.debuggers ?? []) as { type: string; configurationSnippets?: Snippet[] }[];
  const snippets = debuggers.filter((found) => found.type === 'node').flatMap((found) => found.configurationSnippets ?? []);
  const snippet = snippets.find((found) => /walletSandbox|wallet sandbox/i.test(found.label));
  assert.ok(snippet, `a Node launch snippet for the wallet sandbox: ${JSON.stringify(snippets)}`);
  return snippet;
}

/**
 * The configuration VS Code inserts for the snippet, placeholders at their defaults: a string
 * starting with ^ is inserted as written (here a quoted string with snippet syntax inside).
 */
function inserted(value: unknown): unknown {
  if (typeof value === 'string' && value.startsWith('^')) {
    // The snippet's syntax first (placeholders at their defaults, \$ a plain $), then the JSON string it leaves.
    const text = value
      .slice(1)
      .replace(/(?<!\\)\$\{\d+:([^}]*)\}/g, '$1')
      .replace(/\\\$/g, '$');
    return JSON.parse(text) as string;
  }
  if (Array.isArray(value)) return value.map(inserted);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inserted(item)]));
  return value;
}

function workspaceFolder(): vscode.WorkspaceFolder {
  const [first] = vscode.workspace.workspaceFolders ?? [];
  assert.ok(first, 'the host tests run with a workspace folder');
  return first;
}

/** The provided task the preLaunchTask names (VS Code's "source: name" label) and the address its sandbox listens on. */
async function namedTask(preLaunchTask: unknown): Promise<{ task: vscode.Task; url: string }> {
  const tasks = await vscode.tasks.fetchTasks({ type: 'wallet-sandbox' });
  const task = tasks.find((found) => `${found.source}: ${found.name}` === preLaunchTask);
  assert.ok(
    task,
    `preLaunchTask "${String(preLaunchTask)}" is one of the provided tasks: ${tasks.map((found) => `${found.source}: ${found.name}`).join(', ')}`,
  );
  const args = (task.execution as vscode.ProcessExecution).args;
  const port = args[args.indexOf('--port') + 1];
  assert.match(port ?? '', /^\d+$/, `the task names its port: ${args.join(' ')}`);
  return { task, url: `http://127.0.0.1:${port}` };
}

describe('The contributed launch snippet (Node app against the wallet sandbox)', function () {
  this.timeout(120_000);
  const marker = path.join(os.tmpdir(), `wallet-launch-probe-${Date.now()}.json`);
  let program: string | undefined;

  after(async () => {
    for (const execution of vscode.tasks.taskExecutions) if (execution.task.definition.type === 'wallet-sandbox') execution.terminate();
    if (program) await fs.rm(program, { force: true });
    await fs.rm(marker, { force: true });
  });

  it('is a Node launch configuration whose preLaunchTask is the provided sandbox task and whose env is the address that task serves', async () => {
    const body = inserted(walletSnippet().body) as Record<string, unknown>;
    assert.equal(body['type'], 'node');
    assert.equal(body['request'], 'launch');
    assert.equal(body['program'], '${workspaceFolder}/index.js');
    const { task, url } = await namedTask(body['preLaunchTask']);
    assert.equal(url, 'http://127.0.0.1:4040', 'the task’s default port');
    assert.equal(task.detail, `The wallet sandbox on ${url}`, 'the task picker says where it listens');
    assert.deepEqual(body['env'], { WALLET_BASE_URL: url, WALLET_DEVELOPER_URL: url });
  });

  it('launched with the Node debugger, starts the sandbox task first, and the program reaches the sandbox through WALLET_BASE_URL and WALLET_DEVELOPER_URL', async () => {
    const folder = workspaceFolder();
    const config = inserted(walletSnippet().body) as vscode.DebugConfiguration;
    const { url } = await namedTask(config['preLaunchTask']);
    program = (config['program'] as string).replace('${workspaceFolder}', folder.uri.fsPath);
    // The app: asks the sandbox behind each variable for its health, writes what it saw.
    await fs.writeFile(
      program,
      `const fs = require('fs');
const health = (base) => fetch(base + '/__sandbox/health').then((res) => res.status, (error) => String(error));
(async () => {
  const seen = { base: process.env.WALLET_BASE_URL, developer: process.env.WALLET_DEVELOPER_URL };
  seen.baseHealth = await health(seen.base);
  seen.developerHealth = await health(seen.developer);
  fs.writeFileSync(${JSON.stringify(marker)}, JSON.stringify(seen));
})();
`,
    );
    const health = () =>
      fetch(`${url}/__sandbox/health`).then(
        (res) => res.status,
        () => 0,
      );
    assert.equal(await health(), 0, `nothing answers at ${url} before the launch`);
    const ended = new Promise<void>((resolve) => {
      const listener = vscode.debug.onDidTerminateDebugSession((session) => {
        if (session.configuration.name !== config.name) return;
        listener.dispose();
        resolve();
      });
    });
    // VS Code asks "Errors exist after running preLaunchTask" when the workspace has any error
    // marker at all, whoever made it (earlier test files leave some: the key linter's). The test
    // says go on, and checks below that the task's own matcher reported nothing.
    const debugSettings = vscode.workspace.getConfiguration('debug');
    await debugSettings.update('onTaskErrors', 'debugAnyway', vscode.ConfigurationTarget.Global);
    try {
      assert.equal(await vscode.debug.startDebugging(folder, config), true, 'the debug session started');
    } finally {
      await debugSettings.update('onTaskErrors', undefined, vscode.ConfigurationTarget.Global);
    }
    await until(
      () =>
        fs.stat(marker).then(
          () => true,
          () => false,
        ),
      'the launched program wrote what it saw',
      60_000,
    );
    const seen = JSON.parse(await fs.readFile(marker, 'utf8')) as Record<string, unknown>;
    assert.deepEqual(seen, { base: url, developer: url, baseHealth: 200, developerHealth: 200 });
    const fromTheTask = vscode.languages
      .getDiagnostics()
      .flatMap(([, diagnostics]) => diagnostics)
      .filter((diagnostic) => diagnostic.source === 'wallet-sandbox');
    assert.deepEqual(fromTheTask, [], 'the task’s problem matcher reported nothing');
    await ended;
    const running = vscode.tasks.taskExecutions.find((execution) => execution.task.definition.type === 'wallet-sandbox');
    assert.ok(running, 'the preLaunchTask (a background task) is still running');
    await terminateSandboxTask(running);
    await until(async () => (await health()) === 0, 'the sandbox task stopped');
  });
});
