// Runs a handler Create Webhook Handler writes as its framework runs it, with the env given (and
// nothing else of ours): Express (TypeScript compiled, JavaScript as written) behind the test's
// front server, the Next.js route compiled behind a small Node server, Flask, FastAPI with
// uvicorn, and Go built. Shared by the check's test and the inbox's (handlerInbox.test.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { Context } from 'mocha';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FRAMEWORKS, type FrameworkId } from '../../../src/webhookHandlers/frameworks';
import { handlerSource } from '../../../src/webhookHandlers/templates';
import { when } from '../support/eventually';
import { freePort } from '../support/freePort';
import { skipBecause } from '../support/skips';
import { expressCompileOptions, startFrontServer } from '../webhookHandlers/frontServer';
import { compileStrict, REPO, tempProject } from '../webhookHandlers/generated';

export const framework = (id: FrameworkId) => FRAMEWORKS.find((candidate) => candidate.id === id)!;
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

export interface RunningHandler {
  /** Where the sandbox posts to it: its framework's path on its port. */
  url: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Once its output matches `pattern` (read at each line it prints); a clear failure with its output past the bound. */
  logged(pattern: RegExp, what: string, safetyMs?: number): Promise<void>;
  stop(): void;
}

/** Starts a process and waits until `port` answers HTTP (any status) or the process says where it listens. */
async function serve(child: ChildProcess, port?: number): Promise<{ port: number; output: () => string }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  for (let tries = 0; tries < 400 && child.exitCode === null; tries++) {
    const said = /listening on (\d+)/.exec(output)?.[1];
    if (port === undefined && said) return { port: Number(said), output: () => output };
    const answers =
      port !== undefined &&
      (await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      ));
    if (answers) return { port, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the handler's server did not start: ${output}`);
}

/** The process for a framework, started in `dir` with `env` over this process's own. */
async function started(id: FrameworkId, dir: string, env: Record<string, string>, context: Context) {
  const withEnv = { ...process.env, ...env };
  if (id === 'express' || id === 'express-js') {
    if (id === 'express') {
      fs.writeFileSync(path.join(dir, 'walletWebhook.ts'), handlerSource(framework(id), REPO));
      compileStrict(dir, 'walletWebhook.ts', expressCompileOptions(dir));
    } else fs.writeFileSync(path.join(dir, 'walletWebhook.js'), handlerSource(framework(id), REPO));
    const server = await startFrontServer(dir, 0, env);
    return { child: server.process, port: server.port, output: server.output };
  }
  if (id === 'nextjs') {
    fs.writeFileSync(path.join(dir, 'route.ts'), handlerSource(framework('nextjs'), REPO));
    compileStrict(dir, 'route.ts', { module: 'commonjs', lib: ['es2022', 'dom'], types: ['node'], outDir: dir });
    fs.writeFileSync(path.join(dir, 'server.js'), NEXT_SERVER);
    const child = spawn(process.execPath, ['server.js'], { cwd: dir, env: withEnv });
    return { child, ...(await serve(child)) };
  }
  if (id === 'go') {
    if (!installed('go', ['version'])) skipBecause(context, 'no Go toolchain');
    fs.writeFileSync(path.join(dir, 'wallet_webhook.go'), handlerSource(framework('go'), REPO));
    spawnSync('go', ['build', '-o', 'handler', 'wallet_webhook.go'], { cwd: dir });
    const port = await freePort();
    const child = spawn(path.join(dir, 'handler'), [], { cwd: dir, env: { ...withEnv, PORT: String(port) } });
    return { child, ...(await serve(child, port)) };
  }
  const modules = id === 'flask' ? 'flask' : 'fastapi, uvicorn';
  const python =
    pythonWith(modules) ??
    skipBecause(context, `${id === 'flask' ? 'Flask' : 'FastAPI or uvicorn'} is not installed for python3`, {
      installedBySetup: SETUP_INSTALLS_PYTHON_FRAMEWORKS,
    });
  fs.writeFileSync(path.join(dir, 'wallet_webhook.py'), handlerSource(framework(id), REPO));
  const port = await freePort();
  const args = id === 'flask' ? ['-m', 'flask', '--app', 'wallet_webhook', 'run'] : ['-m', 'uvicorn', 'wallet_webhook:app'];
  const child = spawn(python, [...args, '--port', String(port)], { cwd: dir, env: withEnv });
  return { child, ...(await serve(child, port)) };
}

/** The framework's generated handler, running with `env`; a skip that says why where its runtime is not installed. */
export async function runHandler(id: FrameworkId, env: Record<string, string>, context: Context): Promise<RunningHandler> {
  const dir = tempProject(`run-${id}`);
  const { child, port, output } = await started(id, dir, env, context);
  const logged = async (pattern: RegExp, what: string, safetyMs = 30_000): Promise<void> => {
    await when(
      (listener) => {
        for (const stream of [child.stdout, child.stderr]) stream?.on('data', listener);
        return () => {
          for (const stream of [child.stdout, child.stderr]) stream?.off('data', listener);
        };
      },
      () => (pattern.test(output()) ? true : undefined),
      () => `${what}: ${output()}`,
      safetyMs,
    );
  };
  const stop = () => {
    child.stdin?.end();
    child.kill();
  };
  return { url: `http://127.0.0.1:${port}${framework(id).path}`, child, output, logged, stop };
}
