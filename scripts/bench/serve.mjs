// A server for the bench, in a process of its own (forked with an IPC channel), so what it costs
// is not mixed with the load generator's work:
//   node scripts/bench/serve.mjs sandbox [file.json]
//                                          the sandbox (out/src/sandbox) as it ships, seed 1, in
//                                          memory or keeping its state in that file (durable)
//   node scripts/bench/serve.mjs bare      a bare node:http server; the parent sends
//                                          { bodies: { '/path': object } } and it answers each
//                                          path with that object as JSON, as the sandbox does
// It reports { url } once listening, answers { type: 'memory' } with its resident memory (now
// and at its peak), and exits when the parent goes away.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../host/util.mjs';

const mode = process.argv[2];
const require = createRequire(import.meta.url);

async function startSandbox(dataFile) {
  const { startSandbox } = require(path.join(repoRoot, 'out', 'src', 'sandbox', 'index.js'));
  return startSandbox({ port: 0, seed: 1, dataFile, log: (line) => process.stderr.write(`${line}\n`) });
}

function startBare(bodies) {
  const server = createServer((req, res) => {
    const target = req.url ?? '/';
    const query = target.indexOf('?');
    const body = bodies[query === -1 ? target : target.slice(0, query)];
    // The least a JSON API does: serialise the answer for each request.
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
process.on('message', (message) => {
  // maxRSS: the peak resident set so far (in KiB), what a bound on memory is about.
  if (message?.type === 'memory') process.send({ rss: process.memoryUsage.rss(), maxRss: process.resourceUsage().maxRSS * 1024 });
});

if (mode === 'sandbox') {
  process.send({ url: (await startSandbox(process.argv[3])).url });
} else if (mode === 'bare') {
  process.once('message', (message) => {
    void startBare(message.bodies).then((url) => process.send({ url }));
  });
} else {
  process.stderr.write('Usage: node scripts/bench/serve.mjs sandbox [file.json] | bare\n');
  process.exit(2);
}
