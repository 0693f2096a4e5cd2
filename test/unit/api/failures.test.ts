// Every error kind, retries and the request log, driven by the sandbox's fault knobs.

import * as assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { isCancelled, WalletClient, type DeveloperApp, type WalletCredentials, type WalletTokens } from '../../../src/api';
import {
  assertCleanMessage,
  connectWallet,
  DEMO_MOBILE,
  failure,
  newDeveloperApp,
  requestsTo,
  startHarness,
  type Harness,
  journalOf,
  waitFor,
} from './harness';

const BALANCE = '/v1/users/balance';
const VALIDATE = '/v1/users/auth/validate';

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  assert.ok(address && typeof address === 'object');
  return address.port;
}

describe('api/client failures', function () {
  this.timeout(20_000);
  let h: Harness;
  let app: DeveloperApp;
  let tokens: WalletTokens;
  let wallet: WalletCredentials;
  let secrets: string[];

  before(async () => {
    h = await startHarness();
    const dev = await newDeveloperApp(h.client);
    app = dev.app;
    tokens = await connectWallet(h.client, app.key, DEMO_MOBILE);
    wallet = { appKey: app.key, accessToken: tokens.accessToken };
    secrets = [app.key, app.sandboxKey, tokens.accessToken, tokens.refreshToken, dev.password, dev.session.token];
  });
  beforeEach(() => {
    h.sandbox.clearFaults();
    h.sandbox.setLatency(0);
    h.sandbox.requests.clear();
    h.events.length = 0;
  });
  after(() => h.sandbox.close());

  it('network: a dropped connection, GET retried twice', async () => {
    h.sandbox.addFault({ path: BALANCE, drop: true });
    const error = await failure(h.client.getBalance(wallet));
    assert.equal(error.kind, 'network');
    assert.equal(
      error.message,
      `Could not reach the wallet API at 127.0.0.1:${h.sandbox.port} (the connection was closed before an answer).`,
    );
    assert.equal(requestsTo(h.sandbox, BALANCE).length, 3);
    assert.deepEqual(
      h.events.map((e) => [e.attempt, e.error, e.status]),
      [
        [1, 'network', undefined],
        [2, 'network', undefined],
        [3, 'network', undefined],
      ],
    );
    assertCleanMessage(error, secrets);
  });

  it('network: connection refused', async () => {
    const port = await closedPort();
    const client = new WalletClient({
      consoleUrl: `http://127.0.0.1:${port}`,
      developerUrl: `http://127.0.0.1:${port}`,
      retries: 1,
      retryDelayMs: 1,
    });
    const error = await failure(client.listBanks(app.key));
    assert.equal(error.kind, 'network');
    assert.equal(error.message, `Could not reach the wallet API at 127.0.0.1:${port} (connection refused).`);
  });

  it('timeout: every attempt has its own limit and a GET is retried', async () => {
    h.sandbox.addFault({ path: BALANCE, delayMs: 1000 });
    const client = h.clientWith({ timeoutMs: 150 });
    const started = Date.now();
    const error = await failure(client.getBalance(wallet));
    const elapsed = Date.now() - started;
    assert.equal(error.kind, 'timeout');
    // Issue 17 item 3: the message says what the user waited, not one attempt's limit.
    assert.match(error.message, /^The wallet API did not answer: 3 attempts over \d+ ms \(GET \/v1\/users\/balance\)\.$/);
    // Only a lower bound: each attempt waited its own limit. A loaded machine is only ever slower.
    assert.ok(elapsed >= 3 * 150, `took ${elapsed} ms`);
    await waitFor(journalOf(h.sandbox), () => requestsTo(h.sandbox, BALANCE).length === 3, 'three balance requests in the journal');
    assert.deepEqual(
      h.events.map((e) => e.error),
      ['timeout', 'timeout', 'timeout'],
    );
  });

  it('timeout: a deadline bounds the whole call, all attempts together, and says so', async () => {
    h.sandbox.addFault({ path: BALANCE, delayMs: 1000 });
    const client = h.clientWith({ timeoutMs: 200, deadlineMs: 500, retries: 5, retryDelayMs: 1 });
    const started = Date.now();
    const error = await failure(client.getBalance(wallet));
    const elapsed = Date.now() - started;
    assert.equal(error.kind, 'timeout');
    assert.match(error.message, /^The wallet API did not answer: [23] attempts over 500 ms \(GET \/v1\/users\/balance\)\.$/);
    assert.ok(elapsed >= 480, `the deadline was waited for: took ${elapsed} ms`);
    // The deadline, not 6 attempts, decides: counted in the journal, not timed.
    await waitFor(journalOf(h.sandbox), () => requestsTo(h.sandbox, BALANCE).length >= 2, 'two balance requests in the journal');
    assert.ok(requestsTo(h.sandbox, BALANCE).length <= 3, `${requestsTo(h.sandbox, BALANCE).length} attempts`);
  });

  it('timeout: a deadline lets a GET be retried after a quick failure, and a caller can still cancel', async () => {
    h.sandbox.addFault({ path: BALANCE, status: 503, times: 1 });
    const balance = await h.clientWith({ deadlineMs: 2000, retryDelayMs: 1 }).getBalance(wallet);
    assert.ok(Number.isInteger(balance.balance), 'the retry within the bound answered');

    h.sandbox.addFault({ path: BALANCE, delayMs: 1000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const before = h.events.length;
    const error = await failure(h.clientWith({ deadlineMs: 5000 }).getBalance(wallet, { signal: controller.signal }));
    // Cancelled, not timed out after 5 s, and not retried: the first attempt was the last.
    assert.ok(isCancelled(error), `cancelled, not ${error.kind}`);
    assert.equal(h.events.length - before, 1);
  });

  it('timeout: a body that stalls after the headers is cut off too', async () => {
    // The sandbox cannot stall mid-body, so a bare server does: headers, half a body, silence.
    const server = createHttpServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"success": true, "data": ');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = new WalletClient({ consoleUrl: url, developerUrl: url, timeoutMs: 200, retries: 0 });
      const error = await failure(client.listBanks(app.key));
      assert.equal(error.kind, 'timeout');
      assert.equal(error.message, 'The wallet API did not answer within 200 ms (GET /v1/queries/banks).');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('timeout: a POST is sent once', async () => {
    h.sandbox.addFault({ path: VALIDATE, delayMs: 1000 });
    const error = await failure(h.clientWith({ timeoutMs: 150 }).validateUser(app.key, DEMO_MOBILE));
    assert.equal(error.kind, 'timeout');
    await waitFor(journalOf(h.sandbox), () => requestsTo(h.sandbox, VALIDATE, 'POST').length === 1, 'the validate POST in the journal');
    await delay(100);
    assert.equal(requestsTo(h.sandbox, VALIDATE, 'POST').length, 1);
  });

  it('http 500 with the error envelope: retried, then reported with the server text', async () => {
    h.sandbox.addFault({ path: BALANCE, status: 500 });
    const error = await failure(h.client.getBalance(wallet));
    assert.equal(error.kind, 'http');
    assert.equal(error.status, 500);
    assert.equal(error.errorCode, '90000');
    assert.equal(error.message, 'The wallet API failed: Injected failure: Internal server error (HTTP 500, code 90000).');
    assert.equal(requestsTo(h.sandbox, BALANCE).length, 3);
    assertCleanMessage(error, secrets);
  });

  it('a GET recovers when a retry succeeds', async () => {
    h.sandbox.addFault({ path: BALANCE, status: 503, times: 2 });
    const balance = await h.client.getBalance(wallet);
    assert.equal(balance.mobile, DEMO_MOBILE);
    assert.deepEqual(
      requestsTo(h.sandbox, BALANCE).map((r) => r.status),
      [503, 503, 200],
    );
    assert.deepEqual(
      h.events.map((e) => [e.attempt, e.status, e.error]),
      [
        [1, 503, 'http'],
        [2, 503, 'http'],
        [3, 200, undefined],
      ],
    );
  });

  it('a POST is never retried, even on 503', async () => {
    h.sandbox.addFault({ method: 'POST', path: VALIDATE, status: 503 });
    const error = await failure(h.client.validateUser(app.key, DEMO_MOBILE));
    assert.equal(error.status, 503);
    assert.equal(requestsTo(h.sandbox, VALIDATE, 'POST').length, 1);
    assert.equal(h.events.length, 1);
  });

  it('retries: 0 sends a GET once; 4xx other than 408/425/429 is never retried', async () => {
    h.sandbox.addFault({ path: BALANCE, status: 500 });
    await failure(h.clientWith({ retries: 0 }).getBalance(wallet));
    assert.equal(requestsTo(h.sandbox, BALANCE).length, 1);
    h.sandbox.clearFaults();
    h.sandbox.addFault({ path: BALANCE, status: 400 });
    await failure(h.client.getBalance(wallet));
    assert.equal(requestsTo(h.sandbox, BALANCE).length, 2);
  });

  it('http 502 with an HTML page: the status line, never the HTML', async () => {
    const page = '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>nginx</p></body></html>';
    h.sandbox.addFault({ path: BALANCE, status: 502, body: page, contentType: 'text/html' });
    const error = await failure(h.client.getBalance(wallet));
    assert.equal(error.kind, 'http');
    assert.equal(error.status, 502);
    assert.equal(error.message, 'The wallet API answered HTTP 502 Bad Gateway (GET /v1/users/balance).');
    assert.equal(error.serverMessage, undefined);
    assertCleanMessage(error, secrets);
  });

  it('429: Retry-After is honoured before the retry', async () => {
    h.sandbox.addFault({ path: BALANCE, status: 429, retryAfterSeconds: 1, times: 1 });
    const started = Date.now();
    const balance = await h.client.getBalance(wallet);
    const elapsed = Date.now() - started;
    assert.equal(balance.mobile, DEMO_MOBILE);
    assert.ok(elapsed >= 950, `waited ${elapsed} ms`);
    assert.deepEqual(
      requestsTo(h.sandbox, BALANCE).map((r) => r.status),
      [429, 200],
    );
  });

  it('429: a long Retry-After is capped and reported', async () => {
    h.sandbox.addFault({ path: BALANCE, status: 429, retryAfterSeconds: 30 });
    // Uncapped, the two waits of 30 s would outlast the test's own timeout.
    const error = await failure(h.clientWith({ maxRetryDelayMs: 20 }).getBalance(wallet));
    assert.equal(error.status, 429);
    assert.equal(error.retryAfterSeconds, 30);
    assert.equal(error.message, 'The wallet API is limiting requests; try again in 30 s (HTTP 429, code 90000, GET /v1/users/balance).');
    assert.equal(requestsTo(h.sandbox, BALANCE).length, 3);
  });

  it('malformed: a body that is not JSON', async () => {
    h.sandbox.addFault({ path: BALANCE, status: 200, body: '{"success": true, "data": {"user": ' });
    const error = await failure(h.client.getBalance(wallet));
    assert.equal(error.kind, 'malformed');
    assert.equal(
      error.message,
      'The wallet API returned a response Wallet Console does not understand (GET /v1/users/balance): the body is not JSON',
    );
    assert.equal(requestsTo(h.sandbox, BALANCE).length, 1, 'a 200 is not retried');
    assert.deepEqual(
      h.events.map((e) => [e.status, e.error]),
      [[200, 'malformed']],
    );
  });

  it('malformed: JSON of the wrong shape names the field', async () => {
    const good = await h.client.listTransactions(wallet, { limit: 3 });
    const broken = [...good, { ...good[0], amount: '1,500.00' }];
    h.sandbox.addFault({
      path: '/v1/transactions',
      status: 200,
      body: JSON.stringify({ success: true, data: { transactions: broken } }),
    });
    const error = await failure(h.client.listTransactions(wallet));
    assert.equal(error.kind, 'malformed');
    assert.equal(
      error.message,
      'The wallet API returned a response Wallet Console does not understand (GET /v1/transactions): data.transactions[3].amount expected number but got string',
    );
    assert.ok(!error.message.includes('1,500.00'));
  });

  it('malformed: an HTML 200 and an empty 200', async () => {
    h.sandbox.addFault({ path: BALANCE, status: 200, body: '<html>maintenance</html>', contentType: 'text/html', times: 1 });
    assert.match((await failure(h.client.getBalance(wallet))).message, /: the body is not JSON$/);
    h.sandbox.addFault({ path: BALANCE, status: 200, body: '', times: 1 });
    assert.match((await failure(h.client.getBalance(wallet))).message, /: the body is empty$/);
    h.sandbox.addFault({ path: BALANCE, status: 200, body: '[1,2]', times: 1 });
    assert.match((await failure(h.client.getBalance(wallet))).message, /: the body is not a JSON object$/);
  });

  it('rejected: success:false inside a 2xx', async () => {
    h.sandbox.addFault({ path: BALANCE, success2xxFalse: true });
    const error = await failure(h.client.getBalance(wallet));
    assert.equal(error.kind, 'rejected');
    assert.equal(error.status, 200);
    assert.equal(error.errorCode, '90000');
    assert.equal(error.message, 'The wallet API declined the request: Injected failure (GET /v1/users/balance, code 90000).');
    assert.equal(requestsTo(h.sandbox, BALANCE).length, 1);
  });

  it('rejected: a numeric errorCode is read as a string', async () => {
    h.sandbox.addFault({
      path: VALIDATE,
      status: 200,
      body: JSON.stringify({ success: false, message: 'Wallet locked', errorCode: 10009 }),
    });
    const error = await failure(h.client.validateUser(app.key, DEMO_MOBILE));
    assert.equal(error.kind, 'rejected');
    assert.equal(error.errorCode, '10009');
    assert.equal(error.serverMessage, 'Wallet locked');
  });

  it('cancelled: an aborted signal ends the request without retries', async () => {
    h.sandbox.addFault({ path: '/v1/transactions', delayMs: 2000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(h.client.listTransactions(wallet, {}, { signal: controller.signal }));
    assert.ok(isCancelled(error));
    assert.equal(error.message, 'The request was cancelled (GET /v1/transactions).');
    await waitFor(
      journalOf(h.sandbox),
      () => requestsTo(h.sandbox, '/v1/transactions').length === 1,
      'the transactions request in the journal',
    );
    await delay(50);
    assert.equal(requestsTo(h.sandbox, '/v1/transactions').length, 1);
    assert.deepEqual(
      h.events.map((e) => e.error),
      ['cancelled'],
    );

    const before = h.sandbox.requests.lastId;
    assert.ok(isCancelled(await failure(h.client.listBanks(app.key, undefined, { signal: AbortSignal.abort() }))));
    assert.equal(h.sandbox.requests.lastId, before, 'nothing sent for a signal aborted up front');
  });

  it('invalid input is refused before anything is sent', async () => {
    const cases: [Promise<unknown>, RegExp][] = [
      [h.client.validateUser(app.key, '0803 12'), /Nigerian mobile/],
      [h.client.verifyOtp(app.key, DEMO_MOBILE, '12345'), /6-digit passcode/],
      [h.client.getBalance({ appKey: '', accessToken: tokens.accessToken }), /app key/],
      [h.client.getBalance({ appKey: app.key, accessToken: 'two words' }), /not connected/],
      [h.client.listTransactions(wallet, { limit: 0 }), /limit .* whole number/],
      [h.client.listTransactions(wallet, { type: 'card' as never }), /bank, phone/],
      [h.client.getTransaction(wallet, '../users/balance'), /transaction reference/],
      [h.client.verifyBankAccount(wallet, { accountNumber: '12345', bankCode: '000014' }), /10-digit NUBAN/],
      [h.client.signUp({ email: 'ada@example.com', password: 'short' }), /at least 8/],
      [h.client.logIn({ email: 'ada', password: 'whatever' }), /e-mail/],
      [h.client.createApp('token', ' '), /name/],
      [new WalletClient({ consoleUrl: 'ftp://example.com', developerUrl: 'nope' }).listBanks(app.key), /http\(s\) URL/],
    ];
    for (const [call, message] of cases) {
      const error = await failure(call);
      assert.equal(error.kind, 'invalid-input');
      assert.match(error.message, message);
    }
    assert.equal(h.sandbox.requests.size, 0);
    assert.equal(h.events.length, 0);
  });

  it('request events carry no secrets or bodies; the query only with its names and non-secret values', async () => {
    const [account] = await h.client.listAccounts(wallet);
    assert.ok(account?.bankCode);
    const dev = await newDeveloperApp(h.client);
    const own = await connectWallet(h.client, dev.app.key, DEMO_MOBILE);
    await h.client.refreshAccessToken(dev.app.key, own.refreshToken);
    await h.client.verifyBankAccount(wallet, { accountNumber: account.accountNumber, bankCode: account.bankCode });
    await h.client.listTransactions(wallet, { limit: 2, type: 'bank' });

    const text = JSON.stringify(h.events);
    const leaks = [...secrets, dev.password, dev.session.token, dev.app.key, own.accessToken, own.refreshToken, account.accountNumber, '?'];
    for (const secret of leaks) assert.ok(!text.includes(secret), `event log leaks ${secret.slice(0, 12)}…`);
    for (const event of h.events) {
      assert.deepEqual(
        Object.keys(event).filter((key) => !['method', 'path', 'query', 'status', 'durationMs', 'attempt', 'error'].includes(key)),
        [],
      );
      assert.ok(Number.isInteger(event.durationMs) && event.durationMs >= 0);
    }
    assert.ok(h.events.some((e) => e.path === '/v1/queries/verify' && e.status === 200));
    // The log needs the query to tell page 2 of bills from page 1 of everything (issue 17 item 11).
    const list = h.events.find((e) => e.path === '/v1/transactions');
    assert.deepEqual(list?.query, { limit: 2, type: 'bank' });
    const verify = h.events.find((e) => e.path === '/v1/queries/verify');
    assert.deepEqual(verify?.query, { accountNumber: '***', bankCode: account.bankCode }, 'an account number is not logged');
    assert.equal(
      h.events.filter((e) => !['/v1/transactions', '/v1/queries/verify'].includes(e.path)).some((e) => e.query !== undefined),
      false,
      'no query, no field',
    );
  });

  it('a throwing event listener does not break requests', async () => {
    const client = h.clientWith({
      onRequest: () => {
        throw new Error('listener bug');
      },
    });
    assert.equal((await client.getBalance(wallet)).mobile, DEMO_MOBILE);
  });
});

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
