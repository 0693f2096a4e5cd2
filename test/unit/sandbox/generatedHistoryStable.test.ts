import * as assert from 'node:assert/strict';
import { historyOf } from '../../../src/sandbox/domain/seed/seededHistory';

// A scenario names a generated history by count, seed and end (`wallets[].history`), and a saved
// scenario must load as the same transactions in every later release: ids, mobiles and customer
// ids included. These were made by the release that wrote them; a change in how the sandbox
// builds its strings (random.ts flatText) must not change a character of them.
describe('sandbox: a generated history is the same release to release', () => {
  const history = historyOf({ count: 6, seed: 7, untilMs: Date.parse('2026-01-01T00:00:00Z') });

  it('makes the same ids, in the same order', () => {
    assert.deepEqual(
      history.map((tx) => tx._id),
      [
        '68b95f0a30d7b9b824c6baff',
        '68c1524f0a3c077e2cc8f81f',
        '68f7aca0221f81d1e9bca733',
        '690a03881df66cc187a96ecc',
        '69261ba98cabb604c162f752',
        '695211c2d557aa42a16f17ff',
      ],
    );
    assert.ok(history.every((tx) => tx.reference === tx._id));
  });

  it('makes the same recipients and amounts', () => {
    assert.deepEqual(
      history.map((tx) => [tx.type, tx.recipient, tx.amount]),
      [
        ['vtu', { metadata: { billerName: '9mobile', billCustomerID: '2348093252928', billType: 'vtu' } }, 50000],
        ['bvn', { metadata: { bvn: '22095669698', firstName: 'CHIOMA', lastName: 'BELLO', billType: 'bvn' } }, 10000],
        ['bank', { accountNumber: '3449763315', accountName: 'IWUCHUKWU JOY', bankCode: '000014', bankName: 'ACCESS BANK' }, 165000],
        ['vtu', { metadata: { billerName: 'mtn', billCustomerID: '2347060695869', billType: 'vtu' } }, 100000],
        ['bills', { metadata: { billerName: 'smile', billCustomerID: '8599580537', billType: 'internet' } }, 1700000],
        ['phone', { mobile: '2348114675320', name: 'OMOREGIE CHIOMA OLU' }, 3660000],
      ],
    );
  });
});
