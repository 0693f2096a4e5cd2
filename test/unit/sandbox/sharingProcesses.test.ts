import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { openSharedSandbox, startSandbox, StateFileInUse, type SandboxClient, type SharedSandbox } from '../../../src/sandbox';
import { call, connectWallet, expectOk, newDeveloper } from './helpers';

// Issue 35, "Process sharing, smaller": the first process to open a state file serves it, the
// others are its HTTP clients (no copy kept), and nobody takes a live server's file. Here the
// first is a real second Node process; when it exits (closed, or killed), the one that used it
// says so and opens the file itself on its next call, and both saw one world.

const DEMO = '2348000000000';
const OTHER = '2349090000000';
const SANDBOX = path.resolve(__dirname, '../../../src/sandbox/index.js');

/**
 * A child process that opens the state file first, says where it serves (and its admin token,
 * with allowRemote), and closes on SIGTERM.
 */
async function serveInChild(
  dataFile: string,
  options: { allowRemote?: boolean } = {},
): Promise<{ child: ChildProcess; url: string; adminToken?: string }> {
  const script = `
    const { openSharedSandbox } = require(${JSON.stringify(SANDBOX)});
    const options = { ...${JSON.stringify(options)}, dataFile: ${JSON.stringify(dataFile)}, role: 'program', port: 0, log: () => {} };
    openSharedSandbox(options).then((shared) => {
      const { url, server } = shared.client;
      console.log(JSON.stringify({ url, here: server.here, adminToken: shared.inProcess.adminToken }));
      process.on('SIGTERM', () => shared.close().then(() => process.exit(0)));
    });
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const ready = JSON.parse(line) as { url: string; here: boolean; adminToken?: string };
  assert.equal(ready.here, true, 'the first process serves the file');
  return { child, ...ready };
}

/** Resolves with the client once the shared sandbox is served by another process, or here. */
function servedNext(shared: SharedSandbox): Promise<SandboxClient> {
  return new Promise((resolve) => {
    const stop = shared.onServed((client) => {
      stop();
      resolve(client);
    });
  });
}

describe('sandbox: two processes on one state file', function () {
  this.timeout(30_000);
  let dir: string;
  let dataFile: string;
  let child: ChildProcess | undefined;
  let shared: SharedSandbox | undefined;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-processes-'));
    dataFile = path.join(dir, 'sandbox-state.json');
  });
  afterEach(async () => {
    child?.kill('SIGKILL');
    await shared?.close();
    child = shared = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`agree after the first one exits (${signal}): the second opens the file itself, with every change made through either`, async () => {
      const first = await serveInChild(dataFile);
      child = first.child;
      const warnings: string[] = [];
      shared = await openSharedSandbox({ dataFile, role: 'window', port: 0, log: (line) => warnings.push(line) });
      assert.deepEqual([shared.client.server.here, shared.client.server.pid, shared.client.url], [false, child.pid, first.url]);

      // Changes through the second process's client and through the API, all made by the first.
      await shared.client.setBalance(DEMO, 4_242_00);
      const dev = await newDeveloper(first.url);
      const wallet = await connectWallet(first.url, dev.appKey, DEMO);
      await expectOk(
        call(first.url, 'POST', '/v1/users/transfers/phone', { headers: wallet.headers, body: { mobile: OTHER, amount: 1_000 } }),
      );
      const before = await expectOk(call(first.url, 'GET', '/__sandbox/balance?mobile=' + OTHER));

      const lost = new Promise<number>((resolve) => shared!.onLost(resolve));
      child.kill(signal);
      await once(child, 'exit');
      assert.equal(await lost, first.child.pid, 'it says which process went away');
      assert.equal(shared.inProcess, undefined, 'and opens nothing until a call needs it');
      const served = servedNext(shared);
      assert.equal((await shared.client.knobs()).faults.length, 0, 'the next call is answered: by this process now');
      const client = await served;
      assert.equal(client.server.here, true, 'the second process serves the file now');
      assert.equal(client.url, first.url, 'on the same port');
      assert.ok(
        warnings.some((line) => line.includes(`pid ${first.child.pid}, which served ${dataFile}, went away`)),
        warnings.join('\n'),
      );
      const sandbox = shared.inProcess!;
      assert.equal(sandbox.balance(DEMO), 4_242_00 - 1_000, 'the balance set through the client, less the transfer');
      assert.equal(sandbox.balance(OTHER), before.json['data'].user.balance, 'the transfer received');
      const again = await expectOk(call(client.url, 'GET', '/v1/users/balance', { headers: wallet.headers }));
      assert.equal(again.json['data'].user.balance, 4_242_00 - 1_000, "the first process's wallet token works on the second");
      await shared.close();
      shared = undefined;
      assert.ok(!existsSync(`${dataFile}.owner`), 'released on close');
    });
  }

  it("with allowRemote: the second process uses the first with the owner file's secret, and strangers still need the token", async () => {
    const first = await serveInChild(dataFile, { allowRemote: true });
    child = first.child;
    assert.ok(first.adminToken, 'allowRemote made an admin token');
    // Made before the second process attaches: it reads the owner's journal over GET /__sandbox/requests.
    const dev = await newDeveloper(first.url);

    shared = await openSharedSandbox({ dataFile, role: 'window', port: 0, allowRemote: true, log: () => undefined });
    const client = shared.client;
    assert.deepEqual([client.server.here, client.server.pid], [false, child.pid]);

    // Admin calls through the client (knobs, balance, clock) and the change stream both work.
    const changed = new Promise<void>((resolve) => {
      const stop = client.onChange((change) => {
        if (!change.knobs) return;
        stop();
        resolve();
      });
    });
    const fault = await client.faults.add({ path: '/v1/users/balance', status: 503, times: 1 });
    await changed;
    assert.deepEqual(
      (await client.knobs()).faults.map((f) => f.id),
      [fault.id],
    );
    await client.setBalance(DEMO, 7_777_00);
    const asStranger = await call(first.url, 'GET', `/__sandbox/balance?mobile=${DEMO}`);
    assert.equal(asStranger.status, 401, 'no credential: still refused');
    const withToken = await expectOk(
      call(first.url, 'GET', `/__sandbox/balance?mobile=${DEMO}`, { headers: { authorization: `Bearer ${first.adminToken}` } }),
    );
    assert.equal(withToken.json['data'].user.balance, 7_777_00, "the client's setBalance reached the owner");
    const wrongSecret = await call(first.url, 'GET', '/__sandbox/knobs', { headers: { 'x-sandbox-owner-token': 'not-the-secret' } });
    assert.equal(wrongSecret.status, 401, 'a wrong owner secret is no credential');
    assert.equal(wrongSecret.json['errorCode'], '90011');

    // The journal, read from the owner, secrets as the owner keeps them (this process could read its file).
    await call(first.url, 'GET', '/v1/queries/banks', { headers: { 'X-App-Key': dev.appKey } });
    const entries = await client.requests.newest(50);
    const signup = entries.find((entry) => entry.path === '/v1/auth/signup');
    assert.ok(signup?.requestBody.includes(dev.password), 'not masked for the owner secret');
    const banks = entries.find((entry) => entry.path === '/v1/queries/banks');
    assert.equal(banks?.headers['x-app-key'], dev.appKey, 'the entry keeps its app key');
  });

  it('never takes the file of a live process that does not answer: a clear error, and its lock left alone', async function () {
    this.timeout(40_000);
    // This test's own process is live; the address it names answers nothing.
    const lock = JSON.stringify({ pid: process.pid, role: 'window', instance: 'hung', secret: 'x', url: 'http://127.0.0.1:9', since: 0 });
    writeFileSync(`${dataFile}.owner`, lock);
    await assert.rejects(startSandbox({ dataFile, port: 0, log: () => undefined }), (error: unknown) => {
      assert.ok(error instanceof StateFileInUse && error.unresponsive);
      assert.match(error.message, new RegExp(`held by pid ${process.pid}, which has not answered .* stop that process`));
      return true;
    });
    assert.equal(readFileSync(`${dataFile}.owner`, 'utf8'), lock, 'the lock is as it was');
    assert.ok(!existsSync(dataFile), 'the state file was not opened');
  });
});
