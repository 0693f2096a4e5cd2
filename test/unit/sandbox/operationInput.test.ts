import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseArgs, UsageError } from '../../../src/sandbox/cli/cli';
import { SandboxError, startSandbox as startPackage, WalletSandbox } from '../../../src/sandbox/package';
import { startSandbox } from '../../../src/sandbox/owner/start';
import { OPERATIONS } from '../../../src/sandbox/worlds/operations';
import { operations } from '../support/contract';
import { call, errorOf, expectOk } from './helpers';
import { nested } from './operationCases';

// Issue 35, the breaks one at a time: each would have passed before the operations' table.

const APP_KEY = 'sk_test_input_0000001';
const SCENARIO = {
  developers: [{ email: 'input@example.ng', password: 'input-password', apps: [{ name: 'Input', sandboxKey: APP_KEY }] }],
  wallets: [{ mobile: '08031112222', name: 'Ada Input', balance: 100_00, passcode: '424242' }],
};

describe('sandbox: the operations keep their promises', function () {
  this.timeout(30_000);
  let dir: string;
  let sandbox: WalletSandbox | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-input-'));
  });
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds a wallet the scenario declared as 0803…, in every form, for balance and passcode', async () => {
    sandbox = await startPackage({ scenario: SCENARIO });
    for (const mobile of ['08031112222', '+2348031112222', '2348031112222']) assert.equal(await sandbox.balance(mobile), 100_00, mobile);
    await expectOk(
      call(sandbox.url, 'POST', '/v1/users/auth', { body: { mobile: '2348031112222', factor: 'sms' }, headers: { 'x-app-key': APP_KEY } }),
    );
    assert.equal(await sandbox.passcode('08031112222'), '424242');
    assert.equal((await expectOk(call(sandbox.url, 'GET', '/__sandbox/passcode?mobile=08031112222'))).json['data'].passcode, '424242');
    await assert.rejects(
      sandbox.balance('2349999999999'),
      (error: unknown) => error instanceof SandboxError && error.status === 404 && error.errorCode === '10003',
    );
  });

  it('refuses from Node the faults HTTP refuses: status 999 or 101, a path without "/", a CR/LF content type', async () => {
    sandbox = await startPackage();
    for (const fault of [
      { path: 'v1/x', status: 999 },
      { path: '/v1/x', status: 101 },
      { path: '/v1/x', contentType: 'application/json\r\nSet-Cookie: a=b' },
    ]) {
      await assert.rejects(sandbox.faults.add(fault), (error: unknown) => error instanceof SandboxError && error.errorCode === '10000');
      assert.equal(errorOf(await call(sandbox.url, 'POST', '/__sandbox/faults', { body: fault })).errorCode, '10000');
    }
    await assert.rejects(sandbox.setLatency(-1), SandboxError);
    const added = await sandbox.faults.add({ path: '/v1/x', status: 503, times: 2 });
    assert.deepEqual(await sandbox.faults.list(), [added]);
    assert.equal(await sandbox.faults.remove(added.id!), true);
    assert.deepEqual((await expectOk(call(sandbox.url, 'GET', '/__sandbox/knobs'))).json['data'].knobs.faults, []);
  });

  it('refuses a 6,000-level recipient and a year-275760 date, and the world still saves and exports', async () => {
    const dataFile = path.join(dir, 'state.json');
    sandbox = await startPackage({ scenario: SCENARIO, dataFile });
    const deep = `{"type":"vtu","amount":100,"recipient":${'{"a":'.repeat(6_000)}1${'}'.repeat(6_000)}}`;
    const refused = await call(sandbox.url, 'POST', '/__sandbox/transactions?mobile=08031112222', {
      rawBody: deep,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(refused.status, 400);
    assert.match(errorOf(refused).error, /recipient nests deeper than 8 levels/);
    const future = { type: 'vtu', amount: 100, createdAt: '+275760-09-13T00:00:00.000Z' };
    assert.equal((await call(sandbox.url, 'POST', '/__sandbox/transactions?mobile=08031112222', { body: future })).status, 400);
    await assert.rejects(sandbox.setBalance('08031112222', Number.MAX_SAFE_INTEGER + 1), SandboxError);

    await sandbox.setBalance('08031112222', 777);
    await expectOk(call(sandbox.url, 'GET', '/__sandbox/scenario'));
    await sandbox.close();
    sandbox = await startPackage({ scenario: SCENARIO, dataFile });
    assert.equal(await sandbox.balance('08031112222'), 777, 'saved after the refusals');
  });

  it('a Node object nested past the limit is refused, never walked recursively', async () => {
    const inProcess = await startSandbox({ port: 0, scenario: SCENARIO, log: () => undefined });
    try {
      assert.throws(
        () => inProcess.addTransaction('08031112222', { type: 'vtu', amount: 1, recipient: nested(100_000) as never }),
        /recipient nests deeper than 8 levels/,
      );
    } finally {
      await inProcess.close();
    }
  });

  it('the knobs change through the controls, with the admin API’s rules; Sandbox.knobs is a frozen copy', async () => {
    const inProcess = await startSandbox({ port: 0, log: () => undefined });
    try {
      assert.throws(() => inProcess.addFault({ path: '/v1/x', status: 101 }), /status must be a whole number from 200 to 599/);
      assert.throws(() => inProcess.addFault({ path: '/v1/x', contentType: 'a\r\nb' }), /contentType/);
      assert.throws(() => inProcess.setLatency(-1), /latencyMs must be a whole number from 0 to 600000/);
      assert.throws(() => inProcess.setTokenLifetime(0), /tokenLifetimeSeconds must be a whole number from 1 to 315360000/);
      const first = inProcess.addFault({ path: '/v1/x', status: 503 });
      inProcess.addFault({ path: '/v1/y', drop: true });
      inProcess.removeFault(first.id ?? '');
      // A write to the copy throws: nothing reaches the knobs past the checks.
      assert.throws(() => inProcess.knobs.faults.push({ path: '/v1/x', status: 101 }), TypeError);
      assert.throws(() => ((inProcess.knobs as { latencyMs: number }).latencyMs = -1), TypeError);
      assert.deepEqual(
        inProcess.knobs.faults.map((fault) => fault.path),
        ['/v1/y'],
      );
    } finally {
      await inProcess.close();
    }
  });

  it('listens on a non-loopback host only with allowRemote, with the CLI’s words', async () => {
    let cliWords = '';
    assert.throws(
      () => parseArgs(['--host', '0.0.0.0']),
      (error: unknown) => error instanceof UsageError && Boolean((cliWords = error.message)),
    );
    await assert.rejects(startSandbox({ host: '0.0.0.0', port: 0 }), (error: Error) => error.message === cliWords);
    await assert.rejects(startPackage({ host: '0.0.0.0' }), (error: Error) => error.message === cliWords);
    sandbox = await startPackage({ host: '0.0.0.0', allowRemote: true });
    assert.equal(sandbox.url, `http://0.0.0.0:${sandbox.port}`);
  });

  it('documents every operation of the table at the route it is served on', () => {
    const documented = new Set(operations().map(({ method, template }) => `${method} ${template.replace(/\{[^}]+\}/g, ':id')}`));
    const undocumented = Object.entries(OPERATIONS)
      .map(([name, op]) => [name, `${op.route.method} ${op.route.path}`] as const)
      .filter(([, route]) => !documented.has(route));
    assert.deepEqual(undocumented, []);
  });
});
