// Jest, CommonJS: `npx jest`. The failure path: a bank transfer that the bank rejects after
// 10 s of sandbox time; the reversal gives the money back and the webhook says FAILED.
const { createServer } = require('node:http');
const path = require('node:path');
const { afterAll, beforeAll, expect, test } = require('@jest/globals');
const { startSandbox } = require('wallet-sandbox');

const APP_KEY = 'sk_test_my_shop_ci_0001';
const ADA = '2348031112222';

let sandbox;
let receiver;
let token; // the wallet's access token, once the app has signed it in

beforeAll(async () => {
  sandbox = await startSandbox({ scenario: path.join(__dirname, '..', 'wallet-sandbox.json') });
  receiver = await startReceiver();
});

afterAll(async () => {
  await sandbox?.close();
  receiver?.server.close();
});

// Stands in for your app's code.
async function call(route, { method = 'POST', body, token } = {}) {
  const headers = { 'X-App-Key': APP_KEY, 'Content-Type': 'application/json' };
  if (token) headers['X-App-Wallet-Access-Token'] = token;
  const response = await fetch(sandbox.url + route, { method, headers, body: body && JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

async function signIn(mobile) {
  // The passcode the scenario fixed for this wallet, as the sandbox loaded it.
  const { passcode } = sandbox.scenario.wallets.find((wallet) => wallet.mobile === mobile);
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
      await call(`/v1/users/transfers/requery/bank/${hook.payload.data.transactionReference}`, { method: 'GET', token });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, received, url: `http://127.0.0.1:${server.address().port}/webhooks/wallet` }));
  });
}

test('a bank transfer that fails is reversed, and the webhook says so', async () => {
  await call('/v1/apps/settings', { method: 'PUT', body: { callbackURL: receiver.url } });
  token = await signIn(ADA);

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
  await sandbox.expectNoFindings(); // nothing the integration review flags (docs/integration-review.md)
});
