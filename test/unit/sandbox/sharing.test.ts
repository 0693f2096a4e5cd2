import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  openSharedSandbox,
  SandboxChange,
  SandboxClient,
  SandboxExchange,
  SharedSandbox,
  startSandbox,
  StateFileInUse,
} from '../../../src/sandbox';
import { connectSandbox } from '../../../src/sandbox/package';
import { checkAgainstContract } from '../support/contract';
import { when } from '../support/eventually';
import { call, connectWallet, errorOf, expectOk, newDeveloper } from './helpers';

// Issue 25: two windows each ran a sandbox on the same state file (the last writer won), and the
// MCP server ran a third on a file of its own. Now one process serves a state file; the others
// use its sandbox over HTTP. Issue 35: they keep no copy of it (every read asks the owner), and
// when the owner goes away they say so and open the file themselves on their next call.

const DEMO = '2348000000000';

/** Resolves with the first value `check` gives (not undefined) once `subscribe` calls back. */
function next<T>(subscribe: (listener: () => void) => () => void, check: () => T | undefined, ms = 5_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('timed out waiting'));
    }, ms);
    const stop = subscribe(() => {
      const value = check();
      if (value === undefined) return;
      clearTimeout(timer);
      stop();
      resolve(value);
    });
  });
}

describe('sandbox: one sandbox per state file', function () {
  this.timeout(30_000);
  let dir: string;
  let dataFile: string;
  const opened: SharedSandbox[] = [];
  /** The admin calls the sandbox served in this test answered (whichever process asked). */
  let adminCalls: string[] = [];
  /** Every answer the process serves (the admin API's too) is held against the OpenAPI document. */
  const open = async (role: 'window' | 'mcp') => {
    const shared = await openSharedSandbox({
      dataFile,
      role,
      port: 0,
      portTries: 5,
      log: () => undefined,
      onExchange: (exchange: SandboxExchange) => {
        if (exchange.admin) adminCalls.push(`${exchange.method} ${exchange.path}`);
        checkAgainstContract(exchange);
      },
    });
    opened.push(shared);
    return shared;
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-shared-'));
    dataFile = path.join(dir, 'sandbox-state.json');
    adminCalls = [];
  });
  afterEach(async () => {
    for (const shared of opened.splice(0)) await shared.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the second user of a state file uses the first one’s sandbox: one world, one writer; when the owner closes the next call opens it', async () => {
    const first = await open('window');
    assert.equal(first.client.server.here, true);
    const owner = JSON.parse(readFileSync(`${dataFile}.owner`, 'utf8')) as { pid: number; url: string; role: string };
    assert.deepEqual([owner.pid, owner.url, owner.role], [process.pid, first.client.url, 'window']);

    const second = await open('mcp');
    assert.deepEqual(second.client.server, { here: false, pid: process.pid, role: 'window' });
    assert.equal(second.client.url, first.client.url);
    assert.equal(second.inProcess, undefined);
    await assert.rejects(startSandbox({ dataFile, port: 0, log: () => undefined }), (error: unknown) => {
      assert.ok(error instanceof StateFileInUse);
      assert.equal(error.owner.url, first.client.url);
      assert.doesNotMatch(error.message, new RegExp(error.owner.secret), 'the secret stays out of the message');
      return true;
    });

    // A balance changed in the owner is what the second one's clients read, and it hears of it.
    const dev = await newDeveloper(second.client.url);
    const wallet = await connectWallet(second.client.url, dev.appKey, DEMO);
    const told: SandboxChange[] = [];
    second.client.onChange((change) => told.push(change));
    const heardBalance = next(second.client.onChange, () => told.some((change) => change.wallets.includes(DEMO)) || undefined);
    first.inProcess!.setBalance(DEMO, 12_345);
    const balance = await expectOk(call(second.client.url, 'GET', '/v1/users/balance', { headers: wallet.headers }));
    assert.equal(balance.json['data'].user.balance, 12_345);
    await heardBalance;

    // Its Requests view reads the owner's request journal, as the owner has it.
    const [seen] = await second.client.requests.newest(1);
    assert.equal(seen?.path, '/v1/users/balance');
    assert.equal(JSON.parse(seen!.responseBody).data.user.balance, 12_345);
    assert.deepEqual(
      (await second.client.requests.newest(100)).map((entry) => entry.id),
      (await first.client.requests.newest(100)).map((entry) => entry.id),
      'the same entries, numbered as the owner numbered them',
    );
    assert.ok(
      (await second.client.requests.newest(100)).every((entry) => !entry.path.startsWith('/__sandbox')),
      'admin calls are not recorded',
    );

    // The owner closes (its window closes): the second says so, and opens the file on its next call, on the same port.
    const url = first.client.url;
    const lost = new Promise<number>((resolve) => second.onLost(resolve));
    const before = second.client;
    await first.close();
    assert.equal(await lost, process.pid, 'it names the process that went away');
    assert.equal(second.inProcess, undefined, 'nothing is opened before a call needs it');
    const served = next(second.onServed.bind(second), () => second.client);
    assert.equal((await before.knobs()).latencyMs, 0, 'the next call, even on the old client, is answered');
    const client = await served;
    assert.equal(client.server.here, true);
    assert.equal(client.url, url, 'the URL apps were given keeps working');
    assert.ok(second.inProcess);
    const again = await expectOk(call(url, 'GET', '/v1/users/balance', { headers: wallet.headers }));
    assert.equal(again.json['data'].user.balance, 12_345, 'the state file and everything in it survived');
    const [latest] = await before.requests.newest(1);
    assert.equal(latest?.path, '/v1/users/balance', 'the old client reads the journal of the sandbox that serves the file now');
    await second.close();
    assert.deepEqual(readdirSync(dir), ['sandbox-state.json'], 'no owner file, journal or temporary file left');
  });

  it('an attached client reads the same world and acts on it as the owner’s own does', async () => {
    const first = await open('window');
    const second = await open('mcp');
    const remote: SandboxClient = second.client;
    const sandbox = first.inProcess!;
    const heard = (check: (change: SandboxChange) => boolean) => {
      let last: SandboxChange | undefined;
      return next(
        (listener) => remote.onChange((change) => ((last = change), listener())),
        () => (last && check(last) ? true : undefined),
      );
    };

    const fault = await remote.faults.add({ method: 'GET', path: '/v1/users/balance', status: 503, times: 1 });
    assert.match(fault.id ?? '', /^flt_\d+$/);
    assert.deepEqual(sandbox.knobs.faults, [fault]);
    assert.deepEqual((await remote.knobs()).faults, [fault]);
    assert.equal(await remote.faults.remove(fault.id!), true);
    assert.equal(await remote.faults.remove(fault.id!), false);
    await remote.setLatency(7);
    assert.equal(sandbox.knobs.latencyMs, 7);
    await remote.setLatency(0);
    await remote.faults.add({ path: '/v1/*', drop: true });
    assert.equal(await remote.faults.clear(), 1);

    // A change made in the owner is told to the attached client, which reads it from the owner.
    const done = heard((change) => change.knobs === true);
    sandbox.addFault({ path: '/v1/users/balance', status: 500, times: 1 });
    await done;
    assert.equal((await remote.knobs()).faults[0]?.status, 500);
    const usedUp = heard((change) => change.knobs === true);
    const dev = await newDeveloper(remote.url);
    const wallet = await connectWallet(remote.url, dev.appKey, dev.sandboxMobile);
    assert.equal((await call(remote.url, 'GET', '/v1/users/balance', { headers: wallet.headers })).status, 500);
    await usedUp;
    assert.deepEqual((await remote.knobs()).faults, [], 'used up');

    const before = (await remote.clock.now()).getTime();
    await remote.clock.advance(3600);
    const after = (await remote.clock.now()).getTime();
    assert.ok(after - before >= 3600_000 - 1000 && Math.abs(after - sandbox.now()) < 1000);

    await remote.setBalance(dev.sandboxMobile, 500_00);
    const record = await remote.addTransaction(dev.sandboxMobile, { type: 'vtu', amount: 100_00 });
    assert.equal(record.amount, 100_00);
    await expectOk(
      call(remote.url, 'POST', '/v1/users/auth', { body: { mobile: DEMO, factor: 'sms' }, headers: { 'x-app-key': dev.appKey } }),
    );
    assert.equal(await remote.passcode(DEMO), sandbox.lastPasscode(DEMO));
    assert.equal(await remote.passcode('2349090000000'), undefined);
    await remote.expireAccessTokens(dev.sandboxMobile);
    assert.equal((await call(remote.url, 'GET', '/v1/users/balance', { headers: wallet.headers })).json['errorCode'], '10005');
    await remote.revokeRefreshTokens(dev.sandboxMobile);
    const renewed = await call(remote.url, 'POST', '/v1/users/accessToken', {
      body: { refreshToken: wallet.refreshToken },
      headers: { 'x-app-key': dev.appKey },
    });
    assert.equal(errorOf(renewed).errorCode, '10007');
    await remote.resetWallet(dev.sandboxMobile);
    assert.deepEqual(
      (await remote.requests.newest(2)).map((request) => request.path),
      sandbox.requests.newest(2).map((request) => request.path),
    );
    await remote.requests.clear();
    assert.equal(sandbox.requests.size, 0, 'cleared in the owner');
    assert.deepEqual(await remote.requests.newest(10), []);

    await assert.rejects(remote.webhooks.trigger('BANK_TRANSFER'), /No app has a callbackURL/);
    await assert.rejects(remote.webhooks.redeliver('evt_nope'), /No webhook event has id evt_nope/);
    await assert.rejects(remote.setBalance('2349999999999', 1), /This user does not exist/);
  });

  it('takes over an owner file whose process is gone, or that cannot be read', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(
      `${dataFile}.owner`,
      JSON.stringify({ pid: gone, role: 'window', instance: 'old', secret: 'x', url: 'http://127.0.0.1:9' }),
    );
    const first = await startSandbox({ dataFile, port: 0, log: () => undefined });
    assert.equal(JSON.parse(readFileSync(`${dataFile}.owner`, 'utf8')).pid, process.pid);
    await first.close();
    assert.ok(!existsSync(`${dataFile}.owner`), 'released on close');

    writeFileSync(`${dataFile}.owner`, 'not json');
    const old = new Date(Date.now() - 60_000);
    const { utimesSync } = await import('node:fs');
    utimesSync(`${dataFile}.owner`, old, old);
    const second = await startSandbox({ dataFile, port: 0, log: () => undefined });
    await second.close();
  });

  it('a sandbox whose file was taken over stops writing it instead of racing the new owner', async () => {
    const warnings: string[] = [];
    const listeners = new Set<() => void>();
    const log = (line: string): void => {
      warnings.push(line);
      for (const listener of listeners) listener();
    };
    const sandbox = await startSandbox({ dataFile, port: 0, log });
    try {
      const owner = JSON.parse(readFileSync(`${dataFile}.owner`, 'utf8')) as Record<string, unknown>;
      writeFileSync(`${dataFile}.owner`, JSON.stringify({ ...owner, instance: 'someone-else' }));
      const saved = readFileSync(dataFile, 'utf8');
      sandbox.setBalance(DEMO, 1);
      // The save the change sets off finds the file taken over and says so instead of writing: that
      // line ends the save, and bounds the check that nothing was written.
      await when(
        (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
        () => warnings.find((line) => /another process serves .* now/.test(line)),
        () => `the warning that another process serves the file: ${warnings.join('\n')}`,
      );
      assert.equal(readFileSync(dataFile, 'utf8'), saved, 'not written');
      assert.ok(
        warnings.some((line) => /another process serves .* now/.test(line)),
        warnings.join('\n'),
      );
    } finally {
      await sandbox.close();
    }
    assert.ok(existsSync(`${dataFile}.owner`), "the new owner's file is left alone");
  });

  it('after the owner went, the next call uses whichever process opened the file first: never two servers', async () => {
    const first = await open('window');
    const second = await open('mcp');
    const lost = new Promise<number>((resolve) => second.onLost(resolve));
    await first.close();
    await lost;
    const third = await open('window');
    assert.equal(third.client.server.here, true, 'the third opened the file first: it serves it');
    await second.client.setLatency(5);
    assert.equal(second.inProcess, undefined, 'the second opened no sandbox of its own');
    assert.deepEqual([second.client.server.here, second.client.url], [false, third.client.url]);
    assert.equal(third.inProcess!.knobs.latencyMs, 5, 'its call went to the process that serves the file');
  });

  it('an attached client keeps no copy: each read asks the owner, and the stream carries notices only', async () => {
    const first = await open('window');
    const second = await open('mcp');
    const remote = second.client;
    const sandbox = first.inProcess!;
    const dev = await newDeveloper(remote.url);
    const wallet = await connectWallet(remote.url, dev.appKey, DEMO);

    // A request the owner answers: the client hears a notice, then sees the entry only by asking the owner.
    const balanceId = sandbox.requests.lastId + 1;
    const noticed = next(
      (listener) => remote.onRequests((lastId) => lastId === balanceId && listener()),
      () => true,
    );
    await expectOk(call(remote.url, 'GET', '/v1/users/balance', { headers: wallet.headers }));
    assert.equal(sandbox.requests.lastId, balanceId);
    await noticed;
    adminCalls = [];
    const [newest] = await remote.requests.newest(1);
    assert.equal(newest?.path, '/v1/users/balance');
    assert.deepEqual(adminCalls, ['GET /__sandbox/requests'], 'read from the owner, once');

    // Changed in the owner without waiting for any notice: the very next read shows it.
    sandbox.requests.clear();
    assert.deepEqual(await remote.requests.newest(10), []);
    sandbox.setLatency(9);
    assert.equal((await remote.knobs()).latencyMs, 9);
    assert.deepEqual((await remote.webhooks.list()).reverse(), sandbox.events());
  });

  it('GET /__sandbox/watch: notices of changes, never a journal entry, event or knob', async () => {
    const first = await open('window');
    assert.equal(errorOf(await call(first.client.url, 'GET', '/__sandbox/watch')).errorCode, '10000');
    const { secret } = JSON.parse(readFileSync(`${dataFile}.owner`, 'utf8')) as { secret: string };
    const controller = new AbortController();
    const response = await fetch(`${first.client.url}/__sandbox/watch`, {
      headers: { accept: 'text/event-stream', 'x-sandbox-owner-token': secret },
      signal: controller.signal,
    });
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const reader = response.body!.getReader();
    let text = '';
    const read = async (until: RegExp) => {
      while (!until.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    };
    first.inProcess!.setLatency(3);
    await read(/event: change\ndata: .*"knobs":true/);
    const dev = await newDeveloper(first.client.url);
    const wallet = await connectWallet(first.client.url, dev.appKey, DEMO);
    await expectOk(call(first.client.url, 'GET', '/v1/users/balance', { headers: wallet.headers }));
    const lastId = first.inProcess!.requests.lastId;
    await read(new RegExp(`event: requests\ndata: \\{"lastId":${lastId}\\}\n`));
    controller.abort();
    const events = [...text.matchAll(/^event: (\w+)$/gm)].map((match) => match[1]);
    assert.deepEqual([...new Set(events)].sort(), ['change', 'requests']);
    assert.doesNotMatch(text, /balance|sandboxKey|accessToken|"latencyMs"/, 'no entry, answer or knob travels on the stream');
  });

  it('"none" is the same answer in process, from an attached client and from the package over HTTP', async () => {
    const owner = await open('window');
    const attached = await open('mcp');
    assert.equal(attached.client.server.here, false);
    const world = await connectSandbox(owner.client.url);
    const quiet = '2348000000000';
    // No passcode waiting and an unknown event are "none" (undefined) on every path...
    assert.deepEqual(await Promise.all([owner.client.passcode(quiet), attached.client.passcode(quiet), world.passcode(quiet)]), [
      undefined,
      undefined,
      undefined,
    ]);
    assert.deepEqual(await Promise.all([owner.client.webhooks.get('evt_nope'), attached.client.webhooks.get('evt_nope')]), [
      undefined,
      undefined,
    ]);
    // ...and an unknown wallet is refused on every path, not taken for "none".
    for (const read of [
      () => owner.client.passcode('2347099999999'),
      () => attached.client.passcode('2347099999999'),
      () => world.passcode('2347099999999'),
    ]) {
      await assert.rejects(read(), /wallet|mobile/i);
    }
  });
});
