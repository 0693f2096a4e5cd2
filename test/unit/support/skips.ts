// Every skipped unit test says why, and the run's end lists them (CI's summary repeats the list).
// A suite whose tool `npm test`'s own set-up installs (Chromium: scripts/host/setup.mjs --packages)
// may not skip under CI=true: there, a missing tool is a broken set-up, so the test fails instead.

import type { Context } from 'mocha';

export interface Skip {
  test: string;
  reason: string;
}

export const skips: Skip[] = [];

/**
 * Skips the running test (or the suite, from a `before` hook) with `reason`. With
 * `installedBySetup`, CI=true turns the skip into a failure naming the set-up step.
 */
export function skipBecause(context: Context, reason: string, options: { installedBySetup?: string } = {}): never {
  const test = context.test?.fullTitle() ?? context.currentTest?.fullTitle() ?? 'a test';
  if (options.installedBySetup && process.env['CI'] === 'true') {
    throw new Error(`${reason}, but ${options.installedBySetup} installs it: under CI=true this is a broken set-up, not a skip`);
  }
  skips.push({ test, reason });
  context.skip();
}

/** The lines the run ends with: one per skip, "skipped: <test>: <reason>" (.ci/run greps them). */
export function skipReport(): string {
  if (skips.length === 0) return '  Skipped: none.';
  return [`  Skipped: ${skips.length}`, ...skips.map((skip) => `  skipped: ${skip.test}: ${skip.reason}`)].join('\n');
}
