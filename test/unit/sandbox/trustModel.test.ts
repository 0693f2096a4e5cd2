import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { once } from 'node:events';
import { parseArgs, UsageError } from '../../../src/sandbox/cli';
import { connectSandbox, SandboxError } from '../../../src/sandbox/package/index';
import type { JournalEntry } from '../../../src/sandbox/requests/entry';
import type { Sandbox } from '../../../src/sandbox/types';
import { firstLine } from '../support/cliReady';
import { startCheckedSandbox } from '../support/contract';
import { call, connectWallet, errorOf, expectOk } from './helpers';

// Issue 35, the trust model: loopback by default; --allow-remote (allowRemote: true) is the only
// way past it, and then the root world's admin API needs the admin token (given or generated)
// and the journal over HTTP masks secrets unless that token asks for them. Started on 127.0.0.1
// with allowRemote: the rule is the flag's, not the address's, so the test needs no other host.

const APP_KEY = 'sk_test_trust_00000001';
const MOBILE = '2348031112222';
const SCENARIO = {
  developers: [{ email: 'trust@example.ng', password: 'trust-password', apps: [{ name: 'Trust', sandboxKey: APP_KEY }] }],
  wallets: [{ mobile: MOBILE, name: 'Ada Trust', balance: 100_00 }],
};
const TOKEN = 'given-admin-token-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A wallet call that leaves an app key, a passcode and an access token in the journal. */
async function recordSecrets(sandbox: Sandbox, appKey = APP_KEY): Promise<string> {
  const wallet = await connectWallet(sandbox, appKey, MOBILE);
  await expectOk(
    call(sandbox, 'GET', '/v1/users/balance', { headers: { 'x-app-key': appKey, 'x-app-wallet-access-token': wallet.accessToken } }),
  );
  return wallet.accessToken;
}

