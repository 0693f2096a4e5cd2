// Mocha root hooks (loaded by .mocharc.json): a test fails when the sandbox answered it with
// something the OpenAPI document does not allow; at the end, a line says what was checked.

import type { Context, Hook } from 'mocha';
import { contractLog, operations } from './contract';

let reported = 0;

function newMismatches(): string[] {
  const fresh = contractLog.mismatches.slice(reported);
  reported = contractLog.mismatches.length;
  return fresh;
}

function failure(mismatches: string[]): Error {
  return new Error(
    `The sandbox answered outside its OpenAPI document (src/sandbox/vocabulary/openapi.json):\n  ${mismatches.join('\n  ')}`,
  );
}

export const mochaHooks = {
  afterEach(this: Context): void {
    const mismatches = newMismatches();
    if (mismatches.length > 0) {
      // Fails the test that just ran (not the hook), so the rest of its suite still runs.
      (this.test as Hook | undefined)?.error(failure(mismatches));
    }
  },
  afterAll(): void {
    const all = operations().map(({ method, template }) => `${method} ${template}`);
    const missed = all.filter((name) => !contractLog.exercised.has(name));
    console.log(
      `\n  OpenAPI contract: ${contractLog.checked} sandbox answers checked (${contractLog.faulted} injected by faults, not checked), ` +
        `${contractLog.mismatches.length} mismatches; ${all.length - missed.length} of ${all.length} operations exercised` +
        (missed.length > 0 && contractLog.checked > 0 ? `; not exercised: ${missed.join(', ')}` : '') +
        '\n',
    );
    const late = newMismatches();
    if (late.length > 0) {
      throw failure(late);
    }
  },
};
