// Every handler Create Webhook Handler writes passes Check My Webhook Handler (production's
// disorder included: copies at once, an older PENDING late, the webhook first, a reversal), run as
// its framework runs it, with the env the check prints: Express (TypeScript compiled, JavaScript as
// written) and the Next.js route (compiled, behind a small Node server) always; Flask, FastAPI and
// Go where their runtime is installed, else a skip that says why (under CI=true, a failure for
// Flask and FastAPI: npm test's set-up installs them).
import * as assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { checkWebhookHandler, newCheckApp, type CheckCredentials } from '../../../src/sandbox/webhookCheck';
import { FRAMEWORKS, type FrameworkId } from '../../../src/webhookHandlers/frameworks';
import { handlerSource } from '../../../src/webhookHandlers/templates';
import { when } from '../support/eventually';
import { skipBecause } from '../support/skips';
import { expressCompileOptions, startFrontServer } from '../webhookHandlers/frontServer';
import { compileStrict, removeTempProjects, tempProject } from '../webhookHandlers/generated';
import { freePort } from '../support/freePort';

const framework = (id: FrameworkId) => FRAMEWORKS.find((candidate) => candidate.id === id)!;
const installed = (command: string, args: string[]) => spawnSync(command, args).status === 0;
/** Where npm test's set-up puts the Python frameworks: Debian's python3 (scripts/host/setup.mjs). */
const SETUP_INSTALLS_PYTHON_FRAMEWORKS = 'npm test (scripts/host/setup.mjs --packages: python3-flask, python3-fastapi, python3-uvicorn)';

/** The first python3 that imports `modules`: the one on PATH (a pyenv or venv), else Debian's, where the set-up installs them. */
function pythonWith(modules: string): string | undefined {
  return ['python3', '/usr/bin/python3'].find((python) => installed(python, ['-c', `import ${modules}`]));
}

/** Serves the compiled Next.js route (route.js) with Node's own Request and Response, as Next.js calls it. */
const NEXT_SERVER = `
const http = require('node:http');
const { POST } = require('./route.js');
const server = http.createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  const answer = await POST(new Request('http://127.0.0.1' + req.url, { method: 'POST', headers: { 'content-type': req.headers['content-type'] || '' }, body }));
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(await answer.text());
});
server.listen(0, '127.0.0.1', () => console.log('listening on ' + server.address().port));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

/** Starts a process and waits until `port` answers HTTP (any status) or the process says where it listens. */
async function serve(child: ChildProcess, port?: number): Promise<{ port: number; output: () => string }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  for (let tries = 0; tries < 400 && child.exitCode === null; tries++) {
    const said = /listening on (\d+)/.exec(output)?.[1];
    if (port === undefined && said) return { port: Number(said), output: () => output };
    if (
      port !== undefined &&
      (await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      ))
    )
      return { port, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the handler's server did not start: ${output}`);
}

