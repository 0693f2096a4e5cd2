// The money benchmarks (issue 14): bank transfers per second when every answer waits for the
// state file (the sandbox runs with a data file, in its own process), and how long a webhook
// takes from the settlement that makes it to a local receiver. Loopback only, every loop bounded.
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { HostError } from '../host/util.mjs';
import { log, median } from './log.mjs';
import { walletHeaders } from './servers.mjs';

/** The magic account that settles at once (src/sandbox/domain/magic.ts): its transfer is its settlement. */
const INSTANT_ACCOUNT = { accountNumber: '1000000001', accountName: 'SANDBOX INSTANT SUCCESS', bankCode: '090328' };
/** An ordinary account that resolves (the demo wallet's own), pending until settlement. */
const PENDING_ACCOUNT = { accountNumber: '8000000000', bankCode: '090328' };

async function json(url, init) {
  const response = await fetch(url, init);
  const body = await response.json();
  if (!response.ok || body.success !== true)
    throw new HostError(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Gives the wallet enough kobo for any number of transfers (admin API). */
export async function fundWallet(url, mobile) {
  await json(`${url}/__sandbox/balance?mobile=${mobile}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ balance: 9_000_000_000_000 }),
  });
}

async function cannonPost(url, headers, body, seconds, connections) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections,
    duration: seconds,
    pipelining: 1,
  });
  if (result.errors || result.non2xx || result.timeouts) {
    throw new HostError(`load on ${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers, ${result.timeouts} timeouts`);
  }
  return { rps: result.requests.total / result.duration, total: result.requests.total, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * Bank transfers per second from `connections` concurrent keep-alive clients, each waiting for
 * its answer (which the sandbox sends only once the transfer is fsynced), `rounds` runs of
 * `seconds` after a warm-up; the median run counts. The wallet's history is read back after, so
 * a figure cannot come from answers that moved no money.
 */
export async function measureDurableTransfers(url, wallet, { connections = 64, seconds = 4, rounds = 3 } = {}) {
  const headers = walletHeaders(wallet);
  const verified = await json(
    `${url}/v1/queries/verify?accountNumber=${PENDING_ACCOUNT.accountNumber}&bankCode=${PENDING_ACCOUNT.bankCode}`,
    {
      headers,
    },
  );
  const body = { ...PENDING_ACCOUNT, accountName: verified.data.accountName, amount: 100 };
  const target = `${url}/v1/users/transfers/bank`;
  const before = (await json(`${url}/v1/users/balance`, { headers })).data.user.balance;
  let sent = (await cannonPost(target, headers, body, 1, connections)).total;
  const runs = [];
  for (let round = 0; round < rounds; round++) {
    const run = await cannonPost(target, headers, body, seconds, connections);
    sent += run.total;
    runs.push(run);
  }
  const after = (await json(`${url}/v1/users/balance`, { headers })).data.user.balance;
  // autocannon does not count the requests still in flight when a run ends; they moved money too.
  const moved = (before - after) / body.amount;
  if (moved < sent || moved > sent + connections * (rounds + 1)) {
    throw new HostError(`${sent} transfers answered but the balance moved by ${before - after} kobo (${moved} transfers)`);
  }
  const rps = median(runs.map((run) => run.rps));
  log(
    `Durable bank transfers: ${rps.toFixed(0)}/s with ${connections} clients (runs ${runs.map((run) => run.rps.toFixed(0)).join(', ')}; ${sent} in all).`,
  );
  return { rps, connections, seconds, runs, transfers: sent };
}

/** A local receiver that answers 200 and notes when each event arrived (epoch ms, sub-ms). */
function startReceiver() {
  const arrivals = new Map();
  const server = createServer((req, res) => {
    const at = performance.timeOrigin + performance.now();
    const id = req.headers['x-sandbox-event-id'];
    req.resume();
    req.on('end', () => {
      if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, at);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/webhooks`,
        arrivals,
        close: () => new Promise((done) => server.close(done)),
      }),
    );
  });
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Webhook latency: `events` bank transfers to the account that settles at once, one after
 * another, with the app's callbackURL on a receiver in this process. Each latency is the
 * arrival at the receiver minus the event's createdAt, which the sandbox stamps at settlement
 * (both are the wall clock of this machine, read in two processes).
 */
export async function measureWebhookLatency(url, wallet, { events = 300, limitMs = 120_000 } = {}) {
  const receiver = await startReceiver();
  const headers = walletHeaders(wallet);
  try {
    await json(`${url}/v1/apps/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'X-App-Key': wallet.appKey },
      body: JSON.stringify({ callbackURL: receiver.url }),
    });
    const until = Date.now() + limitMs;
    const transfer = () =>
      json(`${url}/v1/users/transfers/bank`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ...INSTANT_ACCOUNT, amount: 100 }),
      });
    for (let i = 0; i < 20; i++) await transfer();
    await new Promise((resolve) => setTimeout(resolve, 200));
    receiver.arrivals.clear();
    let made = 0;
    for (; made < events && Date.now() < until; made++) await transfer();
    for (const wait = Date.now() + 10_000; receiver.arrivals.size < made && Date.now() < wait;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Newest first, the last 1,000, a page at a time (nextBefore): ours are all there.
    const listed = [];
    let before;
    do {
      const { data } = await json(`${url}/__sandbox/events?limit=1000${before === undefined ? '' : `&before=${before}`}`);
      listed.push(...data.events);
      before = data.nextBefore;
    } while (before !== undefined);
    const latencies = [];
    const waits = [];
    for (const event of listed) {
      const arrived = receiver.arrivals.get(event.id);
      if (arrived === undefined) continue;
      latencies.push(arrived - Date.parse(event.createdAt));
      waits.push(Date.parse(event.attempts[0].at) - Date.parse(event.createdAt));
    }
    if (latencies.length < made)
      throw new HostError(`${made} transfers settled but only ${latencies.length} webhooks reached the receiver`);
    const p95 = percentile(latencies, 95);
    const p50 = percentile(latencies, 50);
    log(
      `Webhook latency settlement → receiver: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (${latencies.length} events).`,
    );
    // Of which: settlement to the first attempt starting, inside the sandbox (ms resolution).
    const queued = { p50: percentile(waits, 50), p95: percentile(waits, 95) };
    return { p50, p95, max: Math.max(...latencies), events: latencies.length, queuedInSandboxMs: queued };
  } finally {
    await receiver.close();
  }
}
