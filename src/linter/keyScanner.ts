// Finds this API's application keys written into text. Plain TypeScript (no vscode) so it is
// unit-tested and benchmarked on its own: the linter runs it on every debounced edit.

/** `pk_live_` keys move real money; `sk_test_` keys reach the sandbox and staging. */
export type KeyKind = 'production' | 'sandbox';

/** One key in a text, as offsets: `text.slice(start, end)` is the key. */
export interface FoundKey {
  kind: KeyKind;
  start: number;
  end: number;
}

const PREFIXES: Record<string, KeyKind> = { pk_live_: 'production', sk_test_: 'sandbox' };

// A prefix and exactly 32 hex characters, standing alone: a longer run of word characters on
// either side is some other identifier, not one of our keys. A key broken across lines does
// not match (nothing to copy as is); one in a comment does (a comment is committed too).
const KEY_PATTERN = /(?<![A-Za-z0-9_])(pk_live_|sk_test_)[0-9a-fA-F]{32}(?![A-Za-z0-9_])/g;

/** Every key in `text`, in order. */
export function findKeys(text: string): FoundKey[] {
  // Most files hold no key at all: two substring searches are cheaper than the pattern.
  if (!text.includes('pk_live_') && !text.includes('sk_test_')) return [];
  const found: FoundKey[] = [];
  for (const match of text.matchAll(KEY_PATTERN)) {
    found.push({ kind: PREFIXES[match[1]!]!, start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/** A sandbox scenario (`wallet-sandbox.json`, `ci.wallet-sandbox.json`), whatever its folder. */
export function isScenarioFile(path: string): boolean {
  return /(^|[\\/.])wallet-sandbox\.json$/.test(path);
}

/**
 * The keys to report in a file: all of them, except sandbox keys in a scenario file, which a
 * local sandbox made up and which open nothing of the real service. A production key is
 * reported everywhere.
 */
export function keysToReport(text: string, path: string): FoundKey[] {
  const found = findKeys(text);
  return isScenarioFile(path) ? found.filter((key) => key.kind === 'production') : found;
}

/** A key as it may be shown: its prefix and last four characters (`pk_live_…9f3a`). */
export function maskKey(key: string): string {
  const prefix = Object.keys(PREFIXES).find((candidate) => key.startsWith(candidate)) ?? '';
  return `${prefix}…${key.slice(-4)}`;
}
