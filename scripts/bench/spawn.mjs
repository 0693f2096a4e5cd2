// The spawn group of `npm run bench` (issue 27): how long a test harness or a CI step waits from
// starting a mock server's process to the server saying it is ready, side by side in one run:
// `wallet-sandbox --port 0 --json` (its one JSON line) against a bare Node process that starts a
// node:http server and prints a line once it listens (the floor), Prism (`prism mock` of the
// sandbox's OpenAPI document, "Prism is listening") and the Mockoon CLI (`mockoon-cli start` on an
// environment with the same operations, "Server started"). Each is run by this Node (npx would add
// npm's own start-up to all alike), one process at a time, in rotating order; after its signal
// each must answer a request.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { HostError, groupAlive, killGroup, onShutdown, repoRoot } from '../host/util.mjs';
import { log, median } from './log.mjs';
import { writeEnvironment } from './mockoon-environment.mjs';
import { packSandbox } from './package.mjs';

const require = createRequire(import.meta.url);
const ROUNDS = 9;
const PROBE = '/v1/queries/banks';

function packageVersion(name) {
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
}

/** A port free on loopback now (the peers are told theirs on their command line). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The floor: Node starting, a node:http server listening, a line saying where. */
const BARE_NODE = `const server = require('node:http').createServer((req, res) => res.end('{}'));
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: 'http://127.0.0.1:' + server.address().port })));`;

/** The JSON line the sandbox and the bare process print names the port they picked. */
const jsonLine = (line) => (line.startsWith('{') ? JSON.parse(line).url : undefined);

/** The four servers: how each is started and the line on its stdout that says it is ready. */
async function contenders(environment) {
  await packSandbox();
  const prism = path.join(path.dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
  const mockoon = path.join(path.dirname(require.resolve('@mockoon/cli/package.json')), 'bin', 'run.js');
  const document = path.join(repoRoot, 'src', 'sandbox', 'vocabulary', 'openapi.json');
  return [
    {
      name: 'wallet-sandbox',
      args: () => [path.join(repoRoot, 'out', 'wallet-sandbox', 'dist', 'cli.cjs'), '--port', '0', '--json'],
      ready: jsonLine,
    },
    { name: 'a bare Node process', args: () => ['-e', BARE_NODE], ready: jsonLine },
    {
      name: `Prism ${packageVersion('@stoplight/prism-cli')}`,
      args: (port) => [prism, 'mock', document, '--host', '127.0.0.1', '--port', String(port)],
      ready: (line, port) => (/Prism is listening on/.test(line) ? `http://127.0.0.1:${port}` : undefined),
    },
    {
      name: `Mockoon CLI ${packageVersion('@mockoon/cli')}`,
      args: (port) => [mockoon, 'start', '--data', environment, '--port', String(port), '--disable-log-to-file', '--disable-admin-api'],
      ready: (line, port) => (/Server started on port/.test(line) ? `http://127.0.0.1:${port}` : undefined),
    },
  ];
}

/** One start: spawn → its ready line (ms), then → its first answer (ms); the process group is gone when it resolves. */
async function startOnce(contender) {
  const port = await freePort();
  const begun = performance.now();
  const child = spawn(process.execPath, contender.args(port), { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const unregister = onShutdown(() => killGroup(child.pid, 'SIGKILL'));
  let output = '';
  try {
    const url = await new Promise((resolve, reject) => {
      let pending = '';
      const timer = setTimeout(() => reject(new HostError(`${contender.name} was not ready within 60 s: ${output.slice(-2000)}`)), 60_000);
      child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
      child.stdout.on('data', (chunk) => {
        output = (output + chunk).slice(-4000);
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop();
        for (const line of lines) {
          const found = contender.ready(line.trim(), port);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        }
      });
      child.on('exit', (code) => reject(new HostError(`${contender.name} exited (${code}) before it was ready: ${output.slice(-2000)}`)));
    });
    const readyMs = performance.now() - begun;
    const answer = await fetch(`${url}${PROBE}`);
    await answer.arrayBuffer();
    return { readyMs, answeredMs: performance.now() - begun, status: answer.status };
  } finally {
    killGroup(child.pid, 'SIGKILL');
    for (const until = Date.now() + 10_000; groupAlive(child.pid) && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    unregister();
  }
}

/** Spawn to ready of each server, a warm-up start each (the disk cache) and then ROUNDS rounds in rotating order. */
async function sampleStarts(servers) {
  const samples = new Map(servers.map((server) => [server.name, []]));
  for (const server of servers) await startOnce(server);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < servers.length; i++) {
      const server = servers[(round + i) % servers.length];
      samples.get(server.name).push(await startOnce(server));
    }
    log(`Spawn to ready, round ${round + 1} of ${ROUNDS}.`);
  }
  return (name) => {
    const runs = samples.get(name);
    return {
      readyMs: median(runs.map((sample) => sample.readyMs)),
      answeredMs: median(runs.map((sample) => sample.answeredMs)),
      samplesMs: runs.map((sample) => Math.round(sample.readyMs * 10) / 10),
      probeStatus: runs[0].status,
    };
  };
}

export async function spawnFigures(figures) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-console-bench-mockoon-'));
  const unregister = onShutdown(() => rmSync(dir, { recursive: true, force: true }));
  try {
    const environment = path.join(dir, 'environment.json');
    const routes = writeEnvironment(environment);
    const [ours, bare, ...peers] = await contenders(environment);
    const summary = await sampleStarts([ours, bare, ...peers]);
    const sandbox = summary(ours.name);
    const floor = summary(bare.name);
    const ms = (value) => Math.round(value).toLocaleString('en-US');
    figures.add({
      group: 'spawn',
      name: `wallet-sandbox --port 0 --json: spawn to ready ÷ a bare Node server's (${ms(sandbox.readyMs)} vs ${ms(floor.readyMs)} ms, median of ${ROUNDS})`,
      value: sandbox.readyMs / floor.readyMs,
      unit: 'ratio',
      budget: { op: '<=', limit: 1.5 },
      detail: { sandbox, bareNode: floor },
    });
    for (const peer of peers) {
      const theirs = summary(peer.name);
      figures.add({
        group: 'spawn',
        name: `${peer.name} spawn to ready ÷ wallet-sandbox's (${ms(theirs.readyMs)} vs ${ms(sandbox.readyMs)} ms)`,
        value: theirs.readyMs / sandbox.readyMs,
        unit: 'ratio',
        budget: { op: '>=', limit: 5 },
        detail: { ...theirs, sandbox, mockoonRoutes: peer.name.startsWith('Mockoon') ? routes : undefined },
      });
    }
  } finally {
    unregister();
    rmSync(dir, { recursive: true, force: true });
  }
}
