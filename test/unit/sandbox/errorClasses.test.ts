import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as pkg from '../../../src/sandbox/package';

// Issue 37, "Types and errors": every error the package throws is an exported class with a
// stable `code`, and the package README's table names each class with its code. Each is made
// here the way a test suite meets it.

const README = path.resolve(__dirname, '../../../../scripts/sandbox/package/README.md');

/** The README's table of errors: class name to code. */
function documented(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const [, name, code] of readFileSync(README, 'utf8').matchAll(/^\| `(\w+)` \| `(\w+)` \|/gm)) rows.set(name!, code!);
  return rows;
}

/** The error the promise rejects with (it must reject). */
async function caught(pending: Promise<unknown> | (() => unknown)): Promise<Error & { code?: string }> {
  try {
    await (typeof pending === 'function' ? pending() : pending);
  } catch (error) {
    return error as Error & { code?: string };
  }
  return assert.fail('it did not throw');
}

describe('sandbox package: error classes with stable codes', function () {
  this.timeout(30_000);
  const table = documented();
  let sandbox: pkg.WalletSandbox;
  before(async () => {
    sandbox = await pkg.startSandbox({ log: () => undefined });
  });
  after(() => sandbox.close());

  /** The error is of the exported class `name` and has the code the README gives it. */
  function check(error: Error & { code?: string }, name: keyof typeof pkg): void {
    const exported = pkg[name] as unknown as new (...args: never[]) => Error;
    assert.ok(error instanceof exported, `${error.name}: ${error.message} is a ${name}`);
    assert.equal(error.name, name);
    assert.equal(error.code, table.get(name), `the README's code for ${name}`);
  }

  it('the README names every class with a code, and each is exported', () => {
    assert.deepEqual(
      [...table.keys()].sort(),
      [
        'SandboxError',
        'SandboxExpectationError',
        'SandboxInputError',
        'SandboxLimitError',
        'SandboxPortInUseError',
        'SandboxTimeoutError',
        'ScenarioError',
        'StateFileInUseError',
      ].sort(),
    );
    for (const name of table.keys()) assert.equal(typeof pkg[name as keyof typeof pkg], 'function', `${name} is exported`);
  });

  it('a refused input, a start option included: SandboxInputError', async () => {
    check(await caught(() => sandbox.setBalance('08031112222', -1)), 'SandboxInputError');
    check(await caught(sandbox.requests.waitFor({}, { timeoutMs: -1 })), 'SandboxInputError');
    check(await caught(pkg.startSandbox({ port: 70_000 })), 'SandboxInputError');
    const remote = await caught(pkg.startSandbox({ host: '0.0.0.0' }));
    check(remote, 'SandboxInputError');
    assert.match(remote.message, /--allow-remote/);
  });

  it('a limit reached: SandboxLimitError', async () => {
    const faults = await sandbox.faults.list();
    try {
      for (let index = 0; index < 100; index++) await sandbox.faults.add({ path: `/v1/never/${index}`, status: 500 });
      check(await caught(sandbox.faults.add({ path: '/v1/never/more', status: 500 })), 'SandboxLimitError');
    } finally {
      await sandbox.faults.clear();
      assert.equal(faults.length, 0);
    }
  });

  it('a wait that ran out and a count that came out wrong: SandboxTimeoutError, SandboxExpectationError', async () => {
    check(await caught(sandbox.webhooks.waitFor({ type: 'BANK_TRANSFER' }, { timeoutMs: 1 })), 'SandboxTimeoutError');
    check(await caught(sandbox.requests.expectCount({ path: '/v1/users/balance' }, 1)), 'SandboxExpectationError');
  });

  it('any other refusal: SandboxError with the admin API status and errorCode', async () => {
    const error = await caught(() => sandbox.balance('2348031112299'));
    check(error, 'SandboxError');
    assert.deepEqual([(error as pkg.SandboxError).status, (error as pkg.SandboxError).errorCode], [404, '10003']);
  });

  it('a bad scenario and a state file in use: ScenarioError, StateFileInUseError', async () => {
    check(await caught(pkg.startSandbox({ scenario: { wallets: [{ mobile: '123' }] } as never, log: () => undefined })), 'ScenarioError');
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-errors-'));
    const dataFile = path.join(dir, 'state.json');
    const first = await pkg.startSandbox({ dataFile, log: () => undefined });
    try {
      check(await caught(pkg.startSandbox({ dataFile, log: () => undefined })), 'StateFileInUseError');
    } finally {
      await first.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a port another process listens on: SandboxPortInUseError, naming the port', async () => {
    const error = await caught(pkg.startSandbox({ port: sandbox.port, log: () => undefined }));
    check(error, 'SandboxPortInUseError');
    const taken = error as pkg.SandboxPortInUseError;
    assert.deepEqual([taken.port, taken.host], [sandbox.port, '127.0.0.1']);
    assert.match(taken.message, new RegExp(`Port ${sandbox.port} on 127\\.0\\.0\\.1 is already in use.*pick another port, or 0`));
    assert.equal((taken.cause as NodeJS.ErrnoException).code, 'EADDRINUSE');
    assert.equal((await fetch(`${sandbox.url}/__sandbox/health`)).status, 200, 'the sandbox on that port still serves');
  });
});