describe('webhook check: every generated handler passes it', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let credentials: CheckCredentials;
  let env: Record<string, string>;
  const children: ChildProcess[] = [];

  before(async () => {
    sandbox = await startSandbox({ port: 0, log: () => undefined });
    credentials = await newCheckApp(sandbox.url);
    env = { WALLET_BASE_URL: sandbox.url, WALLET_APP_KEY: credentials.appKey, WALLET_ACCESS_TOKEN: credentials.accessToken };
  });
  after(async () => {
    for (const child of children) child.kill();
    await sandbox.close();
    removeTempProjects();
  });

  async function passes(id: FrameworkId, port: number, output: () => string, child: ChildProcess): Promise<void> {
    const handlerUrl = `http://127.0.0.1:${port}${framework(id).path}`;
    const report = await checkWebhookHandler({ handlerUrl, sandboxUrl: sandbox.url, credentials });
    assert.deepEqual(
      report.cases.filter((row) => !row.passed && !row.advisory).map((row) => `${row.name}: ${row.why}`),
      [],
      output(),
    );
    assert.equal(report.passed, true);
    const row = (name: string) => report.cases.find((one) => one.name === name)!;
    assert.equal(row('forgery').requeried, true);
    // Production's disorder: of three copies at once one went on to the work (the key is claimed
    // before the requery); the reversal was requeried, not taken for a duplicate of the SUCCESS.
    assert.match(row('concurrent').why, /requeried once: one copy went on to the work/, output());
    assert.deepEqual([row('before-answer').requeried, row('reversal').requeried], [true, true]);
    // A handler cannot requery a transfer it never heard of: the one case it does not pass is the app's note.
    assert.deepEqual(
      report.cases.filter((one) => one.advisory).map((one) => [one.name, one.passed]),
      [['never-sent', false]],
    );
    // The forged reference was requeried and ignored, the real ones processed (the reversal too), the
    // older PENDING acknowledged without work: once its log says so.
    const logged = () =>
      /ignored BANK_TRANSFER/.test(output()) &&
      /processed PHONE_TRANSFER SUCCESS/.test(output()) &&
      /processed BANK_TRANSFER FAILED/.test(output()) &&
      /PENDING BANK_TRANSFER \w+: not a final status/.test(output());
    await when(
      (listener) => {
        for (const stream of [child.stdout, child.stderr]) stream?.on('data', listener);
        return () => {
          for (const stream of [child.stdout, child.stderr]) stream?.off('data', listener);
        };
      },
      () => (logged() ? true : undefined),
      () => `the handler logged what it ignored and processed: ${output()}`,
      30_000,
    );
    assert.match(output(), /ignored BANK_TRANSFER/, output());
    assert.match(output(), /processed PHONE_TRANSFER SUCCESS/, output());
    assert.doesNotMatch(output(), /processed BANK_TRANSFER PENDING/, 'an older PENDING never reaches the work');
  }

  for (const id of ['express', 'express-js'] as const) {
    it(`Express (${id === 'express' ? 'TypeScript' : 'JavaScript'})`, async () => {
      const dir = tempProject(`check-${id}`);
      if (id === 'express') {
        fs.writeFileSync(path.join(dir, 'walletWebhook.ts'), handlerSource(framework(id)));
        compileStrict(dir, 'walletWebhook.ts', expressCompileOptions(dir));
      } else fs.writeFileSync(path.join(dir, 'walletWebhook.js'), handlerSource(framework(id)));
      const server = await startFrontServer(dir, 0, env);
      children.push(server.process);
      await passes(id, server.port, server.output, server.process);
    });
  }

  it('Next.js route handler', async () => {
    const dir = tempProject('check-next');
    fs.writeFileSync(path.join(dir, 'route.ts'), handlerSource(framework('nextjs')));
    compileStrict(dir, 'route.ts', { module: 'commonjs', lib: ['es2022', 'dom'], types: ['node'], outDir: dir });
    fs.writeFileSync(path.join(dir, 'server.js'), NEXT_SERVER);
    const child = spawn(process.execPath, ['server.js'], { cwd: dir, env: { ...process.env, ...env } });
    children.push(child);
    const { port, output } = await serve(child);
    await passes('nextjs', port, output, child);
  });

  it('Flask (where Flask is installed)', async function () {
    const python =
      pythonWith('flask') ??
      skipBecause(this, 'Flask is not installed for python3', { installedBySetup: SETUP_INSTALLS_PYTHON_FRAMEWORKS });
    const dir = tempProject('check-flask');
    fs.writeFileSync(path.join(dir, 'wallet_webhook.py'), handlerSource(framework('flask')));
    const port = await freePort();
    const child = spawn(python, ['-m', 'flask', '--app', 'wallet_webhook', 'run', '--port', String(port)], {
      cwd: dir,
      env: { ...process.env, ...env },
    });
    children.push(child);
    const server = await serve(child, port);
    await passes('flask', server.port, server.output, child);
  });

  it('FastAPI (where FastAPI and uvicorn are installed)', async function () {
    const python =
      pythonWith('fastapi, uvicorn') ??
      skipBecause(this, 'FastAPI or uvicorn is not installed for python3', { installedBySetup: SETUP_INSTALLS_PYTHON_FRAMEWORKS });
    const dir = tempProject('check-fastapi');
    fs.writeFileSync(path.join(dir, 'wallet_webhook.py'), handlerSource(framework('fastapi')));
    const port = await freePort();
    const child = spawn(python, ['-m', 'uvicorn', 'wallet_webhook:app', '--port', String(port)], {
      cwd: dir,
      env: { ...process.env, ...env },
    });
    children.push(child);
    const server = await serve(child, port);
    await passes('fastapi', server.port, server.output, child);
  });

  it('Go net/http (where Go is installed)', async function () {
    if (!installed('go', ['version'])) skipBecause(this, 'no Go toolchain');
    const dir = tempProject('check-go');
    fs.writeFileSync(path.join(dir, 'wallet_webhook.go'), handlerSource(framework('go')));
    spawnSync('go', ['build', '-o', 'handler', 'wallet_webhook.go'], { cwd: dir });
    const port = await freePort();
    const child = spawn(path.join(dir, 'handler'), [], { cwd: dir, env: { ...process.env, ...env, PORT: String(port) } });
    children.push(child);
    const server = await serve(child, port);
    await passes('go', server.port, server.output, child);
  });
});
