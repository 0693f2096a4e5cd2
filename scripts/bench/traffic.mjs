// What recording costs the sandbox (issue 35: <= 15 % on balance, a ratio >= 0.85; <= 25 % on lists, >= 0.75): the
// same sandbox in two processes, one with its request journal off (serve.mjs sandbox-unrecorded)
// and one recording, with the Requests view's listener and the integration review's rules
// ignored (sandbox-recorded), loaded at the same time with the same requests. What the review
// costs (issue 39: <= 5 % of the throughput, >= 0.95) the same way: every rule ignored
// (sandbox-unreviewed) vs as it ships (sandbox). So each budget is held against its own feature;
// as it ships, a sandbox pays both. How and why: docs/benchmarks.md, Recording cost.
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

/**
 * Both servers, each with a connected wallet's headers; `onFirst` starts the measured one first
 * (the process started first read cheaper in some runs: the rounds alternate).
 */
async function startPair(modes, cpus, onFirst) {
  const first = await startServerProcess(onFirst ? modes.on : modes.off, undefined, cpus);
  const second = await startServerProcess(onFirst ? modes.off : modes.on, undefined, cpus);
  const [off, on] = onFirst ? [second, first] : [first, second];
  return {
    off: { ...off, headers: headers(await connectWallet(off.url, 'bench-off')) },
    on: { ...on, headers: headers(await connectWallet(on.url, 'bench-on')) },
    stop() {
      off.stop();
      on.stop();
    },
  };
}

/** The endpoints the integration review is measured on: a balance read and a verification (its rules remember each). */
const REVIEWED = { balance: ENDPOINTS.balance, verify: '/v1/queries/verify?accountNumber=2891740466&bankCode=100004' };

/** What recording costs (serve.mjs sandbox-unrecorded vs sandbox-recorded): see measurePairCost. */
export function measureRecordingCost(cpus, options) {
  return measurePairCost(cpus, { off: 'sandbox-unrecorded', on: 'sandbox-recorded', what: 'Recording' }, ENDPOINTS, options);
}

/** What the integration review costs (issue 39: <= 5 %, a ratio >= 0.95): every rule ignored vs as it ships. */
export function measureFindingsCost(cpus, options) {
  return measurePairCost(cpus, { off: 'sandbox-unreviewed', on: 'sandbox', what: 'Integration review' }, REVIEWED, options);
}

/**
 * Resolves with { [endpoint]: { off, on, ratio, pairRatios, offRuns, onRuns } }: ratio is the
 * median over pairs of the `off` server's CPU per request over the `on` server's (the sandbox is
 * CPU-bound, so that is its throughput ratio); off and on are the median req/s each got while
 * sharing the core. Both servers of a pair are loaded at once, on one core; the pairs are spread
 * over `processes` fresh pairs of processes, alternating which is started first and which is
 * loaded first (docs/benchmarks.md says why each of these is needed).
 */
async function measurePairCost(cpus, modes, endpoints, { seconds = 1, processes = 21, pairsEach = 3, connections = 10 } = {}) {
  const results = {};
  for (const [name, target] of Object.entries(endpoints)) {
    const runs = { off: [], on: [] };
    const pairRatios = [];
    for (let round = 0; round < processes; round++) {
      const servers = await startPair(modes, cpus, round % 2 === 1);
      try {
        // Warm-up: both JITs compiled, the journal full (it keeps the last 500). Then both settled
        // alike (serve.mjs, settle: which of two fresh processes met more full collections in its
        // warm-up is chance, worth up to a fifth of its speed) and warmed again as long: the code
        // the collections threw away is compiled again over a few seconds.
        const warmUp = () => Promise.all(['off', 'on'].map((which) => run(servers[which], target, 3, connections)));
        await warmUp();
        await Promise.all([servers.off.settle(), servers.on.settle()]);
        await warmUp();
        for (let pair = 0; pair < pairsEach; pair++) {
          const order = pair % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
          const done = {};
          await Promise.all(
            order.map(async (which) => {
              done[which] = await run(servers[which], target, seconds, connections);
            }),
          );
          runs.off.push(done.off);
          runs.on.push(done.on);
          pairRatios.push(done.off.cpuMicrosPerRequest / done.on.cpuMicrosPerRequest);
        }
      } finally {
        servers.stop();
      }
    }
    const result = {
      off: median(runs.off.map((one) => one.rps)),
      on: median(runs.on.map((one) => one.rps)),
      ratio: median(pairRatios),
      pairRatios,
      offRuns: runs.off,
      onRuns: runs.on,
    };
    results[name] = result;
    log(
      `${modes.what} cost on ${name}: ${result.off.toFixed(0)} req/s without, ${result.on.toFixed(0)} req/s with; CPU per request, median of ${pairRatios.length} pairs over ${processes} pairs of processes: ${result.ratio.toFixed(3)}.`,
    );
  }
  return results;
}
