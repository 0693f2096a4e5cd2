// The bounds group of `npm run bench` (issue 35): under every abuse of the list at once
// (namespaces to their cap, faults to their cap in every world, the journal past its budget,
// generated history to its caps, deep and oversized payloads) the sandbox stays under 350 MB
// resident and answers health within 100 ms. The sandbox runs in a process of its own
// (serve.mjs); this process drives the abuse while another asks for health (healthProbe.mjs).
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HostError, onShutdown } from '../host/util.mjs';
import { MB } from './figures.mjs';
import { log } from './log.mjs';
import { startServerProcess } from './servers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEMO = ['2348000000000', '2349090000000'];
/** One call's most (bulkHistory.ts), a wallet's and the whole sandbox's. */
const PER_CALL = 10_000;
const PER_WALLET = 100_000;
/** Most of a request body the sandbox reads (64 KiB), less room for the JSON around a filler. */
const FILLER = 'x'.repeat(60_000);
/** The longest fault body the sandbox takes (http/faults.ts MAX_FAULT_BODY). */
const FAULT_BODY = 'x'.repeat(2_048);

async function send(url, method, path, { body, rawBody, headers = {} } = {}) {
  const text = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
  const answer = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers, ...(text === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: text,
  });
  const json = await answer.json().catch(() => ({}));
  return { status: answer.status, json };
}

/**
 * Health, one call after another until stopped, from a process of its own (healthProbe.mjs, on
 * this process's core): the slowest answer, how many there were, and the slowest in each phase.
 */
async function healthProbe(url) {
  const child = fork(path.join(here, 'healthProbe.mjs'), [url], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const unregister = onShutdown(() => child.kill('SIGKILL'));
  const answered = new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message.result) resolve(message.result);
      if (message.error) reject(new HostError(message.error));
    });
    child.once('exit', (code) => reject(new HostError(`The health probe exited (code ${code}).`)));
  });
  answered.catch(() => {}); // awaited by stop(); an early exit must not crash the run first
  await new Promise((resolve) => child.once('message', resolve));
  return {
    phase(name) {
      child.send({ type: 'phase', name });
    },
    async stop() {
      child.send({ type: 'stop' });
      try {
        return await answered;
      } finally {
        unregister();
      }
    },
  };
}

/** Runs `task(i)` for i in 0..count-1, `parallel` at a time; answers the statuses seen and how often. */
async function hammer(count, parallel, task) {
  const statuses = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const { status } = await task(next++);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

/** Generates `count` transactions per call on the wallet until it holds `total` (or the sandbox refuses): the statuses. */
async function generateUpTo(url, mobile, headers = {}) {
  const statuses = {};
  for (let calls = 0; calls < PER_WALLET / PER_CALL + 1; calls++) {
    const { status } = await send(url, 'POST', `/__sandbox/generate?mobile=${mobile}&count=${PER_CALL}`, { headers });
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status !== 200) break;
  }
  return statuses;
}

/** Every abuse of issue 35 in turn, on one sandbox; answers what each met (the statuses: each cap reached, then refused). */
async function abuse(url, probe, memory) {
  const met = { rssMbAfter: {} };
  const measured = async (name) => {
    met.rssMbAfter[name] = Math.round((await memory()).rss / MB);
  };
  probe.phase('namespaces');
  const keys = [];
  met.namespaces = await hammer(105, 4, async () => {
    const answer = await send(url, 'POST', '/__sandbox/namespaces');
    if (answer.status === 200) keys.push(answer.json.data.namespace.appKey);
    return answer;
  });
  const worlds = [{}, ...keys.map((key) => ({ 'X-App-Key': key }))];
  log(`Abuse: ${keys.length} namespaces; faults to the cap in each of ${worlds.length} worlds, their bodies as large as taken.`);
  await measured('namespaces');
  probe.phase('faults');
  met.faults = await hammer(worlds.length * 101, 4, (i) =>
    send(url, 'POST', '/__sandbox/faults', {
      headers: worlds[i % worlds.length],
      body: { path: `/v1/abuse/${i}/*`, status: 500, body: FAULT_BODY },
    }),
  );
  log('Abuse: the journal past its budget (every world, bodies as large as taken).');
  await measured('faults');
  probe.phase('journal');
  met.journal = await hammer(1_000, 4, (i) =>
    send(url, 'POST', '/v1/users/auth/validate', { headers: worlds[i % worlds.length], body: { mobile: DEMO[0], filler: FILLER } }),
  );
  log('Abuse: generated history to every cap (a wallet, the sandbox).');
  await measured('journal');
  probe.phase('generate');
  met.generate = {};
  for (const mobile of DEMO)
    for (const [status, n] of Object.entries(await generateUpTo(url, mobile))) met.generate[status] = (met.generate[status] ?? 0) + n;
  for (const [status, n] of Object.entries(await generateUpTo(url, DEMO[0], worlds[1])))
    met.generate[status] = (met.generate[status] ?? 0) + n;
  log('Abuse: deep and oversized payloads on the admin and wallet APIs.');
  await measured('generate');
  probe.phase('deep');
  const deep = `{"type":"vtu","amount":100,"recipient":${'{"a":'.repeat(6_000)}1${'}'.repeat(6_000)}}`;
  met.deep = await hammer(400, 4, (i) =>
    i % 2 === 0
      ? send(url, 'POST', `/__sandbox/transactions?mobile=${DEMO[1]}`, { rawBody: deep, headers: worlds[i % worlds.length] })
      : send(url, 'POST', '/v1/users/auth/validate', { rawBody: `{"mobile":${'['.repeat(30_000)}${']'.repeat(30_000)}}` }),
  );
  met.oversized = await hammer(50, 2, () => send(url, 'POST', '/__sandbox/faults', { body: { path: '/v1/x', body: 'y'.repeat(200_000) } }));
  await measured('deep');
  return met;
}

/** Adds the figures: the slowest health answer during the abuse (≤ 100 ms) and the peak resident memory (≤ 350 MB). */
export async function boundsFigures(figures) {
  const sandbox = await startServerProcess('sandbox');
  try {
    log(`Sandbox for the bounds at ${sandbox.url}: every abuse of issue 35, health asked meanwhile.`);
    const probe = await healthProbe(sandbox.url);
    const met = await abuse(sandbox.url, probe, sandbox.memory);
    const health = await probe.stop();
    const memory = await sandbox.memory();
    log(`Slowest health answer in each phase (ms): ${JSON.stringify(health.worstMsByPhase)}.`);
    log(
      `Abuse met: ${JSON.stringify(met)}; RSS ${(memory.rss / MB).toFixed(0)} MB now, ${(memory.maxRss / MB).toFixed(0)} MB at its peak.`,
    );
    figures.add({
      group: 'bounds',
      name: `Health answer, the slowest during every abuse of issue 35 (${health.answers} answers)`,
      value: health.worstMs,
      unit: 'ms',
      budget: { op: '<=', limit: 100 },
      detail: { ...health, met },
    });
    figures.add({
      group: 'bounds',
      name: 'Sandbox resident memory at its peak, every abuse of issue 35 at once',
      value: memory.maxRss,
      unit: 'bytes',
      budget: { op: '<=', limit: 350 * MB },
      detail: { ...memory, met },
    });
  } finally {
    sandbox.stop();
  }
}
