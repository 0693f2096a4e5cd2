// The loopback benchmarks: the API client against plain fetch, and the sandbox against a bare
// node:http server. Servers run in child processes (serve.mjs); this process is the client
// and the load generator. Everything stays on 127.0.0.1 and every loop is bounded.
import { execFileSync, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { HostError, onShutdown, repoRoot } from '../host/util.mjs';
import { log, median } from './log.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The compiled API client (out/src/api), the same code the unit tests run. */
export function loadApi() {
  return require(path.join(repoRoot, 'out', 'src', 'api', 'index.js'));
}

/** The CPUs this process may run on, as taskset prints them (e.g. '0-1'), or undefined without taskset. */
function affinity(pid) {
  try {
    return /: *(\S+)\s*$/.exec(execFileSync('taskset', ['-c', '-p', String(pid)], { encoding: 'utf8' }))?.[1];
  } catch {
    return undefined;
  }
}

function pin(pid, cpus) {
  execFileSync('taskset', ['-a', '-c', '-p', cpus, String(pid)], { stdio: 'ignore' });
}

/**
 * Gives the server processes and this process (the client, the load generator) a core each,
 * so they never share one: with 2 cores, the scheduler otherwise sometimes puts both on the
 * same core, which halves one run and not the next. Returns a function that undoes it; does
 * nothing with fewer than 2 cores or without taskset.
 */
export function splitCores() {
  const original = os.availableParallelism() >= 2 ? affinity(process.pid) : undefined;
  if (!original) return { server: undefined, undo: () => {} };
  pin(process.pid, '0');
  log('Pinned the client and load generator to CPU 0 and the servers to CPU 1 (taskset).');
  return { server: '1', undo: () => pin(process.pid, original) };
}

/** How many idle full collections settle a server before a comparison (serve.mjs, settle). */
const SETTLE_COLLECTIONS = 5;

/**
 * Forks serve.mjs in `mode` (on CPU `cpus` when given; with `args` after the mode) and resolves
 * once it listens: { url, stop(), cpuMicros(), memory(), settle() } (cpuMicros: the CPU time the
 * server process has used so far, all its threads, in µs; memory: { rss, maxRss } in bytes;
 * settle: resolves after SETTLE_COLLECTIONS idle full collections; one question at a time).
 */
export function startServerProcess(mode, init, cpus, args = []) {
  const child = fork(path.join(here, 'serve.mjs'), [mode, ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: ['--expose-gc'],
  });
  if (cpus) pin(child.pid, cpus);
  const stop = () => {
    unregister();
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const unregister = onShutdown(stop);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new HostError(`The ${mode} server did not start within 30 s.`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new HostError(`The ${mode} server exited during start-up (code ${code}).`));
    });
    child.once('message', (message) => {
      clearTimeout(timer);
      const cpuMicros = () =>
        new Promise((answered) => {
          child.once('message', (reply) => answered(reply.cpuMicros));
          child.send({ type: 'cpuMicros' });
        });
      // Its resident memory now and at its peak so far, in bytes (serve.mjs answers { rss, maxRss }).
      const memory = () =>
        new Promise((answered) => {
          child.once('message', (reply) => answered(reply));
          child.send({ type: 'memory' });
        });
      const settle = () =>
        new Promise((answered) => {
          child.once('message', answered);
          child.send({ type: 'settle', collections: SETTLE_COLLECTIONS });
        });
      resolve({ url: message.url, stop, cpuMicros, memory, settle });
    });
    if (init) child.send(init);
  });
}

/** Signs up a developer, creates an app and connects the developer's wallet; resolves with its credentials. */
export async function connectWallet(url, label) {
  const { WalletClient } = loadApi();
  const client = new WalletClient({ consoleUrl: url, developerUrl: url, retries: 0 });
  const credentials = { email: `${label}-${Date.now().toString(36)}@example.com`, password: 'bench-password-1' };
  await client.signUp(credentials);
  const { user, token } = await client.authenticateResource(credentials);
  const app = await client.createApp(token, `${label} app`);
  const mobile = user.sandboxMobile;
  const { message } = await client.sendOtp(app.key, mobile);
  const passcode = /Passcode: (\d{6})/.exec(message)?.[1];
  if (!passcode) throw new HostError(`The sandbox did not show a passcode: ${message}`);
  const tokens = await client.verifyOtp(app.key, mobile, passcode);
  return { mobile, appKey: app.key, accessToken: tokens.accessToken };
}

