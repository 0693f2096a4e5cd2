import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { once } from 'node:events';
import { parseArgs, UsageError } from '../../../src/sandbox/cli/cli';
import { connectSandbox, SandboxError } from '../../../src/sandbox/package/index';
import type { JournalEntry } from '../../../src/sandbox/requests/entry';
import type { Sandbox, SandboxNamespace } from '../../../src/sandbox/types';
import { firstLine } from '../support/cliReady';
import { startCheckedSandbox } from '../support/contract';
import { Answer, call, connectWallet, errorOf, expectOk } from './helpers';

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

  it('masks a passcode whose name is escaped: a JSON \\u escape, a percent-encoded form or query name', async () => {
    sandbox = await startCheckedSandbox({ allowRemote: true, adminToken: TOKEN, scenario: SCENARIO, log: () => undefined });
    const app = { 'x-app-key': APP_KEY };
    const passcode = '918273';
    await call(sandbox, 'POST', '/v1/users/auth', {
      headers: { ...app, 'content-type': 'application/json' },
      rawBody: `{"mobile":"${MOBILE}","factor":"sms","pass\\u0063ode":"${passcode}"}`,
    });
    await call(sandbox, 'POST', '/v1/users/auth', {
      headers: { ...app, 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: `mobile=${MOBILE}&factor=sms&pass%63ode=${passcode}`,
    });
    await call(sandbox, 'GET', `/v1/users/balance?PASS%43ODE=${passcode}&pass+code=${passcode}`, { headers: app });
    assert.equal(sandbox.requests.list().length, 3);
    assert.ok(JSON.stringify(sandbox.requests.list()).includes(passcode), 'the journal in Node keeps them as they came');

    const masked = await expectOk(call(sandbox, 'GET', '/__sandbox/requests', { headers: bearer(TOKEN) }));
    assert.ok(!masked.text.includes(passcode), `the masked journal shows the passcode: ${masked.text}`);
    const [json, form, query] = (masked.json['data'] as { requests: JournalEntry[] }).requests;
    assert.equal(json!.requestBody, `{"mobile":"${MOBILE}","factor":"sms","pass\\u0063ode":"[masked]"}`);
    assert.deepEqual(json!.json, { mobile: MOBILE, factor: 'sms', passcode: '[masked]' });
    assert.equal(form!.requestBody, `mobile=${MOBILE}&factor=sms&pass%63ode=%5Bmasked%5D`);
    assert.equal(query!.query, 'PASS%43ODE=%5Bmasked%5D&pass+code=%5Bmasked%5D');
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

// Issue 52: with an admin token, a namespace's key reaches its own namespace and nothing else.
// The routes that act on the sandbox as a whole (listing, creating, resetting and deleting
// namespaces) and the root world's watch stream ask every caller for the admin token, whatever
// X-App-Key it sends. Over real HTTP on loopback, every such route × every kind of credential.

interface Pair {
  /** The namespace the route names (its id in the path); "its own key" is this one's. */
  own: SandboxNamespace;
  /** Another namespace: "another namespace's key". */
  other: SandboxNamespace;
}

/** An answer, with its content type (a stream has no body here). */
type Asked = Answer & { contentType: string };

/** One request; a stream (the watch) is answered once its headers are in, then closed. */
async function ask(url: string, method: string, path: string, headers: Record<string, string>): Promise<Asked> {
  const response = await fetch(url + path, { method, headers: { accept: 'text/event-stream, application/json', ...headers } });
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, contentType, json: {}, text: '' };
  }
  const text = await response.text();
  return { status: response.status, headers: response.headers, contentType, json: JSON.parse(text) as Asked['json'], text };
}

interface WholeSandboxRoute {
  method: string;
  path: (pair: Pair) => string;
  /** What the admin token's answer shows, and that it acted. */
  served(answer: Asked, pair: Pair, sandbox: Sandbox): void;
}

/** That a refused call changed nothing: no namespace made or deleted, the named one not reset. */
const untouched = ({ own }: Pair, sandbox: Sandbox, countBefore: number): void => {
  assert.equal(sandbox.namespaces.list().length, countBefore, 'no namespace made or deleted');
  assert.equal(sandbox.namespaces.get(own.id)?.balance(MOBILE), 1, 'the named namespace is neither reset nor deleted');
};

const WHOLE_SANDBOX_ROUTES: WholeSandboxRoute[] = [
  {
    method: 'POST',
    path: () => '/__sandbox/namespaces',
    served: (answer, _pair, sandbox) => assert.ok(sandbox.namespaces.get(answer.json['data'].namespace.id as string)),
  },
  {
    method: 'GET',
    path: () => '/__sandbox/namespaces',
    served: (answer, { own, other }) =>
      assert.deepEqual((answer.json['data'].namespaces as { id: string }[]).map(({ id }) => id).sort(), [own.id, other.id].sort()),
  },
  {
    method: 'POST',
    path: ({ own }) => `/__sandbox/namespaces/${own.id}/reset`,
    served: (answer, { own }, sandbox) => {
      assert.equal(answer.json['data'].reset, own.id);
      assert.equal(sandbox.namespaces.get(own.id)?.balance(MOBILE), 100_00, 'back to its start');
    },
  },
  {
    method: 'DELETE',
    path: ({ own }) => `/__sandbox/namespaces/${own.id}`,
    served: (answer, { own }, sandbox) => {
      assert.equal(answer.json['data'].deleted, own.id);
      assert.equal(sandbox.namespaces.get(own.id), undefined);
    },
  },
  {
    method: 'GET',
    path: () => '/__sandbox/watch',
    served: (answer) => assert.match(answer.contentType, /^text\/event-stream/),
  },
];

const CREDENTIALS: { name: string; admitted: boolean; headers: (pair: Pair) => Record<string, string> }[] = [
  { name: 'no credentials', admitted: false, headers: () => ({}) },
  { name: 'its own key', admitted: false, headers: ({ own }) => ({ 'x-app-key': own.appKey }) },
  { name: "another namespace's key", admitted: false, headers: ({ other }) => ({ 'x-app-key': other.appKey }) },
  { name: 'the admin token', admitted: true, headers: () => bearer(TOKEN) },
];

describe('sandbox: the trust model, a namespace key past the admin token (issue 52)', function () {
  this.timeout(30_000);
  let sandbox: Sandbox;
  let pair: Pair;
  before(async () => {
    sandbox = await startCheckedSandbox({ allowRemote: true, adminToken: TOKEN, scenario: SCENARIO, log: () => undefined });
  });
  after(() => sandbox.close());
  beforeEach(() => {
    pair = { own: sandbox.namespaces.create(), other: sandbox.namespaces.create() };
    pair.own.setBalance(MOBILE, 1);
  });
  afterEach(() => {
    for (const { id } of sandbox.namespaces.list()) sandbox.namespaces.delete(id);
  });

  for (const route of WHOLE_SANDBOX_ROUTES) {
    for (const credentials of CREDENTIALS) {
      const what = `${route.method} ${route.path({ own: { id: ':id' }, other: { id: ':id' } } as unknown as Pair)}`;
      it(`${what} with ${credentials.name}: ${credentials.admitted ? 'served' : '401 90011, nothing changed'}`, async () => {
        const countBefore = sandbox.namespaces.list().length;
        const answer = await ask(sandbox.url, route.method, route.path(pair), credentials.headers(pair));
        if (credentials.admitted) {
          assert.equal(answer.status, 200, answer.text);
          if (answer.text !== '') assert.equal(answer.json['success'], true);
          route.served(answer, pair, sandbox);
          return;
        }
        assert.equal(answer.status, 401, answer.text);
        const { error, errorCode } = errorOf(answer);
        assert.equal(errorCode, '90011');
        assert.match(error, /admin token/);
        assert.match(error, /Authorization: Bearer/);
        untouched(pair, sandbox, countBefore);
      });
    }
  }

  it("a namespace's key still reaches its own world's admin routes, and only its own", async () => {
    await expectOk(
      call(sandbox, 'POST', `/__sandbox/balance?mobile=${MOBILE}`, { body: { balance: 9 }, headers: { 'x-app-key': pair.other.appKey } }),
    );
    await expectOk(call(sandbox, 'POST', '/__sandbox/reset', { headers: { 'x-app-key': pair.other.appKey } }));
    assert.deepEqual([pair.own.balance(MOBILE), pair.other.balance(MOBILE), sandbox.balance(MOBILE)], [1, 100_00, 100_00]);
  });

  it('on loopback without an admin token, a namespace key lists, makes, resets and deletes as before', async () => {
    const loopback = await startCheckedSandbox({ scenario: SCENARIO, log: () => undefined });
    try {
      const mine = { own: loopback.namespaces.create(), other: loopback.namespaces.create() };
      const headers = { 'x-app-key': mine.other.appKey };
      for (const route of WHOLE_SANDBOX_ROUTES) {
        const answer = await ask(loopback.url, route.method, route.path(mine), headers);
        assert.equal(answer.status, 200, `${route.method} ${route.path(mine)}: ${answer.text}`);
      }
      assert.equal(loopback.namespaces.get(mine.own.id), undefined, 'the DELETE went through');
    } finally {
      await loopback.close();
    }
  });
});
