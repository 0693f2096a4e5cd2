import { executionAsyncResource } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';

// The CLI's heap policy. A sandbox is a long-lived server whose process is its own, so the entries
// that run it as a program (package/bin.ts, src/sandboxCli.ts) ask V8 to collect before its heap
// grows past 1.5 times what it kept at its last full collection. By default V8 lets it grow to as
// much as four times on a machine with memory to spare: under every abuse of issue 35, with about
// 125 MB live, that took the process to 350 MB resident; with this, about 255 MB, for a few
// percent of throughput (docs/benchmarks.md). In a test runner's process (startSandbox) the heap is
// that process's, and so is its policy: nothing here runs there.

/** How much a heap may grow past what the last full collection kept, in percent. */
export const SERVING_HEAP_GROWTH_PERCENT = 50;

/** One of Node's own nextTick records, kept for the life of the process: see keepTickShape. */
let keptTick: object | undefined;

/**
 * The V8 flags of the policy. Besides the growth: no allocation-site pretenuring. V8 watches each
 * place that allocates and, if most of what it made outlives a young collection, allocates there
 * in the old generation from then on. A journal keeps its last 500 entries, so in a warm-up whose
 * young collections came close together all of them outlived one, V8 moved where they are made
 * to the old generation for the life of the process, and a full collection then ran every third
 * of a second: about half the processes started answered 8 to 12 % slower, for good (young
 * collections 3 µs a request against 1.3). Young, they die young: docs/benchmarks.md, "Pretenuring".
 */
export const SERVING_HEAP_FLAGS = `--heap-growing-percent=${SERVING_HEAP_GROWTH_PERCENT} --no-allocation-site-pretenuring`;

/** Sets the policy; once, at the start of a process that serves a sandbox and nothing else. */
export function useServingHeap(): void {
  setFlagsFromString(SERVING_HEAP_FLAGS);
  keepTickShape();
}

/**
 * Keeps one record of Node's `process.nextTick` alive. Node makes one for every tick, an object
 * literal whose first keys are symbols, and V8 remembers that literal's shape at the one place it
 * is made. When a full collection finds no record alive (an idle moment: V8's memory reducer
 * collects then) the shape is dropped, the next record gets a new one, and V8 stops remembering:
 * from then on every tick takes its slow path, for the life of the process. That cost the sandbox
 * a fifth of its throughput after a few idle collections (a bare node:http server too); with one
 * record kept, the shape stays (docs/benchmarks.md, "Settled servers").
 */
function keepTickShape(): void {
  process.nextTick(() => {
    keptTick = executionAsyncResource();
  });
}

/** The record keepTickShape keeps (undefined until the tick after useServingHeap), for the tests. */
export function keptTickRecord(): object | undefined {
  return keptTick;
}
