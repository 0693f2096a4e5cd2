// node:test (Node 20.19+, nothing to install but wallet-sandbox): `node --test`.
// A bank transfer from a wallet signed in with OTP, the request as the sandbox received it, and the
// webhook that reaches the app's receiver once the virtual clock has settled the transfer (the
// receiver answers at once, then confirms the transfer with the API: webhooks are not signed).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startSandbox } from 'wallet-sandbox';

const APP_KEY = 'sk_test_my_shop_ci_0001'; // the scenario's app: a fixed key, nothing to read back
const ADA = '2348031112222'; // the scenario's wallet, passcode 424242, ₦15,000.00

let sandbox;
let receiver;
let token; // the wallet's access token, once the app has signed it in

before(async () => {
  sandbox = await startSandbox({ scenario: fileURLToPath(new URL('../wallet-sandbox.json', import.meta.url)) });
  receiver = await startReceiver();
});

after(async () => {
  await sandbox.close();
  receiver.server.close();
});

// Stands in for your app's code: it reads the base URL and the key from its configuration.
async function call(path, { method = 'POST', body, token } = {}) {
  const headers = { 'X-App-Key': APP_KEY, 'Content-Type': 'application/json' };
  if (token) headers['X-App-Wallet-Access-Token'] = token;
  const response = await fetch(sandbox.url + path, { method, headers, body: body && JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

async function signIn(mobile, passcode) {
  await call('/v1/users/auth', { body: { mobile, factor: 'sms' } }); // "sends" the passcode
  const { json } = await call('/v1/users/auth', { body: { mobile, factor: 'sms', passcode } });
  return json.data.accessToken;
}

// Your app's webhook endpoint: here a local server that keeps what it receives. It answers at once,
// then asks the API what became of the transfer: this API signs no webhooks, so an event is a hint
// until a requery confirms it (the integration review flags an event trusted without one).
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

test('a bank transfer is sent once, settles on the virtual clock and reaches the webhook', async () => {
  await call('/v1/apps/settings', { method: 'PUT', body: { callbackURL: receiver.url } });
  token = await signIn(ADA, '424242');

  // The app verifies the account first and sends the name the API answers for it.
  const verified = await call('/v1/queries/verify?accountNumber=0123456789&bankCode=000014', { method: 'GET', token });
  const { status, json } = await call('/v1/users/transfers/bank', {
    token,
    body: { accountNumber: '0123456789', bankCode: '000014', accountName: verified.json.data.accountName, amount: 250000 },
  });
  assert.equal(status, 200);
  assert.equal(json.data.transaction.statusCode, '000002'); // pending: banks settle later
  const reference = json.data.transaction.transactionReference;

  // The journal: what the app sent, as the sandbox received it.
  const sent = await sandbox.requests.waitFor({ method: 'POST', path: '/v1/users/transfers/bank' }, { timeoutMs: 2000 });
  assert.equal(JSON.parse(sent.requestBody).amount, 250000);
  assert.equal((await sandbox.requests.list({ method: 'POST', path: '/v1/users/transfers/bank' })).length, 1, 'sent once');
  assert.equal(await sandbox.balance(ADA), 1500000 - 250000);

  await sandbox.clock.advance(10); // a normal bank transfer settles after 10 s of sandbox time
  const event = await sandbox.webhooks.waitFor({ type: 'BANK_TRANSFER', reference, delivered: true }, { timeoutMs: 5000 });
  assert.equal(event.attempts.length, 1);
  assert.deepEqual(
    receiver.received.map((hook) => [hook.payload.type, hook.payload.data.transactionReference, hook.payload.data.statusCode]),
    [['BANK_TRANSFER', reference, '000001']],
  );
  // Nothing the integration review flags (docs/integration-review.md); it gives the receiver's
  // requery, on its way, half a second to come.
  await sandbox.expectNoFindings();
});
