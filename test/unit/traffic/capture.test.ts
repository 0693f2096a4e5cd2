import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startSandbox, type Sandbox, type SandboxExchange } from '../../../src/sandbox';
import { EXTENSION_USER_AGENT, forgetSandboxTraffic, recordFromSandbox, recordFromTransport } from '../../../src/traffic/capture';
import { maskText } from '../../../src/traffic/masking';
import { withoutLost, type RequestRecord } from '../../../src/traffic/requestRecord';
import { snippet } from '../../../src/traffic/snippets';
import { WalletClient } from '../../../src/api';
import { newDeveloper } from '../sandbox/helpers';

// Masking on recording, over real traffic: a developer's flow against a real sandbox, every
// exchange turned into a record, and no secret of the flow anywhere in what is kept.

function everything(record: RequestRecord): string {
  return JSON.stringify(record);
}

/** All of the record as plain data (JSON.stringify reaches the masked getters through toJSON), but the template. */
function shown(record: RequestRecord): string {
  return JSON.stringify({ ...JSON.parse(everything(record)), template: undefined });
}

/** An answer of the in-process sandbox with `body`, as its observer hands it over. */
function localExchange(body: string): SandboxExchange {
  return {
    method: 'GET',
    path: '/v1/users/balance',
    query: '',
    admin: false,
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: Buffer.from(body),
    requestHeaders: ['Host', '127.0.0.1:4010'],
    userAgent: 'my-app/1.0',
    requestBody: Buffer.alloc(0),
    startedAt: Date.now(),
    durationMs: 1,
  };
}

describe('traffic: records masked on recording', () => {
  let sandbox: Sandbox;
  const exchanges: SandboxExchange[] = [];

  before(async () => {
    sandbox = await startSandbox({ onExchange: (exchange) => exchanges.push(exchange), log: () => undefined });
  });
  after(() => sandbox.close());

  it('keeps no password, token, app key or passcode, and masks account numbers, over a whole flow', async () => {
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

    const records = exchanges.map((exchange) => recordFromSandbox(exchange, sandbox.url)).filter((record) => record !== undefined);
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

  it('keeps each record its own request headers when a client changes them between calls', () => {
    const call = (token: string): SandboxExchange => ({
      ...localExchange('{"success":true}'),
      requestHeaders: ['Host', '127.0.0.1:4010', 'Authorization', `Bearer ${token}`, 'X-Trace', token],
    });
    const [first, same, changed] = [call('one'), call('one'), call('two')].map((exchange) =>
      recordFromSandbox(exchange, 'http://127.0.0.1:4010')!,
    );
    const trace = (record: RequestRecord): string | undefined => record.requestHeaders.find(([name]) => name === 'X-Trace')?.[1];
    assert.deepEqual([trace(first!), trace(same!), trace(changed!)], ['one', 'one', 'two']);
  });

  it('lets a record go once newer answers have filled the ring its answer was kept in', () => {
    const oldest = recordFromSandbox(localExchange('{"success":true,"data":{"balance":150000}}'), 'http://127.0.0.1:4010')!;
    const newer: RequestRecord[] = [];
    // The ring keeps 16 MB of answers; nine of 2 MB each go past it.
    for (let index = 0; index < 9; index++)
      newer.push(recordFromSandbox(localExchange(`"${'x'.repeat(2 * 1024 * 1024 - 2)}"`), 'http://127.0.0.1:4010')!);
    assert.equal(oldest.lost, true);
    assert.match(oldest.responseBody, /no longer kept/);
    const kept = withoutLost([oldest, ...newer]);
    assert.ok(!kept.includes(oldest) && kept.includes(newer.at(-1)!));
    for (const record of kept) assert.ok(!record.responseBody.includes('no longer kept'), `record ${record.id} is kept whole`);
  });

  it('lets go of the raw answers on Clear: an unread record of a cleared history reads as not kept', () => {
    const unread = recordFromSandbox(
      localExchange('{"success":true,"data":{"accessToken":"eyJhbGciOi.eyJzdWIi.c2ln"}}'),
      'http://127.0.0.1:4010',
    )!;
    forgetSandboxTraffic();
    assert.equal(unread.lost, true);
    assert.match(unread.responseBody, /no longer kept/);
    assert.doesNotMatch(JSON.stringify(unread), /eyJhbGciOi/);
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

  it('TypeScript fetch and Python requests use process.env and os.environ', () => {
    const fetchCode = snippet(template, 'fetch');
    assert.ok(fetchCode.includes('`${process.env.WALLET_APP_KEY}`'), fetchCode);
    const python = snippet(template, 'python');
    assert.ok(python.includes('os.environ["WALLET_ACCESS_TOKEN"]'), python);
    assert.ok(python.includes(JSON.stringify(template.body)), python);
  });
});
