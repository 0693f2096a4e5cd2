// node:test (Node 20.19+, nothing to install but wallet-sandbox): `node --test`.
// One sandbox for the file, reset to the scenario before each test: a bank transfer from a wallet
// signed in with OTP, the request as the sandbox received it, and the webhook that reaches the app's
// receiver once the virtual clock has settled the transfer (the receiver answers at once, then
// confirms the transfer with the API: webhooks are not signed); a transfer the wallet cannot afford;
// an expired token refreshed once; and the scenario's world back for the next test.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, beforeEach, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { connectSandbox, startSandbox } from 'wallet-sandbox';

const APP_KEY = 'sk_test_my_shop_ci_0001'; // the scenario's app: a fixed key, nothing to read back
const ADA = '2348031112222'; // the scenario's wallet, passcode 424242, ₦15,000.00
const ACME = { accountNumber: '0123456789', bankCode: '000014' }; // verifies to ACME STORES LTD

let sandbox;
let receiver;
let signedIn; // Ada's tokens: the app signs her in before each test

before(async () => {
  // Under the CLI (`npx wallet-sandbox --scenario wallet-sandbox.json --fail-on-findings -- node --test`)
  // the tests use its sandbox, and the CLI fails the run on what any test did, whatever reset() emptied.
  const { WALLET_BASE_URL } = process.env;
  const scenario = fileURLToPath(new URL('../wallet-sandbox.json', import.meta.url));
  sandbox = WALLET_BASE_URL ? await connectSandbox(WALLET_BASE_URL) : await startSandbox({ scenario });
  receiver = await startReceiver();
});

after(async () => {
  await sandbox.close();
  receiver.server.close();
});

// Each test starts from the scenario (balances, journal, tokens, the app's settings): it sets the
// callback URL and signs Ada in again.
beforeEach(async () => {
  await sandbox.reset();
  receiver.received.length = 0;
  await call('/v1/apps/settings', { method: 'PUT', body: { callbackURL: receiver.url } });
  signedIn = await signIn(ADA, '424242');
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
  return json.data; // accessToken, and the refreshToken for when it expires
}

// The app verifies the account first and sends the name the API answers for it.
async function payAcme(amount) {
  const verified = await call(`/v1/queries/verify?accountNumber=${ACME.accountNumber}&bankCode=${ACME.bankCode}`, {
    method: 'GET',
    token: signedIn.accessToken,
  });
  const body = { ...ACME, accountName: verified.json.data.accountName, amount };
  return call('/v1/users/transfers/bank', { token: signedIn.accessToken, body });
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
      await call(`/v1/users/transfers/requery/bank/${hook.payload.data.transactionReference}`, { method: 'GET', token: signedIn.accessToken });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, received, url: `http://127.0.0.1:${server.address().port}/webhooks/wallet` }));
  });
}

test('a bank transfer is sent once, settles on the virtual clock and reaches the webhook', async () => {
  const { status, json } = await payAcme(250000);
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

test('a transfer the wallet cannot afford is refused, moves nothing and is not sent again', async () => {
  const { status, json } = await payAcme(2000000); // ₦20,000.00 of Ada's ₦15,000.00
  assert.equal(status, 400);
  assert.equal(json.errorCode, '50001'); // insufficient funds: the app tells the customer
  assert.equal(await sandbox.balance(ADA), 1500000);
  assert.equal(await sandbox.requests.count({ method: 'POST', path: '/v1/users/transfers/bank' }), 1);
  await sandbox.expectNoFindings();
});

test('an expired access token is refreshed once, then the request is sent again', async () => {
  await sandbox.expireAccessTokens(ADA); // as a day of sandbox time would
  assert.equal((await call('/v1/users/balance', { method: 'GET', token: signedIn.accessToken })).status, 401);
  const refreshed = await call('/v1/users/accessToken', { body: { refreshToken: signedIn.refreshToken } });
  const { status, json } = await call('/v1/users/balance', { method: 'GET', token: refreshed.json.data.accessToken });
  assert.equal(status, 200);
  assert.equal(json.data.user.balance, 1500000);
  await sandbox.expectNoFindings(); // sending the refused token again and again would be a finding
});

test('reset() gives each test the scenario again: the first test paid ₦2,500.00, this one sees ₦15,000.00', async () => {
  assert.equal(await sandbox.balance(ADA), 1500000);
  // The journal holds this test's requests only: the settings and the sign-in of beforeEach.
  const paths = (await sandbox.requests.list()).map((entry) => `${entry.method} ${entry.path}`);
  assert.deepEqual(paths, ['PUT /v1/apps/settings', 'POST /v1/users/auth', 'POST /v1/users/auth']);
  await sandbox.expectNoFindings();
});
