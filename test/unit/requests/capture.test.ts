import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { EXTENSION_USER_AGENT, recordFromTransport } from '../../../src/requests/capture';
import { maskText } from '../../../src/masking/masking';
import { recordOfEntry } from '../../../src/requests/maskedRecord';
import type { RequestRecord } from '../../../src/requests/requestRecord';
import { isNoiseHeader, snippet, snippetHeaders } from '../../../src/requests/snippets';
import { WalletClient } from '../../../src/api';
import { newDeveloper, UNTIL_IT_COMES } from '../sandbox/helpers';
import { SANDBOX_URL, sandboxEntry } from './journalSource';

// Masking when read, over real traffic: a developer's flow against a real sandbox, every request
// kept as it came in the sandbox's journal, and no secret of the flow anywhere in what a record
// made from an entry gives when read.

/** The sandbox journal's entries as the Requests view reads them. */
function recorded(sandbox: Sandbox): RequestRecord[] {
  return sandbox.requests.list().map((entry) => recordOfEntry(entry, sandbox.url));
}

function everything(record: RequestRecord): string {
  return JSON.stringify(record);
}

/** All of the record as plain data (JSON.stringify reaches the masked getters through toJSON), but the template. */
function shown(record: RequestRecord): string {
  return JSON.stringify({ ...JSON.parse(everything(record)), template: undefined });
}

describe('requests: journal entries and staging attempts, masked when read', () => {
  let sandbox: Sandbox;

  before(async () => {
    sandbox = await startSandbox({ log: () => undefined });
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

    const records = recorded(sandbox);
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

  it('reads back no passcode whose name was escaped (a JSON \\u escape, a percent-encoded form or query name)', async () => {
    const developer = await newDeveloper(sandbox);
    const mark = sandbox.requests.lastId;
    const passcode = '918273';
    const send = (path: string, contentType: string, body?: string) =>
      fetch(`${sandbox.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'X-App-Key': developer.sandboxKey, 'content-type': contentType },
        ...(body === undefined ? {} : { body }),
      }).then((answer) => answer.body?.cancel());
    await send('/v1/users/auth', 'application/json', `{"mobile":"${developer.sandboxMobile}","pass\\u0063ode":"${passcode}"}`);
    await send('/v1/users/auth', 'application/x-www-form-urlencoded', `mobile=${developer.sandboxMobile}&pass%63ode=${passcode}`);
    await send(`/v1/users/balance?pass%63ode=${passcode}`, 'text/plain');
    const records = sandbox.requests.list({ after: mark }).map((entry) => recordOfEntry(entry, sandbox.url));
    assert.equal(records.length, 3);
    for (const record of records)
      assert.ok(!everything(record).includes(passcode), `${record.method} ${record.path}: ${everything(record)}`);
    assert.deepEqual(
      records.map((record) => record.template.placeholders.includes('WALLET_PASSCODE')),
      [true, true, true],
    );
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

  it('keeps the wire as it came until first read, then only its masked copy (what the comments in api/ and requests/ say)', () => {
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

  it('reads an entry back as the sandbox recorded it, and cuts a body the journal cut', () => {
    const entry = {
      id: 7,
      ...sandboxEntry('{"success":true,"data":{"balance":150000}}', { status: 201, durationMs: 12.6, query: 'limit=20' }),
    };
    const record = recordOfEntry(entry, SANDBOX_URL);
    assert.deepEqual(
      { id: record.id, at: record.at, method: record.method, path: record.path, query: record.query, status: record.status },
      { id: 7, at: entry.at, method: 'GET', path: '/v1/users/balance', query: 'limit=20', status: 201 },
    );
    assert.equal(record.durationMs, 13);
    assert.equal(record.userAgent, 'my-app/1.0');
    assert.equal(record.fromExtension, false);
    assert.equal(record.responseBody, '{"success":true,"data":{"balance":150000}}');
    assert.equal(record.template.url, `${SANDBOX_URL}/v1/users/balance?limit=20`);
    const long = recordOfEntry({ id: 8, ...sandboxEntry('x'.repeat(64 * 1024), { responseBodySize: 64 * 1024 + 10 }) }, SANDBOX_URL);
    assert.match(long.responseBody, /\n… \(10 more bytes not kept\)$/);
  });

  it('keeps each record its own request headers, as the client wrote them', () => {
    const call = (token: string) =>
      recordOfEntry(
        {
          id: 1,
          ...sandboxEntry('{}', { requestHeaders: ['Host', '127.0.0.1:4010', 'Authorization', `Bearer ${token}`, 'X-Trace', token] }),
        },
        SANDBOX_URL,
      );
    const trace = (record: RequestRecord): string | undefined => record.requestHeaders.find(([name]) => name === 'X-Trace')?.[1];
    assert.deepEqual([trace(call('one')), trace(call('two'))], ['one', 'two']);
    assert.equal(call('one').requestHeaders.find(([name]) => name === 'Authorization')?.[1], '[masked]');
  });

  it("copies a request Node's fetch made without the headers fetch added on its own (issue 25)", async () => {
    const mark = sandbox.requests.lastId;
    await fetch(`${sandbox.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-App-Key': 'sk_test_abcdefgh12345678', 'X-Trace': 'my-app' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-real-one' }),
    });
    const record = recordOfEntry(await sandbox.requests.waitFor({ after: mark }, UNTIL_IT_COMES), sandbox.url);
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

describe('requests: snippets', () => {
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
