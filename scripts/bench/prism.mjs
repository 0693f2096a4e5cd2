// Prism (@stoplight/prism-cli), a well-known mock server, serving the sandbox's own OpenAPI
// document: the yardstick for the sandbox's throughput. Runs in its own process group, on the
// server core when one is given, and is killed with this process.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HostError, killGroup, onShutdown, repoRoot } from '../host/util.mjs';

const require = createRequire(import.meta.url);

/** A port free on loopback now (the server under test is told it on its command line). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `prism mock` on src/sandbox/openapi.json, with the example answer of each
 * `examples` entry ({ 'GET /path': body }) replaced by the given body, so Prism sends the
 * same bytes the sandbox does. Resolves with { url, version, stop() } once it answers `probe`.
 */
export async function startPrism({ examples = {}, probe, headers = {}, cpus }) {
  const document = JSON.parse(readFileSync(path.join(repoRoot, 'src', 'sandbox', 'openapi.json'), 'utf8'));
  for (const [operation, body] of Object.entries(examples)) {
    const [method, route] = operation.split(' ');
    document.paths[route][method.toLowerCase()].responses['200'].content['application/json'].example = body;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-console-bench-prism-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const cli = path.join(path.dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
  const version = JSON.parse(readFileSync(require.resolve('@stoplight/prism-cli/package.json'), 'utf8')).version;
  const port = await freePort();
  const args = [cli, 'mock', file, '--host', '127.0.0.1', '--port', String(port), '--verboseLevel', 'error'];
  const command = cpus ? 'taskset' : process.execPath;
  const child = spawn(command, cpus ? ['-c', cpus, process.execPath, ...args] : args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const stop = () => {
    unregister();
    killGroup(child.pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  const unregister = onShutdown(stop);
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      stop();
      throw new HostError(`Prism exited during start-up (code ${child.exitCode}): ${stderr.trim()}`);
    }
    const answer = await fetch(`${url}${probe}`, { headers }).catch(() => undefined);
    if (answer?.ok) {
      await answer.arrayBuffer();
      return { url, version, stop };
    }
    if (Date.now() > until) {
      stop();
      throw new HostError(`Prism did not answer ${probe} within 60 s${answer ? ` (last status ${answer.status})` : ''}: ${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
