import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startCheckedSandbox } from '../support/contract';
import { call, connectWallet, errorOf, expectOk, newDeveloper } from './helpers';

describe('sandbox: state file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps developers, apps, wallets and tokens across a restart', async () => {
    const dataFile = path.join(dir, 'state.json');
    const first = await startCheckedSandbox({ dataFile, log: () => undefined });
    const dev = await newDeveloper(first);
    const wallet = await connectWallet(first, dev.appKey, dev.sandboxMobile);
    first.setBalance(dev.sandboxMobile, 123_456);
    const added = first.addTransaction(dev.sandboxMobile, { type: 'bank', amount: 250_000 });
    await first.close();

    assert.deepEqual(readdirSync(dir), ['state.json'], 'no temporary files are left behind');
    const saved = readFileSync(dataFile, 'utf8');
    assert.ok(!saved.includes(dev.password), 'the password is not stored in plain text');
    assert.match(saved, /"passwordHash":"scrypt:/);
    // Like a real server, only hashes of keys and refresh tokens are kept: the file lives in
    // the user's VS Code data folder when the extension runs the sandbox.
    for (const secret of [dev.appKey, dev.sandboxKey, wallet.refreshToken])
      assert.ok(!saved.includes(secret), 'no key or refresh token in plain text');
    assert.doesNotMatch(saved, /"passcode"/, 'passcodes are never written');

    const second = await startCheckedSandbox({ dataFile, log: () => undefined });
    try {
      // The signing secret persisted, so the old access token is still good.
      const balance = await expectOk(call(second, 'GET', '/v1/users/balance', { headers: wallet.headers }));
      assert.equal(balance.json['data'].user.balance, 123_456);
      const byRef = await expectOk(call(second, 'GET', `/v1/transactions/${added.reference}`, { headers: wallet.headers }));
      assert.deepEqual(byRef.json['data'].transaction, added);
      await expectOk(
        call(second, 'POST', '/v1/users/accessToken', {
          body: { refreshToken: wallet.refreshToken },
          headers: { 'x-app-key': dev.sandboxKey },
        }),
      );
      await expectOk(call(second, 'POST', '/v1/auth/login', { body: { email: dev.email, password: dev.password } }));
      const taken = await call(second, 'POST', '/v1/auth/signup', { body: { email: dev.email, password: dev.password } });
      assert.equal(taken.status, 409);
      // A new app after the restart gets new keys, not a replay of the old ones.
      const app = await expectOk(
        call(second, 'POST', '/v1/resource/app', { body: { name: 'Second' }, headers: { 'x-auth-token': dev.token } }),
      );
      assert.notEqual(app.json['data'].app.key, dev.appKey);
    } finally {
      await second.close();
    }
  });

  it('writes the file at start and after changes, replacing it atomically', async () => {
    const dataFile = path.join(dir, 'nested', 'state.json');
    const sandbox = await startCheckedSandbox({ dataFile, log: () => undefined });
    await sandbox.close();
    const before = JSON.parse(readFileSync(dataFile, 'utf8')) as { version: number; wallets: { mobile: string }[]; developers: unknown[] };
    assert.equal(before.version, 1);
    assert.deepEqual(before.wallets.map((w) => w.mobile).sort(), ['2348000000000', '2349090000000']);
    assert.equal(before.developers.length, 0);

    const again = await startCheckedSandbox({ dataFile, log: () => undefined });
    await newDeveloper(again);
    await again.close();
    const after = JSON.parse(readFileSync(dataFile, 'utf8')) as { developers: unknown[] };
    assert.equal(after.developers.length, 1);
    assert.deepEqual(readdirSync(path.dirname(dataFile)), ['state.json']);
  });

  it('sweeps the temporary files of writers that were killed, never those of a running one', async () => {
    const dataFile = path.join(dir, 'state.json');
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    assert.ok(gone, 'a finished process gives a pid nobody runs');
    const orphan = `.state.json.${gone}.deadbeef.tmp`;
    const live = `.state.json.${process.pid}.cafebabe.tmp`;
    for (const name of [orphan, live, 'notes.txt']) writeFileSync(path.join(dir, name), '{"half":');
    const sandbox = await startCheckedSandbox({ dataFile, log: () => undefined });
    await sandbox.close();
    assert.deepEqual(readdirSync(dir).sort(), [live, 'notes.txt', 'state.json']);
  });

  it('moves a corrupt file aside, warns, and starts fresh', async () => {
    const dataFile = path.join(dir, 'state.json');
    writeFileSync(dataFile, '{"version": 1, "secret": "abc", "developers": [');
    const warnings: string[] = [];
    const sandbox = await startCheckedSandbox({ dataFile, log: (line) => warnings.push(line) });
    try {
      assert.equal(warnings.length, 1);
      assert.match(warnings[0] ?? '', /not a valid state file/);
      assert.equal(readFileSync(`${dataFile}.corrupt`, 'utf8'), '{"version": 1, "secret": "abc", "developers": [');
      await newDeveloper(sandbox);
    } finally {
      await sandbox.close();
    }
    const fresh = JSON.parse(readFileSync(dataFile, 'utf8')) as { developers: unknown[] };
    assert.equal(fresh.developers.length, 1);
  });

  it('treats JSON of the wrong shape as corrupt too', async () => {
    const dataFile = path.join(dir, 'state.json');
    writeFileSync(dataFile, JSON.stringify({ hello: 'world' }));
    const warnings: string[] = [];
    const sandbox = await startCheckedSandbox({ dataFile, log: (line) => warnings.push(line) });
    await sandbox.close();
    assert.equal(warnings.length, 1);
    assert.deepEqual(readdirSync(dir).sort(), ['state.json', 'state.json.corrupt']);
  });

  it('starts fresh and quietly when the file does not exist', async () => {
    const warnings: string[] = [];
    const sandbox = await startCheckedSandbox({ dataFile: path.join(dir, 'missing.json'), log: (line) => warnings.push(line) });
    await sandbox.close();
    assert.deepEqual(warnings, []);
  });

  it('keeps memory-only sandboxes apart', async () => {
    const a = await startCheckedSandbox({ log: () => undefined });
    const b = await startCheckedSandbox({ log: () => undefined });
    try {
      const dev = await newDeveloper(a);
      const answer = await call(b, 'POST', '/v1/users/auth/validate', {
        body: { mobile: '2348000000000' },
        headers: { 'x-app-key': dev.appKey },
      });
      assert.equal(errorOf(answer).errorCode, '10001');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
