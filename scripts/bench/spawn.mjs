// The spawn group of `npm run bench` (issue 27): how long a test harness or a CI step waits from
// starting a mock server's process to the server saying it is ready, side by side in one run:
// `wallet-sandbox --port 0 --json` (its one JSON line) against Prism (`prism mock` of the
// sandbox's OpenAPI document, "Prism is listening") and the Mockoon CLI (`mockoon-cli start`
// on scripts/bench/mockoon-environment.json, the same operations, "Server started"). Each is its
// package's CLI entry run by this Node (npx would add npm's own start-up to all three alike),
// one process at a time, in rotating order; after its signal each must answer a request.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { HostError, groupAlive, killGroup, onShutdown, repoRoot, run } from '../host/util.mjs';
import { log, median } from './log.mjs';
import { ENVIRONMENT, missingOperations } from './mockoon-environment.mjs';
import { freePort } from './prism.mjs';

const require = createRequire(import.meta.url);
const ROUNDS = 7;
const PROBE = '/v1/queries/banks';

function packageVersion(name) {
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
}

/** The environment file must serve every operation of the document, or the comparison is not like for like. */
function checkEnvironment() {
  const missing = missingOperations();
  if (missing.length)
    throw new HostError(`mockoon-environment.json lacks ${missing.join(', ')}: run node scripts/bench/mockoon-environment.mjs`);
  return JSON.parse(readFileSync(ENVIRONMENT, 'utf8')).routes.length;
}

/** The three servers: how each is started and the line on its stdout that says it is ready. */
async function contenders() {
  await run(process.execPath, [path.join(repoRoot, 'scripts', 'sandbox', 'package.mjs')], {
    cwd: repoRoot,
    timeoutMs: 2 * 60_000,
    label: 'npm run package:sandbox',
  });
  const prism = path.join(path.dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
  const mockoon = path.join(path.dirname(require.resolve('@mockoon/cli/package.json')), 'bin', 'run.js');
  const document = path.join(repoRoot, 'src', 'sandbox', 'openapi.json');
  return [
    {
      name: 'wallet-sandbox',
      args: () => [path.join(repoRoot, 'out', 'wallet-sandbox', 'dist', 'cli.cjs'), '--port', '0', '--json'],
      // The JSON line names the port it picked.
      ready: (line) => (line.startsWith('{') ? JSON.parse(line).url : undefined),
    },
    {
      name: `Prism ${packageVersion('@stoplight/prism-cli')}`,
      args: (port) => [prism, 'mock', document, '--host', '127.0.0.1', '--port', String(port)],
      ready: (line, port) => (/Prism is listening on/.test(line) ? `http://127.0.0.1:${port}` : undefined),
    },
    {
      name: `Mockoon CLI ${packageVersion('@mockoon/cli')}`,
      args: (port) => [mockoon, 'start', '--data', ENVIRONMENT, '--port', String(port), '--disable-log-to-file', '--disable-admin-api'],
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

export async function spawnFigures(figures) {
  const routes = checkEnvironment();
  const servers = await contenders();
  const samples = new Map(servers.map((server) => [server.name, []]));
  // A warm-up start of each (the disk cache), then rounds in rotating order.
  for (const server of servers) await startOnce(server);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < servers.length; i++) {
      const server = servers[(round + i) % servers.length];
      samples.get(server.name).push(await startOnce(server));
    }
    log(`Spawn to ready, round ${round + 1} of ${ROUNDS}.`);
  }
  const summary = (name) => {
    const runs = samples.get(name);
    return {
      readyMs: median(runs.map((sample) => sample.readyMs)),
      answeredMs: median(runs.map((sample) => sample.answeredMs)),
      samplesMs: runs.map((sample) => Math.round(sample.readyMs * 10) / 10),
      probeStatus: runs[0].status,
    };
  };
  const ours = summary(servers[0].name);
  figures.add({
    group: 'spawn',
    name: `wallet-sandbox --port 0 --json: spawn to the JSON line (median of ${ROUNDS})`,
    value: ours.readyMs,
    unit: 'ms',
    detail: ours,
  });
  for (const peer of servers.slice(1)) {
    const theirs = summary(peer.name);
    figures.add({
      group: 'spawn',
      name: `${peer.name} spawn to ready ÷ wallet-sandbox's (${Math.round(theirs.readyMs).toLocaleString('en-US')} vs ${Math.round(ours.readyMs)} ms)`,
      value: theirs.readyMs / ours.readyMs,
      unit: 'ratio',
      budget: { op: '>=', limit: 5 },
      detail: { ...theirs, sandbox: ours, mockoonRoutes: peer.name.startsWith('Mockoon') ? routes : undefined },
    });
  }
}
