import * as assert from 'node:assert/strict';

/** What a probe answers while the thing waited for is not there yet. */
type NotYet = undefined | false;

/**
 * Asks `probe` every `everyMs` until it answers something other than undefined or false, and
 * answers that; fails after `ms` naming `what` (a function is read then, so its message shows the
 * state at the time). The host tests wait for what they need this way, not for a fixed time: a
 * busy machine makes a wait longer, never a test wrong.
 */
export async function waitFor<T>(
  what: string | (() => string),
  probe: () => T | NotYet | Promise<T | NotYet>,
  ms = 15_000,
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
