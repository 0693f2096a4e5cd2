// What `npm run bench -- --docs` writes to docs/benchmarks.md: the run's table between the
// page's opening and how each figure is taken.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../host/util.mjs';

/** The page around the table: the lines before it, then the lines after it. */
const BEFORE = [
  '# Benchmarks',
  '',
  'What users feel, measured by `npm run bench` (`scripts/bench/`, `test/bench/`) with the budgets of',
  'issue 8. The extension is measured as packaged: the `.vsix` is built, unpacked and loaded into a',
  'fresh VS Code server and extension host for each cold start. Timings depend on the machine; the',
  'size and request-count figures are exact (`npm run bench -- --only size,requests`).',
  '',
];

const HOW_TAKEN = [
  '',
  'How each figure is taken:',
  '',
  '- **activate()**: the extension times its own `activate()`; median over fresh server, profile and',
  '  extension host starts. Loading the bundle is shown beside it, without a budget.',
  '- **Requests**: the sandbox holds every request 100 ms while the Wallet view opens, so requests',
  '  that started less than 100 ms apart were in flight together. Counts come from the sandbox log.',
  '- **Client overhead**: 1,000 sequential balance calls through `WalletClient` and through plain',
  '  `fetch` (same headers, JSON parsed), after a warm-up of 500 each, 7 rounds in blocks of 50 in',
  '  alternating order; the figure is the median of the client/fetch ratios of adjacent blocks, so',
  '  drift in machine load cancels out. The client runs in a fresh process, the sandbox in another;',
  '  with 2 or more cores each is pinned to its own core (taskset). The client runs on the',
  "  platform's `fetch`, so above 1 is the cost of what it adds (validation, retries, the time limit,",
  '  the size check, the request log). Information, without a budget: on a real network a call waits',
  '  tens or hundreds of milliseconds, against well under a millisecond of CPU.',
  '- **Sandbox**: autocannon (10 keep-alive connections, 3 s runs, alternating, after a warm-up)',
  '  against the sandbox and against a bare `node:http` server that serialises the same JSON for',
  '  each request; the servers run in their own process, pinned to another core than the load',
  '  generator, each settled (five full collections with nothing to do, as V8 does to a server that',
  '  goes idle) and warmed again before the runs. Latency: sequential requests, same three queries,',
  '  interleaved between the wallets.',
  '  Against Prism: the same autocannon runs on `GET /v1/queries/banks` against `prism mock`',
  "  (`@stoplight/prism-cli`) serving the sandbox's OpenAPI document, its example for that answer",
  "  set to the sandbox's answer so both send the same bytes; Prism on the server core, logging errors only.",
  '- **Money**: the sandbox runs in its own process with a state file, so every transfer answer',
  '  waits for its fsync. Durable bank transfers: 64 keep-alive clients (autocannon) POST bank',
  '  transfers for 3 runs of 4 s after a warm-up; the median run counts, and the balance is read',
  '  back to check every answered transfer moved money. Webhooks: 300 transfers to the account that',
  '  settles at once, one after another, with the callbackURL on a receiver in the benchmark',
  "  process; latency is the receiver's arrival time minus the event's createdAt (settlement).",
  '- **Key linter**: the scanner (`src/linter/keyScanner.ts`) on a 5,000-line source file in the',
  '  benchmark process, median of 101 runs after 20 warm-up runs; with 10 keys planted (the full',
  '  pattern pass every check of such a file makes) and with none, only near misses. `test/bench/keyScan.ts`.',
  '- **Endpoint intelligence**: what a hover, a path completion and the check of a 5,000-line',
  '  TypeScript file with about 1,400 API paths compute (`src/endpointIntelligence/core`), in the',
  '  benchmark process, 201 runs after 20 warm-up runs (hover and completion: p95; the check: median,',
  '  its p95 beside it); the providers around it only read the line or text and wrap the answer.',
  '  `test/bench/endpointIntelligence.ts`.',
  '- **Big histories**: 20 pages of 100 transactions loaded into the tree with the view open; the',
  '  build time is `getChildren` plus `getTreeItem` for every item once the page has arrived; heap',
  '  read after a forced full GC in the extension host.',
  '- **Request journal in the extension host**: 10,000 requests from an app stand-in to the',
  '  in-process sandbox with the Requests view open (`test/bench/traffic.ts`); heap read after a',
  '  forced full GC before and after; a refresh is `getChildren` plus `getTreeItem` for every row.',
  '- **Recording cost** (`scripts/bench/traffic.mjs`): the sandbox with its request journal off and',
  "  the sandbox recording (500 entries, with the Requests view's listener; the integration review's rules",
  '  ignored: the review has its own pair, every rule ignored against the sandbox as it ships),',
  '  in two processes pinned to one core and loaded at the same time (autocannon, 10 connections',
  '  each) for 1 s, 21 pairs from seven pairs of fresh processes, each pair settled alike after its',
  "  warm-up and warmed again for 3 s; the figure is the median of the pairs'",
  '  ratios of CPU time per request (the sandbox is CPU-bound, so that is its throughput ratio).',
  '- **Bounds** (`scripts/bench/bounds.mjs`): the sandbox in its own process, in memory, as the CLI runs it;',
  '  health asked one call after another while three 10,000-transaction generates run (the slowest',
  '  answer), then while every abuse of issue 35 runs: namespaces to their cap, faults to theirs in every',
  '  world with 60 KB bodies, 1,000 requests of 60 KB bodies past the journal budget, generated history to',
  "  every cap, deep (6,000 and 30,000 levels) and oversized payloads; peak RSS is the process's maxRSS.",
  '- **Spawn to ready** (`scripts/bench/spawn.mjs`): `wallet-sandbox --port 0 --json` until its JSON line,',
  '  `prism mock` of the OpenAPI document until it listens, `mockoon-cli start` on `scripts/bench/mockoon-environment.json`',
  '  (every operation of the same document) until it has started; one process at a time, 7 rounds in rotating order',
  '  after a warm-up start of each, each answering a request after its signal; the median of each.',
  '- **The sandbox package** (`scripts/bench/package.mjs`): the tarball `npm run package:sandbox` writes;',
  '  then, in a fresh Node process loading the bundle it ships, `startSandbox()` until it serves (median',
  '  of 31), `reset()` of a 20-wallet scenario after money moved (median of 51), and the heap of 20 idle',
  '  sandboxes of that scenario after full collections, per instance.',
  '',
];

/** Writes docs/benchmarks.md: the page around this run's table (`markdown`). */
export function writeDocs(markdown) {
  writeFileSync(path.join(repoRoot, 'docs', 'benchmarks.md'), [...BEFORE, markdown, ...HOW_TAKEN].join('\n'));
}
