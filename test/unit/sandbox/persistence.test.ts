import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startCheckedSandbox } from '../support/contract';
import { whenFolder } from '../support/eventually';
import { call, connectWallet, errorOf, expectOk, newDeveloper } from './helpers';

/** The balance the checkpoint at `dataFile` holds for `mobile` (undefined before there is one that holds the wallet). */
function checkpointBalance(dataFile: string, mobile: string): number | undefined {
  if (!existsSync(dataFile)) return undefined;
  const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as { wallets: { mobile: string; balance: number }[] };
  return saved.wallets.find((wallet) => wallet.mobile === mobile)?.balance;
}

/**
 * Once the checkpoint (not a journal line) holds one of `balances` for `mobile`: a change that
 * only a checkpoint saves (setBalance) is written, so the next transfer is a journal line. Watched
 * in the folder, where the writer renames each checkpoint into place.
 */
function checkpointed(dataFile: string, mobile: string, ...balances: number[]): Promise<true> {
  return whenFolder(
    path.dirname(dataFile),
    () => (balances.includes(checkpointBalance(dataFile, mobile) ?? Number.NaN) ? true : undefined),
    () => `the checkpoint holds ${mobile}'s balance ${balances.join(' or ')} (it holds ${checkpointBalance(dataFile, mobile)})`,
  );
}

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

  it('keeps answered transfers in a journal beside the file, and folds it in on close', async () => {
    const dataFile = path.join(dir, 'state.json');
    const first = await startCheckedSandbox({ dataFile, log: () => undefined });
    const dev = await newDeveloper(first);
    const wallet = await connectWallet(first, dev.appKey, dev.sandboxMobile);
    first.setBalance(dev.sandboxMobile, 1_000_000);
    const send = (sandbox: { url: string }, amount: number) =>
      expectOk(
        call(sandbox.url, 'POST', '/v1/users/transfers/phone', { body: { mobile: '2348000000000', amount }, headers: wallet.headers }),
      );
    const before = await send(first, 1_000);
    // The setup is in the checkpoint: written before the transfer came, or with it (the answer
    // waits for that write).
    await checkpointed(dataFile, dev.sandboxMobile, 1_000_000, 1_000_000 - 1_000);
    const answered = await send(first, 2_500);
    const reference = answered.json['data'].transaction.reference as string;
    // The answer waited for one journal line, not for the whole file.
    const journal = readdirSync(dir).find((name) => name.endsWith('.journal'));
    assert.ok(journal, `a journal beside the file: ${readdirSync(dir).join(', ')}`);
    assert.ok(!readFileSync(dataFile, 'utf8').includes(reference), 'the transfer is not in the checkpoint');
    assert.match(readFileSync(path.join(dir, journal), 'utf8'), new RegExp(reference));

    // What a crash leaves: the files as they are now, with the process never closed.
    const crashed = path.join(dir, 'crashed');
    mkdirSync(crashed);
    for (const name of ['state.json', journal]) copyFileSync(path.join(dir, name), path.join(crashed, name));
    await first.close();
    assert.deepEqual(readdirSync(dir).sort(), ['crashed', 'state.json'], 'close folds the journal into the file and removes it');

    const crashedFile = path.join(crashed, 'state.json');
    const second = await startCheckedSandbox({ dataFile: crashedFile, log: () => undefined });
    try {
      const balance = await expectOk(call(second, 'GET', '/v1/users/balance', { headers: wallet.headers }));
      assert.equal(balance.json['data'].user.balance, 1_000_000 - 1_000 - 2_500);
      for (const ref of [before.json['data'].transaction.reference as string, reference]) {
        await expectOk(call(second, 'GET', `/v1/transactions/${ref}`, { headers: wallet.headers }));
      }
      await send(second, 4_000);
    } finally {
      await second.close();
    }
    // The copied journal names this process, which still runs, so it is left alone; a dead
    // writer's is swept (test/unit/sandbox/durability.test.ts).
    assert.deepEqual(
      readdirSync(crashed).filter((name) => name !== journal),
      ['state.json'],
    );
    const third = await startCheckedSandbox({ dataFile: crashedFile, log: () => undefined });
    try {
      const balance = await expectOk(call(third, 'GET', '/v1/users/balance', { headers: wallet.headers }));
      assert.equal(balance.json['data'].user.balance, 1_000_000 - 1_000 - 2_500 - 4_000);
    } finally {
      await third.close();
    }
  });

  it('keeps a transfer answered after a checkpoint emptied the journal: its line is not spoilt by a gap', async () => {
    // The journal was written at the handle's position, which truncating it did not move back:
    // the next line came after a run of zero bytes, could not be read, and was lost on a crash.
    const dataFile = path.join(dir, 'state.json');
    const sandbox = await startCheckedSandbox({ dataFile, log: () => undefined });
    const dev = await newDeveloper(sandbox);
    const wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
    sandbox.setBalance(dev.sandboxMobile, 1_000_000);
    const send = (amount: number) =>
      expectOk(call(sandbox, 'POST', '/v1/users/transfers/phone', { body: { mobile: '2348000000000', amount }, headers: wallet.headers }));
    const crashed = path.join(dir, 'crashed');
    const references: string[] = [];
    try {
      await checkpointed(dataFile, dev.sandboxMobile, 1_000_000); // the setup's checkpoint is written: the next transfer is a line
      references.push((await send(1_000)).json['data'].transaction.reference as string);
      sandbox.setBalance('2349090000000', 5_000); // a change only a checkpoint saves: the journal is emptied
      await checkpointed(dataFile, '2349090000000', 5_000);
      references.push((await send(2_500)).json['data'].transaction.reference as string);
      const journal = readdirSync(dir).find((name) => name.endsWith('.journal'));
      assert.ok(journal);
      assert.doesNotMatch(readFileSync(path.join(dir, journal), 'utf8'), /\0/, 'no zero bytes in the journal');
      mkdirSync(crashed);
      for (const name of ['state.json', journal]) copyFileSync(path.join(dir, name), path.join(crashed, name));
    } finally {
      await sandbox.close();
    }

    const again = await startCheckedSandbox({ dataFile: path.join(crashed, 'state.json'), log: () => undefined });
    try {
      assert.equal(again.balance(dev.sandboxMobile), 1_000_000 - 1_000 - 2_500);
      for (const reference of references) {
        await expectOk(call(again, 'GET', `/v1/transactions/${reference}`, { headers: wallet.headers }));
      }
    } finally {
      await again.close();
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

  it('keeps every corrupt file it moves aside: the next goes to <file>.1.corrupt, <file>.2.corrupt…', async () => {
    const dataFile = path.join(dir, 'state.json');
    // The third is cut where JSON.parse's message would quote it: the log says where, never what.
    const corrupt = ['{"first": "broken', '{"second": "broken', '{"secret": hunter2-of-the-file}'];
    const warnings: string[] = [];
    for (const text of corrupt) {
      writeFileSync(dataFile, text);
      const sandbox = await startCheckedSandbox({ dataFile, log: (line) => warnings.push(line) });
      await sandbox.close();
    }
    const kept = ['state.json.corrupt', 'state.json.1.corrupt', 'state.json.2.corrupt'];
    assert.deepEqual(readdirSync(dir).sort(), [...kept, 'state.json'].sort());
    assert.deepEqual(
      kept.map((name) => readFileSync(path.join(dir, name), 'utf8')),
      corrupt,
      'each corrupt file is kept, none overwritten',
    );
    assert.equal(warnings.length, 3);
    assert.ok(!warnings.join('\n').includes('hunter2'), warnings[2]);
    kept.forEach((name, index) => assert.ok(warnings[index]!.includes(`kept it as ${path.join(dir, name)}`), warnings[index]));
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
