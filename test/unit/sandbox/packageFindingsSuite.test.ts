import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { packageProject, run } from '../support/packedSandbox';

// Issue 54, "Proof": mistake apps and their careful twins (one pair per rule that can fail a
// test; token-churn, info, shows in a twin), written as a team writes its tests
// (node:test, one sandbox for the file, reset() before each test, expectNoFindings() at the end of
// each), run with `node --test` against the packed package in an empty project. Every mistake
// test must fail naming its rule; every careful twin must pass; the run's record, read in an
// `after` hook, still holds every mistake whatever reset() emptied.

const SUITE = String.raw`import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, beforeEach, test } from 'node:test';
import { startSandbox } from 'wallet-sandbox';

const APP_KEY = 'sk_test_suite_0001';
const ADA = '2348031112222';
const CHIDI = '2348033334444';
const SUPPLIER = { accountNumber: '1000000001', bankCode: '000014' };
let sandbox;
let token;

before(async () => {
  sandbox = await startSandbox({
    scenario: {
      clock: { start: '2026-01-05T09:00:00Z', frozen: true },
      developers: [{ email: 'qa@example.ng', password: 'qa-password-1', apps: [{ name: 'shop', sandboxKey: APP_KEY }] }],
      wallets: [{ mobile: '08031112222', passcode: '424242', balance: 5000000 }, { mobile: '08033334444', balance: 100000 }],
    },
  });
});
beforeEach(async () => {
  await sandbox.reset();
  token = await signIn();
});
// The run's record: every test's findings, whatever reset() emptied before the next.
after(async () => {
  try {
    await sandbox.expectNoFindings({ scope: 'run' });
  } finally {
    await sandbox.close();
  }
});

// Stands in for the app's code.
async function call(path, { method = 'POST', body, headers = {} } = {}) {
  const all = { 'X-App-Key': APP_KEY, 'X-App-Wallet-Access-Token': token, 'Content-Type': 'application/json', ...headers };
  const response = await fetch(sandbox.url + path, { method, headers: all, body: body && JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}
async function signIn() {
  const headers = { 'X-App-Key': APP_KEY, 'Content-Type': 'application/json' };
  const post = (body) => fetch(sandbox.url + '/v1/users/auth', { method: 'POST', headers, body: JSON.stringify(body) }).then((a) => a.json());
  await post({ mobile: ADA, factor: 'sms' });
  return (await post({ mobile: ADA, factor: 'sms', passcode: '424242' })).data.accessToken;
}
const validate = (mobile) => call('/v1/users/auth/validate', { body: { mobile } });
/** A sign-in whose refresh token the app keeps (the one before each test is used for its access token). */
async function signInForRefresh() {
  await call('/v1/users/balance', { method: 'GET' });
  await sandbox.clock.advance(1);
  await call('/v1/users/auth', { body: { mobile: ADA, factor: 'sms' } });
  const { json } = await call('/v1/users/auth', { body: { mobile: ADA, factor: 'sms', passcode: '424242' } });
  token = json.data.accessToken;
  await call('/v1/users/balance', { method: 'GET' });
  return json.data.refreshToken;
}
const payChidi = (amount = 50000) => call('/v1/users/transfers/phone', { body: { mobile: CHIDI, amount } });
async function verifiedSupplier() {
  const { json } = await call('/v1/queries/verify/?accountNumber=' + SUPPLIER.accountNumber + '&bankCode=' + SUPPLIER.bankCode, { method: 'GET' });
  return { ...SUPPLIER, accountName: json.data.accountName };
}

/** The app's webhook endpoint: answers at once (200 unless told); a careful one then asks the API about the transfer. */
async function receiver({ requery, status = 200 }) {
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', async () => {
      response.writeHead(status).end();
      const reference = JSON.parse(text).payload.data.transactionReference;
      if (requery) await call('/v1/transactions/' + reference, { method: 'GET' });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  await call('/v1/apps/settings', { method: 'PUT', body: { callbackURL: 'http://127.0.0.1:' + server.address().port + '/hook' } });
  return server;
}
async function bankTransferWithWebhook(requery) {
  const server = await receiver({ requery });
  try {
    const { json } = await call('/v1/users/transfers/bank', { body: { ...(await verifiedSupplier()), amount: 250000 } });
    const reference = json.data.transaction.transactionReference;
    await sandbox.clock.advance(10);
    await sandbox.webhooks.waitFor({ reference, delivered: true }, { timeoutMs: 5000 });
    await sandbox.expectNoFindings();
  } finally {
    server.close();
  }
}

test('mistake webhook-trusted-without-requery: credits on the event alone', () => bankTransferWithWebhook(false));
test('careful: answers the webhook, then requeries it', () => bankTransferWithWebhook(true));

test('mistake retried-money-post: a double click (two payments in flight together)', async () => {
  await validate(CHIDI);
  await sandbox.setLatency(300); // the real API's pace: the second click leaves before the first is answered
  await Promise.all([payChidi(), payChidi()]);
  await sandbox.expectNoFindings();
});
test('careful: a second payout to the same customer, after the first was answered', async () => {
  await validate(CHIDI);
  assert.equal((await payChidi()).json.success, true);
  assert.equal((await payChidi()).json.success, true);
  await sandbox.expectNoFindings();
});

test('mistake unknown-outcome-not-requeried: no answer, and never a requery', async () => {
  await validate(CHIDI);
  await sandbox.faults.add({ method: 'POST', path: '/v1/users/transfers/phone', drop: true, times: 1 });
  await assert.rejects(payChidi());
  await sandbox.expectNoFindings();
});
test('careful: no answer, then a requery', async () => {
  await validate(CHIDI);
  await sandbox.faults.add({ method: 'POST', path: '/v1/users/transfers/phone', drop: true, times: 1 });
  await assert.rejects(payChidi());
  await call('/v1/transactions?limit=5', { method: 'GET' });
  await sandbox.expectNoFindings();
});

test('mistake secret-in-url: the app key under a name of its own', async () => {
  await call('/v1/queries/banks?sandboxKey=' + APP_KEY, { method: 'GET' });
  await sandbox.expectNoFindings();
});
test('careful: the app key in its header only', async () => {
  await call('/v1/queries/banks', { method: 'GET' });
  await sandbox.expectNoFindings();
});

test('mistake unknown-endpoint: a path the API does not have', async () => {
  await call('/v1/users/transactions', { method: 'GET' });
  await sandbox.expectNoFindings();
});
test('careful: the history where it is', async () => {
  await call('/v1/transactions', { method: 'GET' });
  await sandbox.expectNoFindings();
});

test('mistake float-kobo: naira to kobo in floating point', async () => {
  await validate(CHIDI);
  await payChidi(19.99 * 100);
  await sandbox.expectNoFindings();
});
test('careful: kobo rounded where it is made', async () => {
  await validate(CHIDI);
  await payChidi(Math.round(19.99 * 100));
  await sandbox.expectNoFindings();
});

test('mistake secret-in-browser: the dashboard page calls the API itself', async () => {
  await call('/v1/users/balance', { method: 'GET', headers: { Origin: 'http://localhost:5173' } });
  await sandbox.expectNoFindings();
});
test('careful: the server calls the API, the page calls the server', async () => {
  await call('/v1/users/balance', { method: 'GET' });
  await sandbox.expectNoFindings();
});

test('mistake unverified-recipient: pays a mobile it never validated', async () => {
  await payChidi();
  await sandbox.expectNoFindings();
});
test('careful: validates the mobile first, and verifies a bank account (its path ends in /) before paying it', async () => {
  await validate(CHIDI);
  await payChidi();
  await call('/v1/users/transfers/bank', { body: { ...(await verifiedSupplier()), amount: 100000 } });
  await sandbox.expectNoFindings();
});

test('mistake webhook-not-acknowledged: answers an event it does not handle with 500', async () => {
  const server = await receiver({ requery: true, status: 500 });
  try {
    await validate(CHIDI);
    const { json } = await payChidi();
    await sandbox.webhooks.waitFor({ reference: json.data.transaction.reference, state: 'retrying' }, { timeoutMs: 5000 });
    await sandbox.expectNoFindings();
  } finally {
    server.close();
  }
});
test('careful: acknowledges every well-formed event, then requeries it', async () => {
  const server = await receiver({ requery: true });
  try {
    await validate(CHIDI);
    const { json } = await payChidi();
    await sandbox.webhooks.waitFor({ reference: json.data.transaction.reference, delivered: true }, { timeoutMs: 5000 });
    await sandbox.expectNoFindings();
  } finally {
    server.close();
  }
});

test('mistake expired-token-loop: sends the refused token again and again', async () => {
  await sandbox.expireAccessTokens(ADA);
  for (let i = 0; i < 3; i++) await call('/v1/users/balance', { method: 'GET' });
  await sandbox.expectNoFindings();
});
test('careful: refreshes once after a 401, then asks again', async () => {
  const refreshToken = await signInForRefresh();
  await sandbox.expireAccessTokens(ADA);
  assert.equal((await call('/v1/users/balance', { method: 'GET' })).status, 401);
  token = (await call('/v1/users/accessToken', { body: { refreshToken } })).json.data.accessToken;
  assert.equal((await call('/v1/users/balance', { method: 'GET' })).status, 200);
  await sandbox.expectNoFindings();
});

test('mistake repeated-bvn-query: looks the same BVN up (N35 each) before every refund', async () => {
  for (let i = 0; i < 2; i++) await call('/v1/queries/bvn?bvn=22123456789', { method: 'GET' });
  await sandbox.expectNoFindings();
});
test('careful: looks a BVN up once and keeps the answer', async () => {
  const answer = (await call('/v1/queries/bvn?bvn=22123456789', { method: 'GET' })).json.data;
  assert.ok(answer);
  await sandbox.expectNoFindings();
});

test('mistake sign-in-answer-ignored: reads body.status, signs in again', async () => {
  await call('/v1/users/balance', { method: 'GET' });
  const first = await signIn();
  assert.ok(first);
  token = await signIn(); // "it failed": the first token is thrown away
  await call('/v1/users/balance', { method: 'GET' });
  await sandbox.expectNoFindings();
});
test('careful: one sign-in, its token kept (and a refresh-happy app is info only)', async () => {
  await call('/v1/users/balance', { method: 'GET' });
  for (let i = 0; i < 3; i++) {
    token = await signIn();
    await call('/v1/users/balance', { method: 'GET' });
  }
  const churn = (await sandbox.findings()).map((finding) => [finding.rule, finding.severity]);
  assert.deepEqual(churn, [['token-churn', 'info']]);
  await sandbox.expectNoFindings();
  await assert.rejects(sandbox.expectNoFindings({ severity: 'info' }), /info token-churn: .* replaced 3 times/);
});
`;

