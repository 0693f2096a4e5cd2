// Jest, CommonJS: `npx jest`. One sandbox for the file, reset to the scenario before each test.
// The paths where money is at stake: a dropped connection (the outcome is unknown until the app
// requeries), a bank transfer that the bank rejects after 10 s of sandbox time (the reversal gives
// the money back and the webhook says FAILED), a phone transfer that completes at once, and a
// provider error (a 5xx like any other to the app, which requeries it).
const { createServer } = require('node:http');
const path = require('node:path');
const { afterAll, beforeAll, beforeEach, expect, test } = require('@jest/globals');
const { connectSandbox, startSandbox } = require('wallet-sandbox');

const APP_KEY = 'sk_test_my_shop_ci_0001';
const ADA = '2348031112222'; // passcode 424242, ₦15,000.00
const CHIDI = '2348033334444'; // ₦5,000.00

let sandbox;
let receiver;
let token; // Ada's access token: the app signs her in before each test

beforeAll(async () => {
  // Under the CLI (`npx wallet-sandbox --scenario wallet-sandbox.json --fail-on-findings -- npx jest`)
  // the tests use its sandbox, and the CLI fails the run on what any test did, whatever reset() emptied.
  const { WALLET_BASE_URL } = process.env;
  const scenario = path.join(__dirname, '..', 'wallet-sandbox.json');
  sandbox = WALLET_BASE_URL ? await connectSandbox(WALLET_BASE_URL) : await startSandbox({ scenario });
  receiver = await startReceiver();
});

afterAll(async () => {
  await sandbox?.close();
  receiver?.server.close();
});

// The scenario's world again (balances, journal, tokens, the app's settings), then what the app
// does before it pays: its callback URL, Ada signed in, and the mobile it pays checked (a typo
// would pay a stranger).
beforeEach(async () => {
  await sandbox.reset();
  receiver.received.length = 0;
  await call('/v1/apps/settings', { method: 'PUT', body: { callbackURL: receiver.url } });
  token = await signIn(ADA, '424242');
  await call('/v1/users/auth/validate', { token, body: { mobile: CHIDI } });
});

// Stands in for your app's code.
async function call(route, { method = 'POST', body, token } = {}) {
  const headers = { 'X-App-Key': APP_KEY, 'Content-Type': 'application/json' };
  if (token) headers['X-App-Wallet-Access-Token'] = token;
  const response = await fetch(sandbox.url + route, { method, headers, body: body && JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

async function signIn(mobile, passcode) {
  await call('/v1/users/auth', { body: { mobile, factor: 'sms' } });
  const { json } = await call('/v1/users/auth', { body: { mobile, factor: 'sms', passcode } });
  return json.data.accessToken;
}

// Your app's webhook endpoint: it answers at once, then confirms the transfer with the API (this
// API signs no webhooks: an event trusted without a requery is a finding).
function startReceiver() {
  const received = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', async () => {
      const hook = JSON.parse(body);
      received.push(hook);
      response.writeHead(200).end();
      await call(`/v1/transactions/${hook.payload.data.transactionReference}`, { method: 'GET', token });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, received, url: `http://127.0.0.1:${server.address().port}/webhooks/wallet` }));
  });
}

test('a dropped connection is sent once: the outcome is unknown until the app requeries', async () => {
  await sandbox.faults.add({ method: 'POST', path: '/v1/users/transfers/phone', drop: true, times: 1 });
  await expect(call('/v1/users/transfers/phone', { token, body: { mobile: CHIDI, amount: 5000 } })).rejects.toThrow();

  expect(await sandbox.requests.count({ method: 'POST', path: '/v1/users/transfers/phone' })).toBe(1);
  // Not failed, not retried: the app asks what happened before it moves more money (here the
  // connection dropped before the API did the work: the requery shows no such transfer).
  await call('/v1/transactions?limit=5', { method: 'GET', token });
  expect(await sandbox.balance(ADA)).toBe(1500000);
  await sandbox.expectNoFindings(); // nothing the integration review flags (docs/integration-review.md)
});

test('a bank transfer that fails is reversed, and the webhook says so', async () => {
  // 1000000003 is a magic account: it answers pending, then fails after 10 s and reverses. The app
  // verifies it first and sends the name the API answers for it.
  const verified = await call('/v1/queries/verify?accountNumber=1000000003&bankCode=000014', { method: 'GET', token });
  const { json } = await call('/v1/users/transfers/bank', {
    token,
    body: { accountNumber: '1000000003', bankCode: '000014', accountName: verified.json.data.accountName, amount: 300000 },
  });
  expect(json.data.transaction.statusCode).toBe('000002');
  const reference = json.data.transaction.transactionReference;
  expect(await sandbox.balance(ADA)).toBe(1500000 - 300000);

  const sent = await sandbox.requests.waitFor({ method: 'POST', path: '/v1/users/transfers/bank' }, { timeoutMs: 2000 });
  expect(sent.status).toBe(200);
  expect(JSON.parse(sent.requestBody)).toMatchObject({ accountNumber: '1000000003', amount: 300000 });

  await sandbox.clock.advance(10);
  await sandbox.webhooks.waitFor({ type: 'BANK_TRANSFER', reference, delivered: true }, { timeoutMs: 5000 });
  expect(receiver.received).toEqual([
    { payload: expect.objectContaining({ message: 'FAILED', type: 'BANK_TRANSFER', data: expect.objectContaining({ statusCode: '000000' }) }) },
  ]);
  expect(await sandbox.balance(ADA)).toBe(1500000); // the reversal gave it back
  await sandbox.expectNoFindings();
});

test('a phone transfer moves the money at once and tells the webhook', async () => {
  const { status, json } = await call('/v1/users/transfers/phone', { token, body: { mobile: CHIDI, amount: 120000 } });
  expect(status).toBe(200);
  const reference = json.data.transaction.reference;
  expect([await sandbox.balance(ADA), await sandbox.balance(CHIDI)]).toEqual([1500000 - 120000, 500000 + 120000]);

  await sandbox.webhooks.waitFor({ type: 'PHONE_TRANSFER', reference, delivered: true }, { timeoutMs: 5000 });
  expect(receiver.received.map((hook) => hook.payload.data.transactionReference)).toEqual([reference]);
  await sandbox.expectNoFindings();
});

test('a provider error is a 5xx like any other: the app requeries it and sends nothing more', async () => {
  // 50200 (₦502.00) is a magic amount: the provider fails, 502.
  const { status, json } = await call('/v1/users/transfers/phone', { token, body: { mobile: CHIDI, amount: 50200 } });
  expect([status, json.errorCode]).toEqual([502, '50009']);
  await call('/v1/transactions?limit=1', { method: 'GET', token });
  // Here the sandbox moved no money, but only the sandbox knows that: to your app it is a 5xx like any other, so requery it.
  expect(await sandbox.balance(ADA)).toBe(1500000);
  expect(await sandbox.requests.count({ method: 'POST', path: '/v1/users/transfers/phone' })).toBe(1);
  await sandbox.expectNoFindings();
});
