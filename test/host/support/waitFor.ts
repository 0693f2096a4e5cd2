import * as assert from 'node:assert/strict';

/** What a probe answers while the thing waited for is not there yet. */
type NotYet = undefined | false;

/**
 * How long a wait may take by default: long enough that a busy machine (two cores, one kept
 * busy by another suite) makes a wait longer, never a test wrong; below the suites' mocha
 * timeouts (60 s and more), so the message naming what never came is the one shown. A test with
 * a shorter timeout passes its own limit.
 */
export const WAIT_MS = 45_000;

/**
 * Asks `probe` every `everyMs` until it answers something other than undefined or false, and
 * answers that; fails after `ms` naming `what` (a function is read then, so its message shows the
 * state at the time). The host tests wait for what they need this way, never for a fixed time.
 */
export async function waitFor<T>(
  what: string | (() => string),
  probe: () => T | NotYet | Promise<T | NotYet>,
  ms = WAIT_MS,
  everyMs = 50,
): Promise<Exclude<T, NotYet>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value as Exclude<T, NotYet>;
    if (Date.now() > deadline) assert.fail(`Timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
