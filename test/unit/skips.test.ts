import * as assert from 'node:assert/strict';
import type { Context } from 'mocha';
import { skipBecause, skipReport, skips } from './support/skips';

// A stand-in for mocha's context: skip() throws as mocha's does, so nothing after it runs.
function fakeContext(): Context & { skipped: boolean } {
  const context = {
    skipped: false,
    test: { fullTitle: () => 'suite a tool it needs' },
    skip() {
      context.skipped = true;
      throw new Error('skipped');
    },
  };
  return context as unknown as Context & { skipped: boolean };
}

describe('test skips: every one says why, and CI fails what its set-up installs', () => {
  const wasCi = process.env['CI'];
  // The run's real skips so far stay: only what these tests record is taken back.
  let before = 0;
  beforeEach(() => {
    before = skips.length;
  });
  afterEach(() => {
    skips.length = before;
    if (wasCi === undefined) delete process.env['CI'];
    else process.env['CI'] = wasCi;
  });

  it('records the reason and skips', () => {
    delete process.env['CI'];
    const context = fakeContext();
    assert.throws(() => skipBecause(context, 'PHP is not installed'), /skipped/);
    assert.equal(context.skipped, true);
    assert.deepEqual(skips.at(-1), { test: 'suite a tool it needs', reason: 'PHP is not installed' });
    assert.match(skipReport(), /^ {2}skipped: suite a tool it needs: PHP is not installed$/m);
  });

  it('under CI=true, fails instead of skipping when the set-up installs the tool', () => {
    process.env['CI'] = 'true';
    const context = fakeContext();
    assert.throws(
      () => skipBecause(context, 'Chromium is missing', { installedBySetup: 'npm test' }),
      /Chromium is missing, but npm test installs it/,
    );
    assert.equal(context.skipped, false);
    assert.equal(skips.length, before);
  });

  it('under CI=true, still skips (with its reason) a tool the set-up does not install', () => {
    process.env['CI'] = 'true';
    const context = fakeContext();
    assert.throws(() => skipBecause(context, 'no Go toolchain'), /skipped/);
    assert.equal(context.skipped, true);
  });
});
