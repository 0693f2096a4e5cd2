// A server for the loopback benchmarks, run in its own process (forked with an IPC channel) so
// the load generator and the server each get a core:
//   node scripts/bench/serve.mjs sandbox   the sandbox (out/src/sandbox) as it ships, in memory,
//                                          seed 1: its request journal records (500 entries);
//                                          every sandbox mode has the CLI's heap policy
//   node scripts/bench/serve.mjs sandbox <file.json>
//                                          the same, keeping its state in that file (durable)
//   node scripts/bench/serve.mjs sandbox-unrecorded
//                                          the sandbox with its journal off (maxEntries 0)
//   node scripts/bench/serve.mjs sandbox-recorded
//                                          the sandbox recording, with a journal listener as
//                                          the Requests view's history has (one tick per batch),
//                                          and every findings rule ignored: the journal's cost
//                                          alone (the review has its pair: sandbox-unreviewed)
//   node scripts/bench/serve.mjs sandbox-unreviewed
//                                          the sandbox as it ships with every findings rule
//                                          ignored: no integration review
//   node scripts/bench/serve.mjs bare      a bare node:http server; the parent sends
//                                          { bodies: { '/path': object } } and it answers each
//                                          path with that object as JSON, as the sandbox does
// It reports { url } once listening, answers { type: 'cpuMicros' } with the CPU time it has used
// and { type: 'memory' } with its resident memory (now and at its peak) and the longest its event
// loop was held since the last such question, answers { type: 'settle', collections } once it has
// run that many full collections (see settle), and exits when the parent goes away.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { setImmediate } from 'node:timers';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { repoRoot } from '../host/util.mjs';

const mode = process.argv[2];

const require = createRequire(import.meta.url);

// A sandbox's process here is what the CLI makes its own: the same heap policy (servingHeap.ts).
if (mode?.startsWith('sandbox')) require(path.join(repoRoot, 'out', 'src', 'sandbox', 'servingHeap.js')).useServingHeap();

async function startSandbox(dataFile, journal, findings) {
  const { startSandbox } = require(path.join(repoRoot, 'out', 'src', 'sandbox', 'index.js'));
  const sandbox = await startSandbox({ port: 0, seed: 1, dataFile, journal, findings, log: (line) => process.stderr.write(`${line}\n`) });
  return sandbox;
}

/** Every rule of the integration review: ignoring them all turns the review off (findingsBook.ts). */
function everyRule() {
  const { SEVERITY } = require(path.join(repoRoot, 'out', 'src', 'sandbox', 'findings', 'finding.js'));
  return Object.keys(SEVERITY);
}

/** The sandbox as it ships, but with every rule of the integration review ignored: the review is off. */
async function startUnreviewedSandbox() {
  return (await startSandbox(undefined, undefined, { ignore: everyRule() })).url;
}

/**
 * The sandbox as the extension runs it, the integration review aside: the journal records and the
 * history hears of each entry (requestHistory.ts). The review reads the journal's entries, so with
 * the journal off it is off too; its rules are ignored here so the recording pair measures the
 * journal alone, as the recording budgets were set (2026-11-26) before the review came (issue 39),
 * whose own pair and budget are sandbox-unreviewed's.
 */
async function startRecordedSandbox() {
  const sandbox = await startSandbox(undefined, undefined, { ignore: everyRule() });
  let told = false;
  sandbox.requests.onChange(() => {
    if (told) return;
    told = true;
    setImmediate(() => {
      told = false;
    });
  });
  return sandbox.url;
}

function startBare(bodies) {
  const server = createServer((req, res) => {
    const target = req.url ?? '/';
    const query = target.indexOf('?');
    const body = bodies[query === -1 ? target : target.slice(0, query)];
    // The same work a JSON API does at the least: serialise the answer for each request.
    const text = JSON.stringify(body ?? { success: false, error: 'not found' });
    res.writeHead(body ? 200 : 404, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
      'Cache-Control': 'no-store',
    });
    res.end(text);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`));
  });
}

process.on('disconnect', () => process.exit(0));

/**
 * Full collections with the server idle between them (the parent forks with --expose-gc): what a
 * long-running server meets whenever its load pauses. Each one lets V8 drop the shapes of objects
 * that were not alive at that moment and the optimised code that named them, which then is
 * compiled again for more shapes: after three or more, Node's own HTTP code answers about a fifth
 * slower, a bare server's as a sandbox's (docs/benchmarks.md, "Settled servers"). Every server of
 * a comparison goes through the same number, so none is measured fresh against a settled peer.
 */
async function settle(collections) {
  for (let done = 0; done < collections; done++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
// The CPU time used so far (all threads, GC included), for the benchmarks that count CPU per request.
// The longest the event loop was held since the last `memory` question: what another client waited at worst, machine load aside.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
process.on('message', (message) => {
  if (message?.type === 'settle') {
    settle(message.collections).then(() => process.send({ settled: true }));
    return;
  }
  if (message?.type === 'memory') {
    // maxRSS: the peak resident set so far (in KiB), what a bound on memory is about.
    process.send({ rss: process.memoryUsage.rss(), maxRss: process.resourceUsage().maxRSS * 1024, loopDelayMaxMs: loopDelay.max / 1e6 });
    loopDelay.reset();
    return;
  }
  if (message?.type !== 'cpuMicros') return;
  const { user, system } = process.cpuUsage();
  process.send({ cpuMicros: user + system });
});

if (mode === 'sandbox') {
  process.send({ url: (await startSandbox(process.argv[3])).url });
} else if (mode === 'sandbox-unrecorded') {
  process.send({ url: (await startSandbox(undefined, { maxEntries: 0 })).url });
} else if (mode === 'sandbox-unreviewed') {
  process.send({ url: await startUnreviewedSandbox() });
} else if (mode === 'sandbox-recorded') {
  process.send({ url: await startRecordedSandbox() });
} else if (mode === 'bare') {
  process.once('message', (message) => {
    void startBare(message.bodies).then((url) => process.send({ url }));
  });
} else {
  process.stderr.write(
    'Usage: node scripts/bench/serve.mjs sandbox [file.json] | sandbox-unrecorded | sandbox-unreviewed | sandbox-recorded | bare\n',
  );
  process.exit(2);
}
