import * as assert from 'node:assert/strict';
import { Sandbox, SandboxChange } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { call, connectWallet, ConnectedWallet, expectOk, newDeveloper } from './helpers';

// Issue 25: the Sandbox view kept listing used-up faults, and showed faults or a delay set over
// the admin API only after an unrelated change. The sandbox now reports every change of its
// knobs and of its clock, whoever made it; the views follow those reports.

const BALANCE = '/v1/users/balance';

describe('sandbox: every change of the knobs and the clock is reported', () => {
  let sandbox: Sandbox;
  let wallet: ConnectedWallet;
  let changes: SandboxChange[];
  let stop: () => void;
  before(async () => {
    sandbox = await startCheckedSandbox({ seed: 25, log: () => undefined });
    const dev = await newDeveloper(sandbox);
    wallet = await connectWallet(sandbox, dev.appKey, '2348000000000');
  });
  after(() => sandbox.close());
  beforeEach(() => {
    changes = [];
    stop = sandbox.onChange((change) => changes.push(change));
  });
  afterEach(() => {
    stop();
    sandbox.clearFaults();
    sandbox.setLatency(0);
  });

  const balance = () => call(sandbox, 'GET', BALANCE, { headers: wallet.headers });
  /** The knob reports heard since the last look (they come once the turn's changes are made). */
  const knobReports = async (): Promise<number> => {
    await new Promise((resolve) => setImmediate(resolve));
    const count = changes.filter((change) => change.knobs).length;
    changes = [];
    return count;
  };

  it('a fault used once is gone from the knobs after the request, and that is reported', async () => {
    sandbox.addFault({ path: BALANCE, status: 503, times: 1 });
    assert.equal(await knobReports(), 1);
    assert.equal((await balance()).status, 503);
    assert.deepEqual(sandbox.knobs.faults, []);
    assert.equal(await knobReports(), 1, 'used up: reported');
    await expectOk(balance());
    assert.equal(await knobReports(), 0, 'a request no fault matched changes nothing');
  });

  it('a fault with a count reports each use, and an endless one none', async () => {
    sandbox.addFault({ path: BALANCE, status: 500, times: 2 });
    sandbox.addFault({ path: '/v1/transactions', status: 500 });
    await knobReports();
    await balance();
    assert.equal(sandbox.knobs.faults[0]?.times, 1);
    assert.equal(await knobReports(), 1, 'one left: the views show "1 more time"');
    await call(sandbox, 'GET', '/v1/transactions', { headers: wallet.headers });
    assert.equal(await knobReports(), 0);
  });

  it('the admin API reports its changes: PATCH knobs, POST and DELETE faults', async () => {
    await expectOk(call(sandbox, 'PATCH', '/__sandbox/knobs', { body: { latencyMs: 5 } }));
    assert.equal(await knobReports(), 1);
    assert.equal(sandbox.knobs.latencyMs, 5);
    const added = await expectOk(call(sandbox, 'POST', '/__sandbox/faults', { body: { path: BALANCE, drop: true, times: 1 } }));
    assert.equal(await knobReports(), 1);
    await expectOk(call(sandbox, 'DELETE', `/__sandbox/faults/${added.json['data'].fault.id}`));
    assert.equal(await knobReports(), 1);
    await expectOk(call(sandbox, 'POST', '/__sandbox/faults', { body: { path: BALANCE, status: 500 } }));
    await expectOk(call(sandbox, 'DELETE', '/__sandbox/faults'));
    assert.equal(await knobReports(), 2);
    assert.equal((await call(sandbox, 'PATCH', '/__sandbox/knobs', { body: { latencyMs: -1 } })).status, 400);
    assert.equal(await knobReports(), 0, 'a refused change is no change');
  });

  it('changes made through the Node controls are reported once per turn, and every fault gets an id', async () => {
    sandbox.addFault({ path: BALANCE, status: 500 });
    sandbox.addFault({ path: BALANCE, status: 502 });
    sandbox.setLatency(10);
    assert.equal(await knobReports(), 1, 'one report for the turn');
    const ids = sandbox.knobs.faults.map((fault) => fault.id);
    assert.ok(ids.every((id) => /^flt_\d+$/.test(id ?? '')) && new Set(ids).size === 2, ids.join());
    sandbox.removeFault(ids[0] ?? '');
    assert.equal(await knobReports(), 1);
    sandbox.clearFaults();
    assert.equal(await knobReports(), 1);
    sandbox.setTokenLifetime(86400);
    assert.equal(await knobReports(), 1);
    assert.equal(JSON.stringify(sandbox.knobs), JSON.stringify({ tokenLifetimeSeconds: 86400, latencyMs: 10, faults: [] }));
  });

  it('POST /__sandbox/expire expires the access tokens, as the method does', async () => {
    await expectOk(balance());
    await expectOk(call(sandbox, 'POST', '/__sandbox/expire?mobile=2348000000000'));
    assert.equal((await balance()).json['errorCode'], '10005');
    const dev = await newDeveloper(sandbox);
    wallet = await connectWallet(sandbox, dev.appKey, '2348000000000');
  });

  it("the clock's advance is reported, by method and over HTTP, and the answer says what happened meanwhile", async () => {
    await sandbox.advanceClock(60);
    assert.equal(changes.filter((change) => change.clock).length, 1);
    changes = [];
    const sent = await expectOk(
      call(sandbox, 'POST', '/v1/users/transfers/bank', {
        body: { accountName: 'Sandbox Held Pending', accountNumber: '1000000002', bankCode: '000014', amount: 1_000 },
        headers: wallet.headers,
      }),
    );
    const reference = sent.json['data'].transaction.transactionReference as string;
    const advanced = await expectOk(call(sandbox, 'POST', '/__sandbox/clock/advance', { body: { seconds: 25 * 3600 } }));
    assert.equal(changes.filter((change) => change.clock).length, 1);
    assert.deepEqual(advanced.json['data'].changed.transfers, [{ reference, mobile: '2348000000000', status: 'success' }]);
    assert.deepEqual(advanced.json['data'].changed.events, []);
  });
});
