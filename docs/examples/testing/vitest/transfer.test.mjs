// Vitest: `npx vitest run`. Each test file starts its own sandbox (its own world, on its own port),
// so files running in parallel workers never see each other's money.
// The sandbox is reset to the scenario before each test. A phone transfer from a wallet signed in
// with the passcode the sandbox sent, the request in the journal, the webhook at the app's receiver
// (which confirms it with the API); a dropped connection the app must not retry; a second payout
// the app decided on, which is no finding; and each test seeing the scenario again.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectSandbox, startSandbox } from 'wallet-sandbox';

const APP_KEY = 'sk_test_my_shop_ci_0001';
const ADA = '2348031112222';
const CHIDI = '2348033334444'; // ₦5,000.00, no fixed passcode in the scenario: read the one sent

let sandbox;
let receiver;
let token; // Chidi's access token: the app signs in before each test

beforeAll(async () => {
  // Under the CLI (`npx wallet-sandbox --scenario wallet-sandbox.json --fail-on-findings -- npx vitest run`)
  // the tests use its sandbox, and the CLI fails the run on what any test did.
  const { WALLET_BASE_URL } = process.env;
  const scenario = fileURLToPath(new URL('../wallet-sandbox.json', import.meta.url));
  sandbox = WALLET_BASE_URL ? await connectSandbox(WALLET_BASE_URL) : await startSandbox({ scenario });
  receiver = await startReceiver();
});

afterAll(async () => {
  await sandbox?.close();
  receiver?.server.close();
});

// Stands in for your app's code.
async function call(path, { method = 'POST', body, token } = {}) {
  const headers = { 'X-App-Key': APP_KEY, 'Content-Type': 'application/json' };
  if (token) headers['X-App-Wallet-Access-Token'] = token;
  const response = await fetch(sandbox.url + path, { method, headers, body: body && JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

async function signIn(mobile) {
  await call('/v1/users/auth', { body: { mobile, factor: 'sms' } });
  const passcode = await sandbox.passcode(mobile); // what the SMS would have said
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

describe('phone transfers', () => {
  // Each test starts from the scenario (balances, journal, tokens, the app's settings): it sets the
  // callback URL and signs Chidi in again.
  beforeEach(async () => {
    await sandbox.reset();
    await call('/v1/apps/settings', { method: 'PUT', body: { callbackURL: receiver.url } });
    token = await signIn(CHIDI);
    // The app checks the mobile it pays before paying it (a typo would pay a stranger).
    await call('/v1/users/auth/validate', { body: { mobile: ADA } });
  });

  it('moves the money at once and tells the webhook', async () => {
    const { status, json } = await call('/v1/users/transfers/phone', { token, body: { mobile: ADA, amount: 120000 } });
    expect(status).toBe(200);
    const reference = json.data.transaction.reference;

    const sent = await sandbox.requests.waitFor({ method: 'POST', path: '/v1/users/transfers/phone' }, { timeoutMs: 2000 });
    expect(JSON.parse(sent.requestBody)).toEqual({ mobile: ADA, amount: 120000 });
    expect(await sandbox.balance(CHIDI)).toBe(500000 - 120000);
    expect(await sandbox.balance(ADA)).toBe(1500000 + 120000);

    const event = await sandbox.webhooks.waitFor({ type: 'PHONE_TRANSFER', reference, delivered: true }, { timeoutMs: 5000 });
    expect(event.attempts[0].status).toBe(200);
    expect(receiver.received.at(-1).payload.data).toMatchObject({ transactionReference: reference, amount: 120000 });
    await sandbox.expectNoFindings(); // nothing the integration review flags (docs/integration-review.md)
  });

  it('a dropped connection is sent once: the outcome is unknown until the app requeries', async () => {
    await sandbox.faults.add({ method: 'POST', path: '/v1/users/transfers/phone', drop: true, times: 1 });
    await expect(call('/v1/users/transfers/phone', { token, body: { mobile: ADA, amount: 5000 } })).rejects.toThrow();

    const dropped = await sandbox.requests.waitFor({ method: 'POST', path: '/v1/users/transfers/phone' }, { timeoutMs: 2000 });
    expect(dropped.status).toBe(0); // no answer was sent
    expect(await sandbox.requests.list({ method: 'POST', path: '/v1/users/transfers/phone' })).toHaveLength(1);
    // The app requeries before it moves more money (or tells the customer anything): nothing to flag.
    await call('/v1/transactions?limit=5', { method: 'GET', token });
    await sandbox.expectNoFindings();
  });

  it('pays Ada a second time on purpose: a payout sent after the first was answered is no finding', async () => {
    const first = await call('/v1/users/transfers/phone', { token, body: { mobile: ADA, amount: 10000 } });
    expect(first.json.success).toBe(true); // the app read the first answer, then decided to pay again
    const second = await call('/v1/users/transfers/phone', { token, body: { mobile: ADA, amount: 10000 } });
    expect(second.json.success).toBe(true);
    expect(await sandbox.requests.list({ method: 'POST', path: '/v1/users/transfers/phone' })).toHaveLength(2);
    await sandbox.expectNoFindings();
  });

  it('reset() gives each test the scenario again: what the tests before it paid is back', async () => {
    expect(await sandbox.balance(CHIDI)).toBe(500000);
    expect(await sandbox.balance(ADA)).toBe(1500000);
    // The journal starts again too: none of the transfers the tests before it sent is in it.
    expect(await sandbox.requests.list({ method: 'POST', path: '/v1/users/transfers/phone' })).toEqual([]);
    await sandbox.expectNoFindings();
  });
});
