import * as assert from 'node:assert/strict';
import { Sandbox } from '../../../src/sandbox';
import { EDITOR_USER_AGENT, mostSevereFirst } from '../../../src/sandbox/reference';
import { startCheckedSandbox } from '../support/contract';
import { call, connectWallet, ConnectedWallet, expectOk, newDeveloper } from './helpers';

// Issue 53: a money finding (retried-money-post, unknown-outcome-not-requeried) says what the
// ledger shows moved for the payment: the transfers that landed, their references, and the naira
// paid more than once (atRiskKobo), which orders findings within a severity.

const PHONE = '/v1/users/transfers/phone';
const RECIPIENT = '2349090000000';

describe('sandbox: the money at stake in a money finding, read from the ledger', () => {
  let sandbox: Sandbox;
  let wallet: ConnectedWallet;
  const pay = (amount = 2500) => call(sandbox, 'POST', PHONE, { body: { mobile: RECIPIENT, amount }, headers: wallet.headers });
  const findings = () => sandbox.findings();
  const dropped = async (amount = 2500): Promise<void> => {
    sandbox.addFault({ path: PHONE, drop: true, times: 1 });
    await assert.rejects(pay(amount), TypeError);
  };

  beforeEach(async () => {
    sandbox = await startCheckedSandbox({ log: () => undefined, clock: { frozen: true } });
    const developer = await newDeveloper(sandbox);
    wallet = await connectWallet(sandbox, developer.appKey, developer.sandboxMobile);
    // The recipient validated first, as a careful app does: the findings here are the money ones only.
    await expectOk(
      call(sandbox, 'POST', '/v1/users/auth/validate', { body: { mobile: RECIPIENT }, headers: { 'x-app-key': developer.appKey } }),
    );
  });
  afterEach(() => sandbox.close());

  it('says what the ledger shows moved: the transfers that landed, their references and the naira paid more than once (issue 53)', async () => {
    // Nothing moved before the work: one transfer landed, nothing was paid twice.
    await dropped();
    await expectOk(pay());
    let [finding] = findings();
    assert.deepEqual([finding?.landed?.length, finding?.atRiskKobo], [1, 0]);
    assert.match(finding?.detail ?? '', /^The ledger shows one transfer landed for this payment: [0-9a-f]{24} \(₦25\.00\)\. /);
    await expectOk(call(sandbox, 'DELETE', '/__sandbox/findings'));
    // A clear forgets what the rules remembered, the validation too: validated again.
    await expectOk(
      call(sandbox, 'POST', '/v1/users/auth/validate', { body: { mobile: RECIPIENT }, headers: { 'x-app-key': wallet.appKey } }),
    );
    await expectOk(call(sandbox, 'GET', '/v1/transactions', { headers: wallet.headers }));
    // After the work: the first transfer landed, and the blind retry landed again.
    sandbox.addFault({ path: PHONE, phase: 'after', drop: true, times: 1 });
    await assert.rejects(pay(7_000), TypeError);
    await expectOk(pay(7_000));
    [finding] = findings();
    const [first, retry] = sandbox.requests.list({ path: PHONE }).slice(-2);
    const reference = (text: string) => (JSON.parse(text) as { data: { transaction: { reference: string } } }).data.transaction.reference;
    assert.deepEqual(finding?.landed, [
      { requestId: first!.id, reference: reference(first!.apiAnswer!.body), amount: 7_000 },
      { requestId: retry!.id, reference: reference(retry!.responseBody), amount: 7_000 },
    ]);
    assert.equal(finding?.atRiskKobo, 7_000);
    assert.match(finding?.title ?? '', / — ₦70\.00 paid twice$/);
  });

  it('orders findings by the money at stake within a severity', async () => {
    sandbox.addFault({ path: PHONE, phase: 'after', status: 503, times: 1 });
    assert.equal((await pay(1_000)).status, 503);
    await expectOk(pay(1_000));
    sandbox.addFault({ path: PHONE, phase: 'after', status: 503, times: 1 });
    assert.equal((await pay(9_000)).status, 503);
    await expectOk(pay(9_000));
    const found = sandbox.findings();
    assert.deepEqual(
      found.map((one) => one.atRiskKobo),
      [1_000, 9_000],
    );
    assert.deepEqual(
      mostSevereFirst(found).map((one) => one.atRiskKobo),
      [9_000, 1_000],
    );
  });

  it('an unknown outcome names the transfer that landed unheard', async () => {
    sandbox.addFault({ path: PHONE, phase: 'after', drop: true, times: 1 });
    await assert.rejects(pay(3_000), TypeError);
    await sandbox.advanceClock(10);
    await expectOk(pay(4_500));
    const [finding] = findings();
    assert.equal(finding?.rule, 'unknown-outcome-not-requeried');
    assert.deepEqual([finding?.landed?.length, finding?.landed?.[0]?.amount, finding?.atRiskKobo], [1, 3_000, 0]);
    assert.match(finding?.detail ?? '', /^The ledger shows one transfer landed for this payment: [0-9a-f]{24} \(₦30\.00\)\. /);
  });

  it('a payment sent many times lists its first ten transfers, and counts and charges them all', async () => {
    // Sent again after each answer the app read: decisions, no finding.
    for (let i = 0; i < 13; i++) await expectOk(pay(100));
    // The fourteenth lands unheard, and the app sends it blind: the fifteenth.
    sandbox.addFault({ path: PHONE, phase: 'after', drop: true, times: 1 });
    await assert.rejects(pay(100), TypeError);
    await expectOk(pay(100));
    const finding = findings().find((one) => one.rule === 'retried-money-post');
    assert.equal(finding?.landed?.length, 10);
    assert.equal(finding?.atRiskKobo, 14 * 100);
    assert.match(
      finding?.detail ?? '',
      /^The ledger shows this payment landed 15 times: (?:[0-9a-f]{24} \(₦1\.00\), ){9}[0-9a-f]{24} \(₦1\.00\) and 5 more; ₦14\.00 paid more than once\. /,
    );
  });

  it('the editor’s own reads are not the app’s requery, and its own calls make no finding', async () => {
    // Wallet Console's Wallet view loads the transactions after money moved, with the app's key
    // and wallet: that is the tool looking, not the app requerying what it never heard back from.
    const asEditor = { ...wallet.headers, 'user-agent': EDITOR_USER_AGENT };
    await dropped();
    await expectOk(call(sandbox, 'GET', '/v1/transactions', { headers: asEditor }));
    await expectOk(pay(4_000));
    assert.deepEqual(
      findings().map((finding) => finding.rule),
      ['unknown-outcome-not-requeried'],
    );
    // Its own money calls (Send Money, Replay) are the user's, asked for in the editor: after a
    // clear (which forgets the validation), its transfer to that mobile makes no finding.
    await expectOk(call(sandbox, 'DELETE', '/__sandbox/findings'));
    await expectOk(call(sandbox, 'POST', PHONE, { body: { mobile: RECIPIENT, amount: 100 }, headers: asEditor }));
    assert.deepEqual(findings(), []);
  });
});
