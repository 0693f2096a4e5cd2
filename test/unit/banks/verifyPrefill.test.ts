import * as assert from 'node:assert/strict';
import { verifyPrefill } from '../../../src/banks/verifyPrefill';

describe('banks/verifyPrefill', () => {
  it('takes a checked bank code and account number from a recipient or a linked account', () => {
    assert.deepEqual(verifyPrefill({ bankCode: ' 000014', accountNumber: '207 915 1995', accountName: 'ADA' }), {
      bankCode: '000014',
      accountNumber: '2079151995',
    });
    assert.deepEqual(verifyPrefill({ accountNumber: '2079151995' }), { accountNumber: '2079151995' });
  });

  it('leaves out what does not validate, and gives nothing for nothing', () => {
    assert.deepEqual(verifyPrefill({ bankCode: '"><x', accountNumber: '2079151995' }), { accountNumber: '2079151995' });
    for (const source of [undefined, 'x', {}, { bankCode: 14, accountNumber: 2079151995 }, { bankCode: 'no', accountNumber: '12' }])
      assert.equal(verifyPrefill(source), undefined, JSON.stringify(source));
  });
});
