// What the integration review costs per request (issue 39: at most 5 % of the sandbox's
// throughput). The rules run once per journalled exchange, so their cost is CPU time per entry:
// this feeds a world's FindingsBook a mix of entries as an app sends them (balance reads,
// paginated lists, verifications, transfers, now and then a secret in a URL) and reports the
// median microseconds per entry over several runs, against 5 % of the sandbox's CPU per request
// (docs/benchmarks.md, "Recording cost": about 60 µs for a balance read, so 3 µs).
//   node scripts/bench/findingsCost.mjs        (after `node scripts/build/compile.mjs`)
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot } from '../host/util.mjs';

const require = createRequire(import.meta.url);
const { FindingsBook } = require(path.join(repoRoot, 'out', 'src', 'sandbox', 'findings', 'findingsBook.js'));
const { RequestJournal } = require(path.join(repoRoot, 'out', 'src', 'sandbox', 'requests', 'journal.js'));

/** The sandbox's CPU per balance request (docs/benchmarks.md) and the share of it. */
const SANDBOX_MICROS_PER_REQUEST = 60;
export const FINDINGS_BUDGET_MICROS = SANDBOX_MICROS_PER_REQUEST * 0.05;

const HEADERS = ['X-App-Key', 'sk_test_0123456789abcdef0123456789abcdef', 'X-App-Wallet-Access-Token', 'eyJhbGciOiJIUzI1NiJ9.e30.sig'];
const VERIFIED = JSON.stringify({ success: true, data: { accountNumber: '2000000000', accountName: 'ADA OBI', bankCode: '000014' } });

function draft(i) {
  const base = { at: i, durationMs: 1, requestHeaders: HEADERS, responseHeaders: {}, userAgent: 'bench', remoteAddress: '127.0.0.1' };
  const body = (value) => ({ requestBody: JSON.stringify(value), requestBodySize: JSON.stringify(value).length });
  const kinds = [
    { method: 'GET', path: '/v1/users/balance', query: '', requestBody: '', requestBodySize: 0, status: 200, responseBody: '{}' },
    {
      method: 'GET',
      path: '/v1/transactions',
      query: 'limit=20&pages=1',
      requestBody: '',
      requestBodySize: 0,
      status: 200,
      responseBody: '{}',
    },
    {
      method: 'GET',
      path: '/v1/queries/verify',
      query: 'accountNumber=2000000000&bankCode=000014',
      requestBody: '',
      requestBodySize: 0,
      status: 200,
      responseBody: VERIFIED,
    },
    {
      method: 'POST',
      path: '/v1/users/transfers/bank',
      query: '',
      ...body({ accountNumber: '2000000000', bankCode: '000014', accountName: 'ADA OBI', amount: 100 + i }),
      status: 200,
      responseBody: '{}',
    },
    {
      method: 'POST',
      path: '/v1/users/transfers/phone',
      query: '',
      ...body({ mobile: '2349090000000', amount: 100 + i }),
      status: 200,
      responseBody: '{}',
    },
    {
      method: 'GET',
      path: '/v1/users/balance',
      query: i % 50 === 0 ? 'token=x' : '',
      requestBody: '',
      requestBodySize: 0,
      status: 200,
      responseBody: '{}',
    },
  ];
  const kind = kinds[i % kinds.length];
  return { ...base, ...kind, responseBodySize: kind.responseBody.length };
}

/** Median µs per entry over `runs` runs of `count` entries, each run on a fresh book. */
export function measureFindingsCost({ count = 20_000, runs = 7 } = {}) {
  const journal = new RequestJournal({ maxEntries: 10_000 });
  const entries = Array.from({ length: count }, (_, i) => journal.add(draft(i)) ?? journal.newest(1)[0]);
  const perEntry = [];
  let now = 0;
  for (let run = 0; run < runs; run++) {
    const book = new FindingsBook(() => (now += 3000));
    const started = performance.now();
    for (const entry of entries) book.exchange(entry);
    perEntry.push(((performance.now() - started) * 1000) / count);
  }
  perEntry.sort((a, b) => a - b);
  return { microsPerEntry: perEntry[Math.floor(runs / 2)], runs: perEntry, budgetMicros: FINDINGS_BUDGET_MICROS };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = measureFindingsCost();
  console.log(
    `Integration review: ${result.microsPerEntry.toFixed(2)} µs per request (median of ${result.runs.length}); budget ${result.budgetMicros} µs (5 % of ~${SANDBOX_MICROS_PER_REQUEST} µs)`,
  );
  process.exitCode = result.microsPerEntry <= result.budgetMicros ? 0 : 1;
}
