// The sandbox group of `npm run bench`: answers per second of the sandbox beside a bare node:http
// server that sends the same JSON, one short autocannon run each, same machine, same run. A plain
// figure for scale, without a budget: a local emulator answering thousands a second slows no one.
import { log } from './log.mjs';
import { cannon, connectWallet, startServerProcess, walletHeaders } from './servers.mjs';

const TARGET = '/v1/users/balance';
const SECONDS = 3;

export async function throughputFigures(figures) {
  const sandbox = await startServerProcess('sandbox');
  let bare;
  try {
    const wallet = await connectWallet(sandbox.url, 'bench-throughput');
    const headers = walletHeaders(wallet);
    const answer = await fetch(`${sandbox.url}${TARGET}`, { headers });
    bare = await startServerProcess('bare', { bodies: { [TARGET]: await answer.json() } });
    // One second each first, so neither is measured before its JIT has compiled the hot path.
    await cannon(`${sandbox.url}${TARGET}`, headers, 1);
    await cannon(`${bare.url}${TARGET}`, headers, 1);
    const ours = await cannon(`${sandbox.url}${TARGET}`, headers, SECONDS);
    const theirs = await cannon(`${bare.url}${TARGET}`, headers, SECONDS);
    log(`Answers per second on GET ${TARGET}: sandbox ${ours.toFixed(0)}, bare node:http ${theirs.toFixed(0)}.`);
    const rate = (rps) => Math.round(rps).toLocaleString('en-US');
    figures.add({
      group: 'sandbox',
      name: `Sandbox GET ${TARGET} answers/s ÷ a bare node:http server's (${rate(ours)} vs ${rate(theirs)}, ${SECONDS} s each)`,
      value: ours / theirs,
      unit: 'ratio',
      detail: { sandboxRps: ours, bareRps: theirs, seconds: SECONDS, connections: 10 },
    });
  } finally {
    bare?.stop();
    sandbox.stop();
  }
}
