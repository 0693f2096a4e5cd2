// What recording costs the sandbox (issue 35: <= 15 % on balance, a ratio >= 0.85; <= 25 % on lists, >= 0.75): the
// same sandbox in two processes, one with its request journal off (serve.mjs sandbox-unrecorded)
// and one as it ships, recording, with the Requests view's listener (sandbox-recorded), loaded
// at the same time with the same requests. How and why: docs/benchmarks.md, Recording cost.
import { cannonRun, connectWallet, startServerProcess } from './loopback.mjs';
import { log, median } from './log.mjs';

const ENDPOINTS = { balance: '/v1/users/balance', transactions: '/v1/transactions?limit=20&pages=1' };

function headers(wallet) {
  return { 'X-App-Key': wallet.appKey, 'X-App-Wallet-Access-Token': wallet.accessToken, 'User-Agent': 'bench-app/1.0' };
}

/**
 * One run against a server: req/s as the load generator saw them, and the server's CPU time
 * per request (all its threads, GC included).
 */
async function run(server, target, seconds, connections) {
  const before = await server.cpuMicros();
  const { requests, seconds: took } = await cannonRun(`${server.url}${target}`, server.headers, seconds, connections);
  const cpu = (await server.cpuMicros()) - before;
  return { rps: requests / took, cpuMicrosPerRequest: cpu / requests };
}

/** Both servers, each with a connected wallet's headers. */
async function startPair(cpus) {
  const plain = await startServerProcess('sandbox-unrecorded', undefined, cpus);
  const recorded = await startServerProcess('sandbox-recorded', undefined, cpus);
  return {
    plain: { ...plain, headers: headers(await connectWallet(plain.url, 'bench-plain')) },
    recorded: { ...recorded, headers: headers(await connectWallet(recorded.url, 'bench-recorded')) },
    stop() {
      plain.stop();
      recorded.stop();
    },
  };
}

/**
 * Resolves with { [endpoint]: { plain, recorded, ratio, pairRatios, plainRuns, recordedRuns } }:
 * ratio is the median over pairs of plain CPU per request over recorded CPU per request (the
 * sandbox is CPU-bound, so that is its throughput ratio); plain and recorded are the median
 * req/s each got while sharing the core. Both servers of a pair are loaded at once, on one core;
 * the pairs are spread over `processes` fresh pairs of processes, alternating which is loaded
 * first (docs/benchmarks.md says why each of these is needed).
 */
export async function measureRecordingCost(cpus, { seconds = 1, processes = 7, pairsEach = 3, connections = 10 } = {}) {
  const results = {};
  for (const [name, target] of Object.entries(ENDPOINTS)) {
    const runs = { plain: [], recorded: [] };
    const pairRatios = [];
    for (let round = 0; round < processes; round++) {
      const servers = await startPair(cpus);
      try {
        // Warm-up: both JITs compiled, the journal full (it keeps the last 500).
        await Promise.all(['plain', 'recorded'].map((which) => run(servers[which], target, 3, connections)));
        for (let pair = 0; pair < pairsEach; pair++) {
          const order = pair % 2 === 0 ? ['plain', 'recorded'] : ['recorded', 'plain'];
          const done = {};
          await Promise.all(
            order.map(async (which) => {
              done[which] = await run(servers[which], target, seconds, connections);
            }),
          );
          runs.plain.push(done.plain);
          runs.recorded.push(done.recorded);
          pairRatios.push(done.plain.cpuMicrosPerRequest / done.recorded.cpuMicrosPerRequest);
        }
      } finally {
        servers.stop();
      }
    }
    const result = {
      plain: median(runs.plain.map((one) => one.rps)),
      recorded: median(runs.recorded.map((one) => one.rps)),
      ratio: median(pairRatios),
      pairRatios,
      plainRuns: runs.plain,
      recordedRuns: runs.recorded,
    };
    results[name] = result;
    log(
      `Recording cost on ${name}: ${result.plain.toFixed(0)} req/s plain, ${result.recorded.toFixed(0)} req/s recorded; CPU per request, median of ${pairRatios.length} pairs over ${processes} pairs of processes: ${result.ratio.toFixed(3)}.`,
    );
  }
  return results;
}
