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

/** Sets the policy; once, at the start of a process that serves a sandbox and nothing else. */
export function useServingHeap(): void {
  setFlagsFromString(`--heap-growing-percent=${SERVING_HEAP_GROWTH_PERCENT}`);
}