/** Each test's name, whether it passed, and its error's text (node:test's TAP reporter). */
function results(tap: string): Map<string, { passed: boolean; error: string }> {
  const found = new Map<string, { passed: boolean; error: string }>();
  const blocks = tap.split(/^(?=(?:not )?ok \d+ - )/m);
  for (const block of blocks) {
    const head = /^(not )?ok \d+ - (.*)$/m.exec(block);
    // The error's text only: the test's name says its rule too.
    const error = block.includes('  error: ') ? block.slice(block.indexOf('  error: ')) : '';
    if (head) found.set(head[2]!, { passed: !head[1], error });
  }
  return found;
}

describe('sandbox package: mistake apps and careful twins, in a node:test suite that resets before each test', function () {
  this.timeout(120_000);

  it('names every mistake by its rule, passes every twin, and the run keeps every mistake past reset()', async () => {
    const { project } = await packageProject();
    const dir = path.join(project, 'findings-suite');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'shop.test.mjs'), SUITE);
    const tap = await run(process.execPath, ['--test', '--test-reporter=tap', 'shop.test.mjs'], { cwd: dir, timeout: 90_000 }).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    const ran = results(tap);
    const mistakes = [...ran].filter(([name]) => name.startsWith('mistake '));
    const twins = [...ran].filter(([name]) => name.startsWith('careful: '));
    assert.equal(mistakes.length, 12, tap);
    assert.equal(twins.length, 12, tap);
    const named = mistakes.filter(([name, { passed, error }]) => !passed && error.includes(`${name.split(' ')[1]!.replace(':', '')}: `));
    assert.deepEqual(
      mistakes.filter((mistake) => !named.includes(mistake)).map(([name, { error }]) => `${name}\n${error.slice(0, 800)}`),
      [],
      'recall: every mistake named by its rule',
    );
    assert.deepEqual(
      twins.filter(([, { passed }]) => !passed).map(([name, { error }]) => `${name}\n${error.slice(0, 800)}`),
      [],
      'precision: no finding on a careful twin',
    );
    // The after hook: the run's record still holds every mistake's finding, each test having reset the world.
    const hook = tap.indexOf("failureType: 'hookFailed'");
    assert.ok(hook >= 0, `the after hook failed: ${tap.slice(-1500)}`);
    for (const [name] of mistakes) {
      const rule = name.split(' ')[1]!.replace(':', '');
      assert.match(tap.slice(hook), new RegExp(`^ {6}(error|warning) ${rule}: `, 'm'), `the run's record names ${rule}`);
    }
  });
});