/** Tops the wallet's history up to exactly `total` transactions (admin API, 10,000 a call: its limit); resolves with the total. */
export async function setHistorySize(url, mobile, total) {
  const generate = async (count) => {
    const response = await fetch(`${url}/__sandbox/generate?mobile=${encodeURIComponent(mobile)}&count=${count}`, { method: 'POST' });
    if (!response.ok) throw new HostError(`generate answered ${response.status}: ${await response.text()}`);
    return (await response.json()).data.total;
  };
  let now = await generate(0);
  if (now > total) throw new HostError(`the wallet already has ${now} transactions, more than ${total}`);
  while (now < total) now = await generate(Math.min(10_000, total - now));
  return now;
}

function walletHeaders(wallet) {
  return { accept: 'application/json', 'X-App-Key': wallet.appKey, 'X-App-Wallet-Access-Token': wallet.accessToken };
}

/** How long `count` sequential calls of `fn` take, in ms. */
async function timeCalls(fn, count) {
  const begun = performance.now();
  for (let i = 0; i < count; i++) await fn();
  return performance.now() - begun;
}

/**
 * The two balance reads compared: through WalletClient, and with plain fetch (same headers, body
 * parsed as JSON, success checked). Both resolve with the balance.
 */
function balanceReaders(url, wallet) {
  const { WalletClient } = loadApi();
  const client = new WalletClient({ consoleUrl: url, developerUrl: url });
  const credentials = { appKey: wallet.appKey, accessToken: wallet.accessToken };
  const headers = walletHeaders(wallet);
  const balanceUrl = `${url}/v1/users/balance`;
  const viaClient = async () => (await client.getBalance(credentials)).balance;
  const viaFetch = async () => {
    const response = await fetch(balanceUrl, { headers });
    const body = await response.json();
    if (!response.ok || body.success !== true) throw new HostError(`plain fetch got ${response.status}`);
    return body.data.user.balance;
  };
  return { viaClient, viaFetch };
}

/**
 * One round of `calls` calls each, in blocks of `block`: each client block runs right next to a
 * fetch block (alternating which goes first). Resolves with the round's total ms of each and
 * the client/fetch ratio of every pair of blocks.
 */
async function pairedRound({ viaClient, viaFetch }, calls, block) {
  let clientMs = 0;
  let fetchMs = 0;
  const ratios = [];
  for (let done = 0; done < calls; done += block) {
    const count = Math.min(block, calls - done);
    let clientBlock;
    let fetchBlock;
    if ((done / block) % 2 === 0) {
      clientBlock = await timeCalls(viaClient, count);
      fetchBlock = await timeCalls(viaFetch, count);
    } else {
      fetchBlock = await timeCalls(viaFetch, count);
      clientBlock = await timeCalls(viaClient, count);
    }
    clientMs += clientBlock;
    fetchMs += fetchBlock;
    ratios.push(clientBlock / fetchBlock);
  }
  return { clientMs, fetchMs, ratios };
}

/**
 * `calls` sequential balance calls through WalletClient and the same with plain fetch (same
 * headers, body parsed as JSON, success checked), after a warm-up. Each round interleaves the
 * two in blocks of `block` (alternating which goes first), so a slow moment of the machine hits
 * both alike. Resolves with the median time of `calls` calls for each, and their ratio.
 */
export async function measureClientOverhead(url, wallet, { calls = 1000, rounds = 7, block = 50, warmup = 500, limitMs = 180_000 } = {}) {
  const readers = balanceReaders(url, wallet);
  if ((await readers.viaClient()) !== (await readers.viaFetch())) throw new HostError('the client and plain fetch read different balances');
  await timeCalls(readers.viaClient, warmup);
  await timeCalls(readers.viaFetch, warmup);
  // A paired design: each block of client calls is compared with the fetch block right next
  // to it (in alternating order), so drift in machine load cancels out; the figure is the
  // median of those per-pair ratios. Totals per round are kept for the report.
  const clientMs = [];
  const fetchMs = [];
  const pairRatios = [];
  const until = Date.now() + limitMs;
  for (let round = 0; round < rounds && Date.now() < until; round++) {
    const totals = await pairedRound(readers, calls, block);
    clientMs.push(totals.clientMs);
    fetchMs.push(totals.fetchMs);
    pairRatios.push(...totals.ratios);
  }
  const clientMedian = median(clientMs);
  const fetchMedian = median(fetchMs);
  const ratio = median(pairRatios);
  log(
    `Client overhead: ${calls} calls in ${clientMedian.toFixed(0)} ms (client) vs ${fetchMedian.toFixed(0)} ms (fetch), ${clientMs.length} rounds; median of ${pairRatios.length} paired blocks ${ratio.toFixed(3)}.`,
  );
  return {
    calls,
    rounds: clientMs.length,
    clientMs,
    fetchMs,
    clientMedianMs: clientMedian,
    fetchMedianMs: fetchMedian,
    pairs: pairRatios.length,
    ratio,
  };
}

