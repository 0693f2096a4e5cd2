// The bench's figures from servers in processes of their own (loopback.mjs, traffic.mjs): the
// client against plain fetch, the sandbox against a bare node:http server and against Prism,
// list latency on a big wallet, and the recording and review pairs.
import { HostError } from '../host/util.mjs';
import {
  connectWallet,
  measureClientOverheadInChild,
  measureListLatency,
  measureThroughput,
  setHistorySize,
  splitCores,
  startServerProcess,
} from './loopback.mjs';
import { log } from './log.mjs';
import { startPrism } from './prism.mjs';
import { measureFindingsCost, measureRecordingCost } from './traffic.mjs';

/** The least throughput a recording sandbox keeps, per endpoint of traffic.mjs (issue 35). */
const RECORDING_RATIO = { balance: 0.85, transactions: 0.75 };

/**
 * A paired cost of traffic.mjs as figures, one per endpoint: the `on` server's throughput over
 * the `off` one's, against the least ratio `limitOf(endpoint)` allows. Servers on a core of their own.
 */
async function pairCostFigures(figures, { group, measure, versus, limitOf }) {
  const cores = splitCores();
  try {
    const results = await measure(cores.server);
    for (const [name, result] of Object.entries(results)) {
      const rates = `${Math.round(result.on).toLocaleString('en-US')} vs ${Math.round(result.off).toLocaleString('en-US')}`;
      figures.add({
        group,
        name: `Sandbox ${name} req/s with ${versus} (${rates})`,
        value: result.ratio,
        unit: 'ratio',
        budget: { op: '>=', limit: limitOf(name) },
        detail: result,
      });
    }
  } finally {
    cores.undo();
  }
}

export function recordingCostFigures(figures) {
  return pairCostFigures(figures, {
    group: 'traffic',
    measure: measureRecordingCost,
    versus: 'recording vs without',
    // Issue 35: at most 15 % on small answers, 25 % on list answers (each keeps ~8 KB).
    limitOf: (name) => RECORDING_RATIO[name] ?? 0.85,
  });
}

/** What the integration review costs the sandbox (issue 39: at most 5 % of its throughput, a ratio >= 0.95). */
export function findingsCostFigures(figures) {
  return pairCostFigures(figures, {
    group: 'findings',
    measure: measureFindingsCost,
    versus: 'the integration review vs every rule ignored',
    limitOf: () => 0.95,
  });
}

/** The sandbox against Prism mocking the same OpenAPI document, on GET /v1/queries/banks (issue 14). */
async function prismFigure(figures, sandboxUrl, wallet, cpus) {
  const target = '/v1/queries/banks';
  const headers = { 'X-App-Key': wallet.appKey };
  const answer = await fetch(`${sandboxUrl}${target}`, { headers });
  if (!answer.ok) throw new HostError(`${target} answered ${answer.status}`);
  // Prism answers with the document's example: make it the sandbox's answer, so both send the same bytes.
  const prism = await startPrism({ examples: { [`GET ${target}`]: await answer.json() }, probe: target, headers, cpus });
  try {
    log(`Prism ${prism.version} mocking the sandbox's OpenAPI document at ${prism.url}.`);
    const { banks } = await measureThroughput(sandboxUrl, prism.url, wallet, { banks: target }, { against: `Prism ${prism.version}` });
    figures.add({
      group: 'sandbox',
      name: `Sandbox GET ${target} req/s vs Prism ${prism.version} mock of the same document (${Math.round(banks.sandbox).toLocaleString('en-US')} vs ${Math.round(banks.other).toLocaleString('en-US')})`,
      value: banks.ratio,
      unit: 'ratio',
      budget: { op: '>=', limit: 5 },
      detail: banks,
    });
  } finally {
    prism.stop();
  }
}

/**
 * The sandbox against a bare node:http server answering what the sandbox answered, on balance and
 * transaction lists (issue 8: >= 0.5), the bare server on `cpus` beside the sandbox.
 */
async function bareFigures(figures, sandbox, wallet, cpus) {
  const endpoints = { balance: '/v1/users/balance', transactions: '/v1/transactions?limit=20&pages=1' };
  const bodies = {};
  for (const target of Object.values(endpoints)) {
    const response = await fetch(`${sandbox.url}${target}`, {
      headers: { 'X-App-Key': wallet.appKey, 'X-App-Wallet-Access-Token': wallet.accessToken },
    });
    bodies[target.split('?')[0]] = await response.json();
  }
  const bare = await startServerProcess('bare', { bodies }, cpus);
  try {
    // Both settled alike: the sandbox has been through many full collections by now (the
    // 100,000 transactions generated), a fresh bare server through none (docs/benchmarks.md).
    const settle = () => Promise.all([sandbox.settle(), bare.settle()]);
    const throughput = await measureThroughput(sandbox.url, bare.url, wallet, endpoints, { settle });
    for (const [name, result] of Object.entries(throughput)) {
      figures.add({
        group: 'sandbox',
        name: `Sandbox ${name} req/s vs bare node:http (${Math.round(result.sandbox).toLocaleString('en-US')} vs ${Math.round(result.other).toLocaleString('en-US')})`,
        value: result.ratio,
        unit: 'ratio',
        budget: { op: '>=', limit: 0.5 },
        detail: result,
      });
    }
  } finally {
    bare.stop();
  }
}
/** The client and sandbox groups, on one sandbox in a process of its own (a core of its own with 2 or more). */
export async function loopbackFigures(figures, groups) {
  const cores = splitCores();
  const sandbox = await startServerProcess('sandbox', undefined, cores.server);
  try {
    log(`Sandbox for the loopback figures at ${sandbox.url}.`);
    const small = await connectWallet(sandbox.url, 'bench-small');
    if (groups.has('client')) {
      try {
        const overhead = await measureClientOverheadInChild(sandbox.url, small);
        figures.add({
          group: 'client',
          name: `WalletClient vs plain fetch, ${overhead.calls} sequential balance calls (median of paired blocks)`,
          value: overhead.ratio,
          unit: 'ratio',
          // Information only: the client's CPU per call is tiny next to a call's wait on the network.
          detail: overhead,
        });
      } catch (error) {
        figures.error('client', error);
      }
    }
    if (!groups.has('sandbox')) return;
    const big = await connectWallet(sandbox.url, 'bench-big');
    await setHistorySize(sandbox.url, small.mobile, 1_000);
    await setHistorySize(sandbox.url, big.mobile, 100_000);
    log('Wallets with 1,000 and 100,000 transactions ready.');
    await bareFigures(figures, sandbox, small, cores.server);
    try {
      await prismFigure(figures, sandbox.url, small, cores.server);
    } catch (error) {
      figures.error('sandbox', error);
    }
    const latency = await measureListLatency(sandbox.url, small, big);
    figures.add({
      group: 'sandbox',
      name: `Transaction-list latency, 100,000 vs 1,000 transactions (${latency.bigMs.toFixed(2)} vs ${latency.smallMs.toFixed(2)} ms)`,
      value: latency.ratio,
      unit: 'ratio',
      budget: { op: '<=', limit: 2 },
      detail: latency,
    });
  } finally {
    sandbox.stop();
    cores.undo();
  }
}
