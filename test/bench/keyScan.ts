// The key linter's cost for `npm run bench`: the scan that runs on every debounced edit, on a
// 5,000-line source file. Plain Node (no extension host): the scanner has no vscode in it.
import { findKeys } from '../../src/linter/keyScanner';

export interface KeyScanReport {
  lines: number;
  bytes: number;
  keys: number;
  /** Median of the timed runs, with keys in the file (the full pattern pass). */
  withKeysMs: number;
  /** Median with no key, only near misses (the prefixes alone in comments). */
  withoutKeysMs: number;
  runs: number;
}

const LINES = [
  "import { createClient } from './client';",
  'export async function pay(amount: number, reference: string): Promise<void> {',
  "  const response = await client.post('/v1/transfers/phone', { amount, reference, mobile: '2348031234567' });",
  '  if (!response.ok) throw new Error(`transfer ${reference} failed: ${response.status}`); // pk_ or sk_ prefixes alone',
  '  // Amounts are integer kobo: 150050 is ₦1,500.50; the sandbox key has the sk_test_ prefix.',
  "  const hash = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4';",
  '}',
  '',
];

/** A 5,000-line file like application code, with `keys` keys spread through it. */
export function sourceFile(lines: number, keys: number): string {
  const out: string[] = [];
  for (let index = 0; index < lines; index++) out.push(LINES[index % LINES.length]!);
  for (let index = 0; index < keys; index++) {
    const at = Math.floor(((index + 0.5) * lines) / keys);
    const hex = (index + 1).toString(16).padStart(32, '0');
    out[at] = index % 2 ? `const sandboxKey = 'sk_test_${hex}';` : `// old key: pk_live_${hex}`;
  }
  return out.join('\n');
}

function medianMs(text: string, runs: number, expected: number): number {
  for (let index = 0; index < 20; index++) findKeys(text);
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const begun = performance.now();
    const found = findKeys(text).length;
    samples.push(performance.now() - begun);
    if (found !== expected) throw new Error(`the scanner found ${found} keys, not ${expected}`);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

export function measureKeyScan(lines = 5_000, keys = 10, runs = 101): KeyScanReport {
  const withKeys = sourceFile(lines, keys);
  return {
    lines,
    bytes: Buffer.byteLength(withKeys),
    keys,
    withKeysMs: medianMs(withKeys, runs, keys),
    withoutKeysMs: medianMs(sourceFile(lines, 0), runs, 0),
    runs,
  };
}
