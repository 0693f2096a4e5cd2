import * as assert from 'node:assert/strict';
import { Sandbox, TransactionRecord } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { call, connectWallet, ConnectedWallet, expectOk, newDeveloper } from './helpers';

type Listed = { data: { transactions: TransactionRecord[] } };

describe('sandbox: transaction history', () => {
  let sandbox: Sandbox;
  let wallet: ConnectedWallet;
  const mobile = '2349090000000';
  before(async () => {
    sandbox = await startCheckedSandbox({ seed: 9, log: () => undefined });
    const dev = await newDeveloper(sandbox);
    wallet = await connectWallet(sandbox, dev.appKey, mobile);
  });
  after(() => sandbox.close());

  async function list(query: string): Promise<TransactionRecord[]> {
    const answer = await expectOk(call(sandbox, 'GET', `/v1/transactions?${query}`, { headers: wallet.headers }));
    return (answer.json as Listed).data.transactions;
  }

  it('lists newest first with a default page of 20', async () => {
    const page = await list('');
    assert.equal(page.length, 20);
    for (let i = 1; i < page.length; i++) {
      assert.ok(page[i - 1]!.createdAt >= page[i]!.createdAt);
    }
  });

  it('pages without gaps or overlaps', async () => {
    const all = await list('limit=100&pages=1');
    const total = all.length;
    assert.ok(total >= 60 && total <= 100, `seeded ${total}`);
    const pages: TransactionRecord[] = [];
    for (let page = 1; ; page++) {
      const chunk = await list(`limit=7&pages=${page}`);
      pages.push(...chunk);
      if (chunk.length < 7) {
        break;
      }
    }
    assert.deepEqual(
      pages.map((tx) => tx._id),
      all.map((tx) => tx._id),
    );
    assert.deepEqual(await list('limit=7&pages=1000'), []);
  });

  it('filters by type, newest first, and pages the filtered list', async () => {
    const all = await list('limit=100');
    const banks = all.filter((tx) => tx.type === 'bank');
    assert.deepEqual(await list('type=bank&limit=100'), banks);
    assert.deepEqual(await list('type=bank&limit=2&pages=2'), banks.slice(2, 4));
  });

  it('puts an added transaction on top and finds it by reference', async () => {
    const added = sandbox.addTransaction(mobile, {
      type: 'phone',
      amount: 150_000,
      recipient: { mobile: '2348031234567', name: 'OKAFOR CHIDI' },
    });
    assert.match(added._id, /^[0-9a-f]{24}$/);
    assert.equal(added.reference, added._id);
    const [top] = await list('limit=1');
    assert.deepEqual(top, added);
    const [topPhone] = await list('limit=1&type=phone');
    assert.deepEqual(topPhone, added);
  });

  async function everything(): Promise<TransactionRecord[]> {
    const out: TransactionRecord[] = [];
    for (let page = 1; ; page++) {
      const chunk = await list(`limit=100&pages=${page}`);
      out.push(...chunk);
      if (chunk.length < 100) {
        return out;
      }
    }
  }

  it('inserts a back-dated transaction in time order', async () => {
    const before = await everything();
    const dated = sandbox.addTransaction(mobile, { type: 'bvn', amount: 5000, createdAt: '2000-01-01T00:00:00.000Z' });
    const after = await everything();
    assert.equal(after.length, before.length + 1);
    assert.deepEqual(after.at(-1), dated);
    assert.deepEqual(after.slice(0, -1), before);
  });

  it('generates up to 100,000 transactions (10,000 a call: issue 35) that list and page correctly', async () => {
    const before = (await everything()).length;
    for (let left = 100_000 - before; left > 0; left -= 10_000) await sandbox.generateTransactions(mobile, Math.min(10_000, left));
    const total = 100_000;
    const first = await list('limit=100&pages=1');
    assert.equal(first.length, 100);
    const lastPage = Math.ceil(total / 100);
    const deepest = await list(`limit=100&pages=${lastPage}`);
    assert.equal(deepest.length, total - (lastPage - 1) * 100);
    // The back-dated transaction from the test above is still the very oldest.
    assert.equal(deepest.at(-1)!.createdAt, '2000-01-01T00:00:00.000Z');
    assert.deepEqual(await list(`limit=100&pages=${lastPage + 1}`), []);
    for (const page of [first, deepest]) {
      for (let i = 1; i < page.length; i++) {
        assert.ok(page[i - 1]!.createdAt >= page[i]!.createdAt);
      }
    }
    const vtu = await list('type=vtu&limit=50&pages=300');
    assert.equal(vtu.length, 50);
    assert.ok(vtu.every((tx) => tx.type === 'vtu'));
    // Pages taken across the whole history join up without gaps or repeats.
    const sampled: TransactionRecord[] = [];
    for (const page of [1, 2, 3, 500, 501, lastPage - 1, lastPage]) {
      sampled.push(...(await list(`limit=100&pages=${page}`)));
    }
    assert.equal(new Set(sampled.map((tx) => tx.reference)).size, sampled.length, 'references are unique');
    const found = await expectOk(call(sandbox, 'GET', `/v1/transactions/${deepest[0]!.reference}`, { headers: wallet.headers }));
    assert.deepEqual(found.json['data'].transaction, deepest[0]);
  });

  it('generates the same history for the same seed', async () => {
    const a = await startCheckedSandbox({ seed: 1234, log: () => undefined });
    const b = await startCheckedSandbox({ seed: 1234, log: () => undefined });
    const c = await startCheckedSandbox({ seed: 4321, log: () => undefined });
    try {
      const firsts: TransactionRecord[][] = [];
      for (const box of [a, b, c]) {
        const dev = await newDeveloper(box);
        const w = await connectWallet(box, dev.appKey, '2348000000000');
        const answer = await expectOk(call(box, 'GET', '/v1/transactions?limit=100', { headers: w.headers }));
        firsts.push(
          (answer.json as Listed).data.transactions.map((tx) => ({
            ...tx,
            createdAt: '',
            updatedAt: '',
            _id: tx._id.slice(8),
            reference: '',
          })),
        );
      }
      assert.deepEqual(firsts[0], firsts[1]);
      assert.notDeepEqual(firsts[0], firsts[2]);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });
});
