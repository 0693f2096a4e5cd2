import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startSandbox, type Sandbox, type SandboxExchange } from '../../../src/sandbox';
import { EXTENSION_USER_AGENT, recordFromTransport } from '../../../src/traffic/capture';
import { maskText } from '../../../src/common/masking';
import type { RequestRecord } from '../../../src/traffic/requestRecord';
import { SandboxRecorder } from '../../../src/traffic/sandboxRecorder';
import { isNoiseHeader, snippet, snippetHeaders } from '../../../src/traffic/snippets';
import { WalletClient } from '../../../src/api';
import { newDeveloper } from '../sandbox/helpers';
import { sandboxAnswer } from './sandboxAnswer';

// Masking on first read, over real traffic: a developer's flow against a real sandbox, every
// exchange kept as it came and turned into a record, and no secret of the flow anywhere in what
// a record gives when read.

const SANDBOX_URL = 'http://127.0.0.1:4010';

/** Each exchange kept as the history keeps the sandbox's, and read back as a record. */
function recorded(recorder: SandboxRecorder, exchanges: readonly SandboxExchange[], sandboxUrl = SANDBOX_URL): RequestRecord[] {
  const ids = exchanges.map((exchange) => recorder.note(exchange, sandboxUrl)).filter((id) => id !== undefined);
  return ids.map((id) => recorder.record(id)!);
}

function everything(record: RequestRecord): string {
  return JSON.stringify(record);
}

/** All of the record as plain data (JSON.stringify reaches the masked getters through toJSON), but the template. */
function shown(record: RequestRecord): string {
  return JSON.stringify({ ...JSON.parse(everything(record)), template: undefined });
}

