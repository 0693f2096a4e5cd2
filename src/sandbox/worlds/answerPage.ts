// One page of an admin answer that can grow large (GET /__sandbox/requests, GET /__sandbox/events):
// at most `limit` items and at most MAX_PAGE_BYTES of their JSON, the newest first, so that one
// answer holds the event loop for a few milliseconds, never for the whole journal (a 16 MB
// journal in one answer held every other client for half a second). The answer says where the
// next page starts (`nextBefore`); the pages one after another give every item once.

/** How many items one answer holds when its `limit` is not given. */
export const DEFAULT_PAGE_LIMIT = 100;

/**
 * The most bytes of JSON the items of one answer take (512 KiB: a few milliseconds to serialise
 * and send). An item larger than this on its own comes alone: a page holds at least one.
 */
export const MAX_PAGE_BYTES = 512 * 1024;

export interface TakenPage<S> {
  /** The items as shown, in the order of the candidates (newest first). */
  shown: S[];
  /** How many candidates it took: when fewer than there are, the next page starts after the last taken. */
  taken: number;
}

/**
 * Takes `candidates` (newest first) as `show` makes them, while the page holds fewer than `limit`
 * and their JSON (each item's, as the answer serialises it) stays within `maxBytes`.
 */
export function takePage<T, S>(candidates: readonly T[], limit: number, show: (item: T) => S, maxBytes = MAX_PAGE_BYTES): TakenPage<S> {
  const shown: S[] = [];
  let bytes = 0;
  for (const candidate of candidates) {
    if (shown.length >= limit) break;
    const item = show(candidate);
    // Its JSON and the comma before it.
    const size = Buffer.byteLength(JSON.stringify(item) ?? '') + 1;
    if (shown.length > 0 && bytes + size > maxBytes) break;
    shown.push(item);
    bytes += size;
  }
  return { shown, taken: shown.length };
}
