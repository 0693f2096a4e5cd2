// Forked by bounds.mjs: asks the sandbox for health one call after another until told to stop,
// in a process of its own, so the time it sees is the sandbox's stall alone and not the turns
// of the process that drives the abuse (building and sending 60 KB bodies holds that loop too).
// Messages: { type: 'phase', name } names what follows; { type: 'stop' } answers
// { worstMs, answers, worstMsByPhase } and exits.
import { performance } from 'node:perf_hooks';

const url = process.argv[2];
let running = true;
let worstMs = 0;
let answers = 0;
let phase = 'start';
const worstMsByPhase = {};

process.on('disconnect', () => process.exit(0));
process.on('message', (message) => {
  if (message.type === 'phase') phase = message.name;
  if (message.type === 'stop') running = false;
});

async function poll() {
  while (running) {
    const started = performance.now();
    const answer = await fetch(`${url}/__sandbox/health`);
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`Health answered ${answer.status} during the abuse.`);
    const ms = performance.now() - started;
    worstMs = Math.max(worstMs, ms);
    worstMsByPhase[phase] = Math.round(Math.max(worstMsByPhase[phase] ?? 0, ms) * 10) / 10;
    answers++;
  }
}

poll().then(
  () => process.send({ result: { worstMs, answers, worstMsByPhase } }, () => process.exit(0)),
  (error) => process.send({ error: error.message }, () => process.exit(1)),
);
process.send({ ready: true });
