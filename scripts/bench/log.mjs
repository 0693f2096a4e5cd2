// Progress lines on stderr (stdout carries the table), and small statistics.
import { performance } from 'node:perf_hooks';

const begun = performance.now();

export function log(message) {
  process.stderr.write(`[bench ${((performance.now() - begun) / 1000).toFixed(1)}s] ${message}\n`);
}

export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
