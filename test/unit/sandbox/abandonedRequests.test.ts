import * as assert from 'node:assert/strict';
import type { Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { call, connectWallet, expectOk, newDeveloper, type ConnectedWallet } from './helpers';

// Issue 53: a request whose client gives up is completed, as on a real server, and its journal
// entry keeps its body, its place in arrival order and its outcome (what the API did, and that
// the answer went unheard). It was recorded with status 0, an empty body and after the retry that
// followed it, so a blind retry was filed as unknown-outcome-not-requeried (or missed) and a
// careful app that did verify its recipient got a false unverified-recipient.

const BANK = '/v1/users/transfers/bank';
const HOLD_MS = 30_000;

describe('sandbox: a request whose client gives up (issue 53)', () => {
  let sandbox: Sandbox;
  let wallet: ConnectedWallet;
  let mobile: string;
  /** The journal's ids go on from the set-up's requests: the test's are base + 1, base + 2… */
  let base: number;

  beforeEach(async () => {
    sandbox = await startCheckedSandbox({ seed: 53, log: () => undefined });
    const dev = await newDeveloper(sandbox);
    mobile = dev.sandboxMobile;
    wallet = await connectWallet(sandbox, dev.appKey, mobile);
    sandbox.requests.clear();
    base = sandbox.requests.lastId;
  });
  afterEach(() => sandbox.close());

  const transfer = { accountName: 'Sandbox Instant Success', accountNumber: '1000000001', bankCode: '000014', amount: 4_000 };

  /** The app sends the transfer and gives up (its timeout) once the sandbox has it, while a fault holds it before the work. */
  async function sendAndGiveUp(): Promise<void> {
    sandbox.addFault({ path: BANK, delayMs: HOLD_MS, times: 1 });
    const app = new AbortController();
    const answer = fetch(sandbox.url + BANK, {
      method: 'POST',
      headers: { ...wallet.headers, 'content-type': 'application/json' },
      body: JSON.stringify(transfer),
      signal: app.signal,
    });
    const id = sandbox.requests.lastId + 1;
    while (sandbox.requests.lastId < id) await new Promise((resolve) => setImmediate(resolve));
    app.abort();
    await assert.rejects(answer);
    // One round trip: the sandbox reads its sockets in order, so it has seen the app hang up.
    await (await fetch(`${sandbox.url}/__sandbox/health`)).text();
  }

  /** The hold ends (on the virtual clock): the work the app gave up on goes on. */
  const release = (): Promise<void> => sandbox.advanceClock(HOLD_MS / 1000);

  it('a blind retry: the abandoned transfer lands too, is journaled first with its body and outcome, and is filed retried-money-post', async () => {
    const before = sandbox.balance(mobile);
    await sendAndGiveUp();
    await expectOk(call(sandbox, 'POST', BANK, { body: transfer, headers: wallet.headers }));
    assert.equal(before - sandbox.balance(mobile), 4_000, 'the retry landed; the first is still held');
    await release();
    await sandbox.requests.waitFor({ path: BANK, status: 200, where: (entry) => entry.unheard === true });
    assert.equal(before - sandbox.balance(mobile), 8_000, 'paid twice: the work went on without the app');
    const [first, retry] = sandbox.requests.list({ path: BANK });
    assert.deepEqual(
      [first?.id, first?.status, first?.unheard, first?.requestBody],
      [base + 1, 200, true, JSON.stringify(transfer)],
      'in arrival order, with what the API did and the body as sent',
    );
    assert.match(first!.responseBody, /"transactionReference":"[0-9a-f]{24}"/);
    assert.deepEqual([retry?.id, retry?.status, retry?.unheard], [base + 2, 200, undefined]);
    assert.deepEqual(
      sandbox.findings().map((finding) => [finding.rule, finding.requestIds]),
      [
        ['unverified-recipient', [base + 1]],
        ['retried-money-post', [base + 1, base + 2]],
        ['unverified-recipient', [base + 2]],
      ],
    );
    // The money at stake, read from the ledger: both transfers landed, their references, the naira paid twice.
    const retried = sandbox.findings()[1]!;
    const references = [first!, retry!].map((entry) => /"transactionReference":"([0-9a-f]{24})"/.exec(entry.responseBody)![1]!);
    assert.match(retried.title, /got no answer, without a requery — ₦40\.00 paid twice$/);
    assert.deepEqual(retried.landed, [
      { requestId: base + 1, reference: references[0], amount: 4_000 },
      { requestId: base + 2, reference: references[1], amount: 4_000 },
    ]);
    assert.equal(retried.atRiskKobo, 4_000);
    assert.match(retried.detail, new RegExp(`landed twice: ${references[0]} \\(₦40\\.00\\), ${references[1]} \\(₦40\\.00\\)`));
  });

  it('a careful app (verified, then requeried instead of retrying) has no finding', async () => {
    const query = `accountNumber=${transfer.accountNumber}&bankCode=${transfer.bankCode}`;
    await expectOk(call(sandbox, 'GET', `/v1/queries/verify?${query}`, { headers: wallet.headers }));
    await sendAndGiveUp();
    await expectOk(call(sandbox, 'GET', '/v1/transactions?type=bank&limit=5', { headers: wallet.headers }));
    await release();
    await sandbox.requests.waitFor({ path: BANK, where: (entry) => entry.unheard === true });
    assert.deepEqual(
      sandbox.requests.list().map((entry) => [entry.id, entry.path, entry.status]),
      [
        [base + 1, '/v1/queries/verify', 200],
        [base + 2, BANK, 200],
        [base + 3, '/v1/transactions', 200],
      ],
    );
    assert.deepEqual(sandbox.findings(), []);
  });

  it('unverified-recipient reads what the API did: a verification the app gave up on verifies nothing; a refusal a fault hid moved nothing', async () => {
    const query = `accountNumber=${transfer.accountNumber}&bankCode=${transfer.bankCode}`;
    sandbox.addFault({ path: '/v1/queries/verify', phase: 'after', delayMs: HOLD_MS, times: 1 });
    const app = new AbortController();
    const verify = fetch(`${sandbox.url}/v1/queries/verify?${query}`, { headers: wallet.headers, signal: app.signal });
    const id = sandbox.requests.lastId + 1;
    while (sandbox.requests.lastId < id) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve)); // the API has answered; the fault holds it
    app.abort();
    await assert.rejects(verify);
    const heardNothing = await sandbox.requests.waitFor({ path: '/v1/queries/verify' });
    assert.deepEqual([heardNothing.status, heardNothing.unheard], [200, true]);
    await expectOk(call(sandbox, 'POST', BANK, { body: transfer, headers: wallet.headers }));
    assert.deepEqual(
      sandbox.findings().map((finding) => finding.rule),
      ['unverified-recipient'],
      'the app never saw the name',
    );
    sandbox.clearFindings();
    // The API refuses (insufficient funds: no money moves); a fault after the work makes the app hear a 503.
    await expectOk(call(sandbox, 'GET', `/v1/queries/verify?${query}`, { headers: wallet.headers }));
    sandbox.addFault({ path: BANK, phase: 'after', status: 503, times: 1 });
    const refused = await call(sandbox, 'POST', BANK, {
      body: { ...transfer, amount: 40_200 },
      headers: wallet.headers,
    });
    assert.equal(refused.status, 503);
    assert.equal(sandbox.requests.list({ path: BANK }).at(-1)?.apiAnswer?.status, 400);
    assert.deepEqual(sandbox.findings(), [], 'a refusal moved nothing, whatever the app heard');
  });

  it('the review waits for a request still held, then reads every request in arrival order', async () => {
    await sendAndGiveUp();
    await expectOk(call(sandbox, 'POST', BANK, { body: transfer, headers: wallet.headers }));
    assert.deepEqual(sandbox.findings(), [], 'nothing is judged out of order while the first is held');
    assert.deepEqual(
      sandbox.requests.list().map((entry) => entry.id),
      [base + 2],
      'the answered one is listed at once',
    );
    await release();
    await sandbox.requests.waitFor({ path: BANK, where: (entry) => entry.unheard === true });
    assert.ok(sandbox.findings().some((finding) => finding.rule === 'retried-money-post'));
  });
});