/** measureClientOverhead in a fresh child process (overhead.mjs); resolves with its result. */
export function measureClientOverheadInChild(url, wallet, { limitMs = 240_000 } = {}) {
  const child = fork(path.join(here, 'overhead.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const unregister = onShutdown(() => child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    let answer;
    child.on('message', (message) => (answer = message));
    child.once('exit', (code) => {
      clearTimeout(timer);
      unregister();
      if (answer?.result) resolve(answer.result);
      else reject(new HostError(answer?.error ?? `the client-overhead process ended without a result (code ${code})`));
    });
    child.send({ url, wallet });
  });
}

/** Loads `url` for `seconds` (autocannon); resolves with { requests, seconds } answered, all 2xx. */
export async function cannonRun(url, headers, seconds, connections) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  if (result.errors || result.non2xx || result.timeouts) {
    throw new HostError(`load on ${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers, ${result.timeouts} timeouts`);
  }
  return { requests: result.requests.total, seconds: result.duration };
}

/** Requests per second answered over a run of cannonRun. */
export async function cannon(url, headers, seconds, connections) {
  const run = await cannonRun(url, headers, seconds, connections);
  return run.requests / run.seconds;
}

/**
 * Requests per second for each endpoint, sandbox vs another server answering the same JSON (a
 * bare node:http server, Prism): `rounds` alternating runs of `seconds` each after a warm-up,
 * `connections` keep-alive connections; with `settle`, that is called (to settle both servers: see
 * startServerProcess) after the warm-up, and both are warmed again. Resolves with
 * { [name]: { sandbox, other, ratio, sandboxRuns, otherRuns } }.
 */
export async function measureThroughput(
  sandboxUrl,
  otherUrl,
  wallet,
  endpoints,
  { seconds = 3, rounds = 3, connections = 10, against = 'bare node:http', settle } = {},
) {
  const headers = walletHeaders(wallet);
  const results = {};
  const warmUp = async (target, warmSeconds) => {
    await cannon(`${sandboxUrl}${target}`, headers, warmSeconds, connections);
    await cannon(`${otherUrl}${target}`, headers, warmSeconds, connections);
  };
  for (const [name, target] of Object.entries(endpoints)) {
    await warmUp(target, 1);
    if (settle) {
      // Then again for longer: what the collections threw away is compiled again over seconds.
      await settle();
      await warmUp(target, 3);
    }
    const sandboxRuns = [];
    const otherRuns = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['sandbox', 'other'] : ['other', 'sandbox'];
      for (const which of order) {
        const rps = await cannon(`${which === 'sandbox' ? sandboxUrl : otherUrl}${target}`, headers, seconds, connections);
        (which === 'sandbox' ? sandboxRuns : otherRuns).push(rps);
      }
    }
    const sandbox = median(sandboxRuns);
    const other = median(otherRuns);
    results[name] = { sandbox, other, ratio: sandbox / other, sandboxRuns, otherRuns };
    log(`Throughput ${name}: sandbox ${sandbox.toFixed(0)} req/s, ${against} ${other.toFixed(0)} req/s.`);
  }
  return results;
}

/**
 * Sequential transaction-list latency for a small and a big wallet: the same queries (first
 * page, a deeper page, a type filter), interleaved, `iterations` times each.
 */
export async function measureListLatency(url, small, big, { iterations = 150, limitMs = 120_000 } = {}) {
  const queries = ['limit=20&pages=1', 'limit=100&pages=5', 'type=bills&limit=20&pages=3'];
  const samples = { small: [], big: [] };
  const once = async (wallet, query) => {
    const begun = performance.now();
    const response = await fetch(`${url}/v1/transactions?${query}`, { headers: walletHeaders(wallet) });
    const body = await response.json();
    const ms = performance.now() - begun;
    if (!response.ok || !Array.isArray(body.data?.transactions) || body.data.transactions.length === 0)
      throw new HostError(`GET /v1/transactions?${query} answered ${response.status} without transactions`);
    return ms;
  };
  for (let i = 0; i < 20; i++) {
    for (const query of queries) {
      await once(small, query);
      await once(big, query);
    }
  }
  const until = Date.now() + limitMs;
  for (let i = 0; i < iterations && Date.now() < until; i++) {
    for (const query of queries) {
      const [first, second] = i % 2 === 0 ? ['small', 'big'] : ['big', 'small'];
      samples[first].push(await once(first === 'small' ? small : big, query));
      samples[second].push(await once(second === 'small' ? small : big, query));
    }
  }
  const smallMs = median(samples.small);
  const bigMs = median(samples.big);
  log(
    `Transaction-list latency: ${smallMs.toFixed(2)} ms (small wallet) vs ${bigMs.toFixed(2)} ms (big wallet), ${samples.small.length} requests each.`,
  );
  return { smallMs, bigMs, ratio: bigMs / smallMs, requests: samples.small.length };
}
