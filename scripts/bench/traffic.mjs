// What recording costs the sandbox (issue 15: <= 10 % of its throughput): the same sandbox in
// two processes, one plain and one with the Requests view's recorder installed (serve.mjs
// sandbox-recorded), loaded in turn with the same requests.
import { cannon, connectWallet, startServerProcess } from './loopback.mjs';
import { log, median } from './log.mjs';

const ENDPOINTS = { balance: '/v1/users/balance', transactions: '/v1/transactions?limit=20&pages=1' };

function headers(wallet) {
  return { 'X-App-Key': wallet.appKey, 'X-App-Wallet-Access-Token': wallet.accessToken, 'User-Agent': 'bench-app/1.0' };
}

/** Resolves with { [endpoint]: { plain, recorded, ratio, plainRuns, recordedRuns } }. */
export async function measureRecordingCost(cpus, { seconds = 3, rounds = 3, connections = 10 } = {}) {
  const plain = await startServerProcess('sandbox', undefined, cpus);
  const recorded = await startServerProcess('sandbox-recorded', undefined, cpus);
  try {
    const servers = {
      plain: { url: plain.url, headers: headers(await connectWallet(plain.url, 'bench-plain')) },
      recorded: { url: recorded.url, headers: headers(await connectWallet(recorded.url, 'bench-recorded')) },
    };
    const results = {};
    for (const [name, target] of Object.entries(ENDPOINTS)) {
      const runs = { plain: [], recorded: [] };
      for (const which of ['plain', 'recorded']) await cannon(`${servers[which].url}${target}`, servers[which].headers, 1, connections);
      for (let round = 0; round < rounds; round++) {
        for (const which of round % 2 === 0 ? ['plain', 'recorded'] : ['recorded', 'plain']) {
          runs[which].push(await cannon(`${servers[which].url}${target}`, servers[which].headers, seconds, connections));
        }
      }
      const result = { plain: median(runs.plain), recorded: median(runs.recorded), plainRuns: runs.plain, recordedRuns: runs.recorded };
      result.ratio = result.recorded / result.plain;
      results[name] = result;
      log(`Recording cost on ${name}: ${result.plain.toFixed(0)} req/s plain, ${result.recorded.toFixed(0)} req/s recorded.`);
    }
    return results;
  } finally {
    plain.stop();
    recorded.stop();
  }
}
