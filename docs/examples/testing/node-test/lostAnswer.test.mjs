// node:test (Node 20.19+, nothing to install but wallet-sandbox): `node --test`.
// An answer lost after the money moved, as production loses one: a fault with phase "after" holds
// the bank transfer's answer while the app's 1 s timeout runs out. The app that retries blindly
// pays twice, and the integration review names the naira and both references; the app that
// requeries first pays once.
/* global AbortSignal */
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startSandbox } from 'wallet-sandbox';

const APP_KEY = 'sk_test_my_shop_ci_0001';
const ADA = '2348031112222'; // passcode 424242, ₦15,000.00
const ACME = { accountNumber: '0123456789', bankCode: '000014' };
const AMOUNT = 250000; // ₦2,500.00

let sandbox;

before(async () => {
  sandbox = await startSandbox({ scenario: fileURLToPath(new URL('../wallet-sandbox.json', import.meta.url)) });
});

after(() => sandbox.close());

beforeEach(() => sandbox.reset());

// Stands in for your app's code: every call gives up after 1 s, as an app's HTTP client does.
async function call(path, { method = 'POST', body, token } = {}) {
  const headers = { 'X-App-Key': APP_KEY, 'Content-Type': 'application/json' };
  if (token) headers['X-App-Wallet-Access-Token'] = token;
  const response = await fetch(sandbox.url + path, { method, headers, body: body && JSON.stringify(body), signal: AbortSignal.timeout(1000) });
  return { status: response.status, json: await response.json() };
}

async function signIn() {
  await call('/v1/users/auth', { body: { mobile: ADA, factor: 'sms' } });
  return (await call('/v1/users/auth', { body: { mobile: ADA, factor: 'sms', passcode: '424242' } })).json.data.accessToken;
}

/** The app's payment: verify the account, send the transfer; on a timeout, retry (after a requery, if `careful`). */
async function pay(token, { careful }) {
  const verified = await call(`/v1/queries/verify?accountNumber=${ACME.accountNumber}&bankCode=${ACME.bankCode}`, { method: 'GET', token });
  const transfer = { ...ACME, accountName: verified.json.data.accountName, amount: AMOUNT };
  try {
    return await call('/v1/users/transfers/bank', { token, body: transfer });
  } catch {
    // Timed out: the outcome is unknown, not failed. The careful app asks before paying again.
    if (careful) {
      const { json } = await call('/v1/transactions?type=bank&limit=5', { method: 'GET', token });
      const made = json.data.transactions.find((tx) => tx.amount === AMOUNT && tx.recipient.accountNumber === ACME.accountNumber);
      if (made) return { status: 200, json: { data: { transaction: { transactionReference: made.reference } } } };
    }
    return call('/v1/users/transfers/bank', { token, body: transfer });
  }
}

test('a blind retry after a lost answer pays twice, and the review names the naira and both references', async () => {
  const token = await signIn();
  // The API does its work (the money moves), then holds the answer until the app gives up.
  await sandbox.faults.add({ path: '/v1/users/transfers/bank', phase: 'after', delayMs: 30000, times: 1 });
  await pay(token, { careful: false });

  assert.equal(await sandbox.balance(ADA), 1500000 - 2 * AMOUNT, 'the ledger shows two debits');
  const [finding] = await sandbox.findings();
  assert.equal(finding.rule, 'retried-money-post');
  assert.match(finding.title, /₦2,500\.00 paid twice$/);
  assert.equal(finding.atRiskKobo, AMOUNT);
  assert.equal(finding.landed.length, 2);
  const [first, retry] = await sandbox.requests.list({ path: '/v1/users/transfers/bank' });
  assert.equal(first.unheard, true, 'the first answer never reached the app');
  for (const entry of [first, retry]) {
    assert.ok(finding.landed.some((landed) => entry.responseBody.includes(landed.reference)), 'both references');
  }
});

test('the same app, requerying before it retries, pays once and has no finding', async () => {
  const token = await signIn();
  await sandbox.faults.add({ path: '/v1/users/transfers/bank', phase: 'after', delayMs: 30000, times: 1 });
  const { json } = await pay(token, { careful: true });

  assert.equal(await sandbox.balance(ADA), 1500000 - AMOUNT, 'paid once');
  assert.match(json.data.transaction.transactionReference, /^[0-9a-f]{24}$/);
  await sandbox.expectNoFindings();
});