describe('traffic: records kept as they came, masked when first read', () => {
  let sandbox: Sandbox;
  const exchanges: SandboxExchange[] = [];

  before(async () => {
    sandbox = await startSandbox({ onExchange: (exchange) => exchanges.push(exchange), log: () => undefined });
  });
  after(() => sandbox.close());

  it('reads back no password, token, app key or passcode, and masks account numbers, over a whole flow', async () => {
    const developer = await newDeveloper(sandbox);
    const client = new WalletClient({ consoleUrl: sandbox.url, developerUrl: sandbox.url, userAgent: EXTENSION_USER_AGENT });
    await client.validateUser(developer.sandboxKey, developer.sandboxMobile);
    await client.sendOtp(developer.sandboxKey, developer.sandboxMobile);
    const passcode = sandbox.lastPasscode(developer.sandboxMobile)!;
    const session = await client.verifyOtp(developer.sandboxKey, developer.sandboxMobile, passcode);
    const wallet = { appKey: developer.sandboxKey, accessToken: session.accessToken };
    await client.getBalance(wallet);
    const accountNumber = '2079151995';
    await client.verifyBankAccount(wallet, { accountNumber, bankCode: '000014' }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));

    const records = recorded(new SandboxRecorder(100), exchanges, sandbox.url);
    assert.ok(records.length >= 6, `recorded ${records.length}`);
    const secrets = [
      developer.password,
      developer.token,
      developer.appKey,
      developer.sandboxKey,
      passcode,
      session.accessToken,
      session.refreshToken,
    ];
    for (const record of records) {
      for (const secret of secrets) assert.ok(!everything(record).includes(secret), `${record.method} ${record.path} keeps a secret`);
      assert.ok(!shown(record).includes(accountNumber), `${record.method} ${record.path} shows the full account number`);
    }
    const verify = records.find((record) => record.path === '/v1/queries/verify')!;
    assert.match(verify.query, /accountNumber=\*+1995/);
    assert.ok(verify.template.url.includes(accountNumber), 'the template sends the number as it was');
    assert.deepEqual([...verify.template.placeholders].sort(), ['WALLET_ACCESS_TOKEN', 'WALLET_APP_KEY']);
    assert.equal(verify.fromExtension, true);
    const signup = records.find((record) => record.path === '/v1/auth/signup')!;
    assert.equal(signup.fromExtension, false, 'plain fetch is another client');
    assert.match(signup.requestBody, /"password":"\[masked\]"/);
    assert.match(signup.template.body, /"password":"\$WALLET_PASSWORD"/);
  });

  it('records a staging attempt from the transport with the same shape', () => {
    const record = recordFromTransport('staging', {
      method: 'POST',
      baseUrl: 'https://api.console.example.com/',
      path: '/v1/users/accessToken',
      query: '',
      requestHeaders: { 'X-App-Key': 'sk_test_abcdefgh12345678', 'user-agent': EXTENSION_USER_AGENT },
      requestBody: JSON.stringify({ refreshToken: 'a'.repeat(40) }),
      status: 200,
      responseHeaders: { 'content-type': 'application/json' },
      responseBody: JSON.stringify({ success: true, data: { accessToken: 'eyJabcdef.eyJabcdef.sig', expiresIn: 3600 } }),
      startedAt: 1,
      durationMs: 12.4,
    });
    assert.equal(record.environment, 'staging');
    assert.equal(record.fromExtension, true);
    assert.equal(record.durationMs, 12);
    assert.equal(record.template.url, 'https://api.console.example.com/v1/users/accessToken');
    assert.ok(!everything(record).includes('sk_test_abcdefgh12345678'));
    assert.ok(!everything(record).includes('a'.repeat(40)));
    assert.ok(!everything(record).includes('eyJabcdef'));
  });

  it('keeps the wire as it came until first read, then only its masked copy (what the comments in api/ and traffic/ say)', () => {
    const wire = {
      method: 'GET',
      baseUrl: 'https://api.console.example.com',
      path: '/v1/users/balance',
      query: '',
      requestHeaders: { 'x-app-wallet-access-token': 'first-token-0123456789', 'x-trace': 'first' },
      requestBody: '',
      status: 200,
      responseHeaders: {},
      responseBody: '{"success":true}',
      startedAt: 1,
      durationMs: 1,
    };
    const record = recordFromTransport('staging', wire);
    // Not copied when recorded: a change to the exchange before the first read shows in the record.
    wire.requestHeaders['x-trace'] = 'changed before the first read';
    const header = (name: string) => record.requestHeaders.find(([key]) => key === name)?.[1];
    assert.equal(header('x-trace'), 'changed before the first read');
    assert.equal(header('x-app-wallet-access-token'), '[masked]');
    // Masked and let go on first read: later changes to the exchange no longer reach it.
    wire.requestHeaders['x-trace'] = 'changed after';
    assert.equal(header('x-trace'), 'changed before the first read');
  });

  it('keeps each record its own request headers when a client changes them between calls', () => {
    const call = (token: string): SandboxExchange => ({
      ...sandboxAnswer('{"success":true}'),
      requestHeaders: ['Host', '127.0.0.1:4010', 'Authorization', `Bearer ${token}`, 'X-Trace', token],
    });
    const [first, same, changed] = recorded(new SandboxRecorder(10), [call('one'), call('one'), call('two')]);
    const trace = (record: RequestRecord): string | undefined => record.requestHeaders.find(([name]) => name === 'X-Trace')?.[1];
    assert.deepEqual([trace(first!), trace(same!), trace(changed!)], ['one', 'one', 'two']);
  });

  it("keeps each row its own path, user agent and answer headers where they differ from the last row's", () => {
    const base = sandboxAnswer('{"success":true}');
    const exchanges: SandboxExchange[] = [
      base,
      { ...base, headers: { ...base.headers } },
      { ...base, path: '/v1/transactions', userAgent: 'other-app/2.0', headers: { ...base.headers, 'Retry-After': '1' } },
      { ...base, headers: { 'Content-Type': 'text/plain' } },
      { ...base, headers: {} },
      { ...base, headers: { ...base.headers, 'Content-Type': undefined, Server: 'x' } },
    ];
    const records = recorded(new SandboxRecorder(10), exchanges);
    assert.deepEqual(
      records.map((record) => [record.path, record.userAgent]),
      [
        ['/v1/users/balance', 'my-app/1.0'],
        ['/v1/users/balance', 'my-app/1.0'],
        ['/v1/transactions', 'other-app/2.0'],
        ['/v1/users/balance', 'my-app/1.0'],
        ['/v1/users/balance', 'my-app/1.0'],
        ['/v1/users/balance', 'my-app/1.0'],
      ],
    );
    assert.deepEqual(
      records.map((record) => Object.fromEntries(record.responseHeaders)),
      exchanges.map((exchange) =>
        Object.fromEntries(
          Object.entries(exchange.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
        ),
      ),
    );
  });

  it('takes no memory outside the heap on the first request: the ring is reserved when the recorder is made', () => {
    const exchange = sandboxAnswer('{"success":true}');
    const recorder = new SandboxRecorder(10);
    const before = process.memoryUsage().arrayBuffers;
    recorder.note(exchange, SANDBOX_URL);
    // Taking 16 MB in the middle of the sandbox's first answers left it a sixth slower for good
    // (docs/benchmarks.md).
    assert.ok(process.memoryUsage().arrayBuffers - before < 1024 * 1024);
  });

  it('reads a row back as it was recorded, once, and keeps none for the admin API', () => {
    const recorder = new SandboxRecorder(10);
    const exchange = { ...sandboxAnswer('{"success":true,"data":{"balance":150000}}'), status: 201, durationMs: 12.6, query: 'limit=20' };
    const id = recorder.note(exchange, SANDBOX_URL)!;
    const record = recorder.record(id)!;
    assert.deepEqual(
      { id: record.id, at: record.at, method: record.method, path: record.path, query: record.query, status: record.status },
      { id, at: exchange.startedAt, method: 'GET', path: '/v1/users/balance', query: 'limit=20', status: 201 },
    );
    assert.equal(record.durationMs, 13);
    assert.equal(record.userAgent, 'my-app/1.0');
    assert.equal(record.fromExtension, false);
    assert.equal(record.responseBody, '{"success":true,"data":{"balance":150000}}');
    assert.equal(record.template.url, `${SANDBOX_URL}/v1/users/balance?limit=20`);
    assert.equal(recorder.record(id), undefined, 'a row is handed over once: the recorder empties it');
    assert.equal(recorder.note({ ...exchange, admin: true, path: '/__sandbox/reset' }, SANDBOX_URL), undefined);
  });

  it('keeps as many rows as asked for, then lets the oldest go first', () => {
    const recorder = new SandboxRecorder(3);
    const ids = [1, 2, 3, 4].map((balance) => recorder.note(sandboxAnswer(`{"balance":${balance}}`), SANDBOX_URL)!);
    assert.deepEqual(
      ids.map((id) => recorder.holds(id)),
      [false, true, true, true],
    );
    assert.equal(recorder.record(ids[0]!), undefined);
    assert.match(recorder.record(ids[3]!)!.responseBody, /"balance":4/);
    recorder.resize(5);
    assert.equal(recorder.holds(ids[3]!), false, 'resized rows start empty (the history made records of the ones it lists first)');
    const next = recorder.note(sandboxAnswer('{"balance":5}'), SANDBOX_URL)!;
    assert.match(recorder.record(next)!.responseBody, /"balance":5/);
  });

  it('lets a row go once newer answers have filled the ring its answer was kept in', () => {
    const recorder = new SandboxRecorder(20);
    const oldest = recorder.note(sandboxAnswer('{"success":true,"data":{"balance":150000}}'), SANDBOX_URL)!;
    const unread = recorder.record(oldest)!;
    const newer: number[] = [];
    // The ring keeps 16 MB of answers; nine of 2 MB each go past it.
    for (let index = 0; index < 9; index++) newer.push(recorder.note(sandboxAnswer(`"${'x'.repeat(2 * 1024 * 1024 - 2)}"`), SANDBOX_URL)!);
    assert.equal(recorder.holds(oldest), false);
    assert.equal(unread.lost, true);
    assert.match(unread.responseBody, /no longer kept/);
    assert.ok(newer.slice(-7).every((id) => recorder.holds(id)));
    for (const id of newer.slice(-7)) assert.ok(!recorder.record(id)!.responseBody.includes('no longer kept'), `row ${id} is kept whole`);
    const large = recorder.note(sandboxAnswer(`"${'y'.repeat(2 * 1024 * 1024 + 10)}"`), SANDBOX_URL)!;
    assert.ok(recorder.holds(large), 'an answer too large for the ring is kept as it came');
  });

  it('lets go of the raw answers on Clear: an unread record of a cleared history reads as not kept', () => {
    const recorder = new SandboxRecorder(10);
    const id = recorder.note(sandboxAnswer('{"success":true,"data":{"accessToken":"eyJhbGciOi.eyJzdWIi.c2ln"}}'), SANDBOX_URL)!;
    const unread = recorder.record(id)!;
    recorder.forget();
    assert.equal(recorder.holds(id), false);
    assert.equal(recorder.record(id), undefined);
    assert.equal(unread.lost, true);
    assert.match(unread.responseBody, /no longer kept/);
    assert.doesNotMatch(JSON.stringify(unread), /eyJhbGciOi/);
  });

  it("copies a request Node's fetch made without the headers fetch added on its own (issue 25)", async () => {
    exchanges.length = 0;
    await fetch(`${sandbox.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-App-Key': 'sk_test_abcdefgh12345678', 'X-Trace': 'my-app' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-real-one' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [record] = recorded(new SandboxRecorder(10), exchanges, sandbox.url);
    const sent = record!.template.headers.map(([name]) => name.toLowerCase());
    // What the sandbox received: fetch's own headers are on the wire and in the template (Replay).
    for (const added of ['sec-fetch-mode', 'accept-language']) assert.ok(sent.includes(added), `fetch sent ${added}: ${sent.join(', ')}`);
    for (const format of ['curl', 'fetch', 'python'] as const) {
      const code = snippet(record!.template, format).toLowerCase();
      for (const noise of ['sec-fetch-mode', 'accept-language', 'accept-encoding', 'user-agent', 'connection', 'host'])
        assert.ok(!code.includes(noise), `${format} leaves out ${noise}:\n${code}`);
      for (const needed of ['content-type', 'x-app-key', '$wallet_app_key', 'x-trace'])
        assert.ok(code.includes(needed) || code.includes(needed.replace('$', '')), `${format} keeps ${needed}:\n${code}`);
    }
  });

  it('masks secrets in form bodies, by shape in free text, and leaves other text alone', () => {
    assert.equal(maskText('email=a%40b.ng&password=hunter2'), 'email=a%40b.ng&password=%5Bmasked%5D');
    assert.equal(maskText('key sk_test_abcdefgh1234 in text'), 'key [redacted] in text');
    assert.equal(maskText('{"amount":150000,"note":"hi"}'), '{"amount":150000,"note":"hi"}');
  });
});

describe('traffic: snippets', () => {
  const template = {
    method: 'POST',
    url: 'http://127.0.0.1:4010/v1/users/transfers/phone',
    headers: [
      ['content-type', 'application/json'],
      ['X-App-Key', '$WALLET_APP_KEY'],
      ['X-App-Wallet-Access-Token', '$WALLET_ACCESS_TOKEN'],
    ] as const,
    body: `{"mobile":"2348031234567","amount":150000,"note":"it's"}`,
    placeholders: ['WALLET_APP_KEY', 'WALLET_ACCESS_TOKEN'],
  };

  it('cURL reads the secrets from the environment and quotes the rest for the shell', () => {
    const curl = snippet(template, 'curl');
    assert.match(curl, /-H 'X-App-Key: '"\$WALLET_APP_KEY"/);
    // The shell gives back exactly the body and the expanded header.
    const script = `WALLET_APP_KEY=k1 WALLET_ACCESS_TOKEN=t1; curl() { shift; shift; shift; printf '%s\\n' "$@"; }; ${curl}`;
    const printed = execFileSync('sh', ['-c', script], { encoding: 'utf8' });
    assert.ok(printed.includes('X-App-Key: k1'), printed);
    assert.ok(printed.includes(template.body), printed);
  });

  it('leaves out the headers a browser or a runtime adds on its own, and keeps what an API call needs (issue 25)', () => {
    const noisy = [
      ['Sec-Fetch-Mode', 'cors'],
      ['sec-fetch-site', 'same-origin'],
      ['sec-fetch-dest', 'empty'],
      ['sec-ch-ua', '"Chromium";v="140"'],
      ['sec-ch-ua-platform', '"Linux"'],
      ['accept-language', '*'],
      ['Accept-Encoding', 'gzip, deflate, br'],
      ['user-agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0'],
      ['origin', 'http://127.0.0.1:8080'],
      ['referer', 'http://127.0.0.1:8080/?folder=/work'],
      ['priority', 'u=1, i'],
      ['dnt', '1'],
      ['pragma', 'no-cache'],
    ] as const;
    const needed = [
      ['accept', 'application/json'],
      ['Authorization', '$WALLET_AUTHORIZATION'],
      ['cache-control', 'no-store'],
      ['X-Request-Id', 'abc-123'],
    ] as const;
    for (const [name] of noisy) assert.equal(isNoiseHeader(name), true, name);
    for (const [name] of [...template.headers, ...needed]) assert.equal(isNoiseHeader(name), false, name);
    const headers = [...noisy.slice(0, 6), ...template.headers, ...noisy.slice(6), ...needed];
    assert.deepEqual(snippetHeaders(headers), [...template.headers, ...needed], 'the needed ones, in their order');
    const curl = snippet({ ...template, headers }, 'curl');
    assert.equal(curl.match(/ -H /g)?.length, template.headers.length + needed.length, curl);
    assert.doesNotMatch(curl, /sec-|Mozilla|accept-language|referer|origin/i);
  });

  it('TypeScript fetch and Python requests use process.env and os.environ', () => {
    const fetchCode = snippet(template, 'fetch');
    assert.ok(fetchCode.includes('`${process.env.WALLET_APP_KEY}`'), fetchCode);
    const python = snippet(template, 'python');
    assert.ok(python.includes('os.environ["WALLET_ACCESS_TOKEN"]'), python);
    assert.ok(python.includes(JSON.stringify(template.body)), python);
  });
});