/** The CLI's stdout until its first line, and the process to stop. */
async function cliReadyLine(args: string[]): Promise<{ line: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [path.resolve(__dirname, '../../../src/sandboxCli.js'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = await firstLine(child);
  return {
    line,
    stop: async () => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function journalText(answer: { json: Record<string, unknown> }): string {
  return JSON.stringify((answer.json['data'] as { requests: JournalEntry[] }).requests);
}

describe('sandbox: the trust model (admin token beyond loopback, masked journal)', function () {
  this.timeout(30_000);
  let sandbox: Sandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  it('asks for the admin token on the root world: missing and wrong are 401 90011, right is served; health stays open', async () => {
    sandbox = await startCheckedSandbox({ allowRemote: true, adminToken: TOKEN, scenario: SCENARIO, log: () => undefined });
    assert.equal(sandbox.adminToken, TOKEN);
    const missing = await call(sandbox, 'POST', `/__sandbox/balance?mobile=${MOBILE}`, { body: { balance: 1 } });
    assert.deepEqual([missing.status, errorOf(missing).errorCode], [401, '90011']);
    assert.match(errorOf(missing).error, /Authorization: Bearer/);
    const wrong = await call(sandbox, 'POST', `/__sandbox/balance?mobile=${MOBILE}`, {
      body: { balance: 1 },
      headers: bearer(`${TOKEN}x`),
    });
    assert.deepEqual([wrong.status, errorOf(wrong).errorCode], [401, '90011']);
    // With the root world's own app key, still the token: an app key is not an admin credential.
    const byAppKey = await call(sandbox, 'GET', '/__sandbox/knobs', { headers: { 'x-app-key': APP_KEY } });
    assert.equal(byAppKey.status, 401);
    assert.equal(sandbox.balance(MOBILE), 100_00, 'the refused calls moved no money');

    await expectOk(call(sandbox, 'POST', `/__sandbox/balance?mobile=${MOBILE}`, { body: { balance: 7 }, headers: bearer(TOKEN) }));
    assert.equal(sandbox.balance(MOBILE), 7);
    await expectOk(call(sandbox, 'GET', '/__sandbox/health'));
    assert.equal((await call(sandbox, 'GET', '/__sandbox/openapi.json')).status, 200);
    // The wallet API is the API's own business: its app key, as before.
    assert.equal((await call(sandbox, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': APP_KEY } })).status, 200);
  });

  it('connectSandbox reaches the root world with adminToken, and is refused 401 90011 without it', async () => {
    sandbox = await startCheckedSandbox({ allowRemote: true, adminToken: TOKEN, scenario: SCENARIO, log: () => undefined });
    await assert.rejects(connectSandbox(sandbox.url), (error: unknown) => error instanceof SandboxError && error.errorCode === '90011');
    const connected = await connectSandbox(sandbox.url, { adminToken: TOKEN });
    await connected.setBalance(MOBILE, 42);
    assert.equal(await connected.balance(MOBILE), 42);
    assert.equal(sandbox.balance(MOBILE), 42, 'the same world, reached with the token');
    const namespace = await connected.namespaces.create();
    assert.equal(await namespace.balance(MOBILE), 100_00, 'a namespace made over that connection starts from the scenario');
  });

  it('generates a token when none is given; a namespace keeps working with its own key, without the token', async () => {
    sandbox = await startCheckedSandbox({ allowRemote: true, scenario: SCENARIO, log: () => undefined });
    const token = sandbox.adminToken!;
    assert.match(token, /^[0-9a-f]{32}$/);
    const created = await expectOk(call(sandbox, 'POST', '/__sandbox/namespaces', { headers: bearer(token) }));
    const nsKey = created.json['data'].namespace.appKey as string;
    await expectOk(
      call(sandbox, 'POST', `/__sandbox/balance?mobile=${MOBILE}`, { body: { balance: 55 }, headers: { 'x-app-key': nsKey } }),
    );
    assert.equal(sandbox.namespaces.list().length, 1);
    assert.equal(sandbox.balance(MOBILE), 100_00, 'the namespace call acted on the namespace only');
    assert.equal((await call(sandbox, 'POST', '/__sandbox/namespaces')).status, 401, 'making a namespace is a root-world call');
  });

  it('masks the journal over HTTP unless the token asks for secrets; a namespace journal too', async () => {
    sandbox = await startCheckedSandbox({ allowRemote: true, adminToken: TOKEN, scenario: SCENARIO, log: () => undefined });
    const accessToken = await recordSecrets(sandbox);
    // The passcode the wallet signed in with, as the journal kept it.
    const passcode = /\\"passcode\\":\\"(\d+)\\"/.exec(JSON.stringify(sandbox.requests.list()))?.[1];
    assert.ok(passcode, 'the sign-in sent a passcode');
    // The body as received (escaped in the JSON answer) and as parsed (the entry's `json`).
    const secrets = [APP_KEY, accessToken, `\\"passcode\\":\\"${passcode}\\"`, `"passcode":"${passcode}"`];

    const masked = journalText(await expectOk(call(sandbox, 'GET', '/__sandbox/requests', { headers: bearer(TOKEN) })));
    for (const secret of secrets) assert.ok(!masked.includes(secret), `masked journal shows ${secret}`);
    assert.match(masked, /\[masked\]/);
    assert.match(masked, /\/v1\/users\/balance/, 'the entries are there, only their secrets are hidden');
    // ?secrets=true without the right token is no way round it.
    const asked = await call(sandbox, 'GET', '/__sandbox/requests?secrets=true', { headers: bearer('not-the-admin-token-000') });
    assert.equal(asked.status, 401);

    const open = journalText(await expectOk(call(sandbox, 'GET', '/__sandbox/requests?secrets=true', { headers: bearer(TOKEN) })));
    for (const secret of secrets) assert.ok(open.includes(secret), `the token asked for ${secret}`);

    const nsKey = (await sandbox.namespaces.create()).appKey;
    await recordSecrets(sandbox, nsKey);
    const nsMasked = journalText(await expectOk(call(sandbox, 'GET', '/__sandbox/requests', { headers: { 'x-app-key': nsKey } })));
    assert.ok(!nsMasked.includes(nsKey), 'the namespace journal masks its key');
    const nsOpen = await expectOk(
      call(sandbox, 'GET', '/__sandbox/requests?secrets=true', { headers: { 'x-app-key': nsKey, ...bearer(TOKEN) } }),
    );
    assert.ok(journalText(nsOpen).includes(nsKey));
    // In Node the journal is the caller's own, as it came.
    assert.ok(JSON.stringify(sandbox.requests.list()).includes(APP_KEY));
  });

  it('leaves loopback as it was: no token, the journal as it came', async () => {
    sandbox = await startCheckedSandbox({ scenario: SCENARIO, log: () => undefined });
    assert.equal(sandbox.adminToken, undefined);
    await recordSecrets(sandbox);
    const open = journalText(await expectOk(call(sandbox, 'GET', '/__sandbox/requests')));
    assert.ok(open.includes(APP_KEY));
    await expectOk(call(sandbox, 'GET', '/__sandbox/knobs'));
  });

  it('the CLI with --allow-remote prints the token it made in its --json line, and asks for it', async () => {
    const { line, stop } = await cliReadyLine(['--port', '0', '--host', '127.0.0.1', '--allow-remote', '--json']);
    try {
      const ready = JSON.parse(line) as { url: string; adminToken: string };
      assert.match(ready.adminToken, /^[0-9a-f]{32}$/);
      assert.equal((await call(ready.url, 'GET', '/__sandbox/knobs')).status, 401);
      await expectOk(call(ready.url, 'GET', '/__sandbox/knobs', { headers: bearer(ready.adminToken) }));
    } finally {
      await stop();
    }
  });

  it('refuses an admin token without allowRemote, or a short one, from Node and the CLI alike', async () => {
    await assert.rejects(startCheckedSandbox({ adminToken: TOKEN }), /only with --allow-remote/);
    await assert.rejects(startCheckedSandbox({ allowRemote: true, adminToken: 'short' }), /16 to 200 printable/);
    assert.throws(
      () => parseArgs(['--admin-token', TOKEN]),
      (error: unknown) => error instanceof UsageError && /--allow-remote/.test(error.message),
    );
    assert.equal((parseArgs(['--allow-remote', '--admin-token', TOKEN]) as { options: { adminToken?: string } }).options.adminToken, TOKEN);
  });
});
