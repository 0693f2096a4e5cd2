import * as assert from 'node:assert/strict';
import { moneyWords, recipientWords } from '../../../src/money/recipient';

describe('money/recipient', () => {
  it('names a bank account by holder, number and bank name, as every money confirmation does', () => {
    const order = {
      kind: 'bank' as const,
      bankCode: '000014',
      bankName: 'ACCESS BANK',
      accountNumber: '1000000001',
      accountName: 'SANDBOX INSTANT SUCCESS',
      amount: 2_500,
    };
    assert.equal(recipientWords(order), 'SANDBOX INSTANT SUCCESS, 1000000001 at ACCESS BANK');
    assert.equal(
      recipientWords({ kind: 'bank', accountName: 'ADA OBI', accountNumber: '0000000001', bankName: 'ACCESS BANK', bankCode: '000014' }),
      'ADA OBI, 0000000001 at ACCESS BANK',
    );
  });

  it('falls back to the bank code, then to the number alone, but never to a masked number', () => {
    assert.equal(
      recipientWords({ kind: 'bank', accountName: 'ADA OBI', accountNumber: '0000000001', bankCode: '000014' }),
      'ADA OBI, 0000000001 at bank 000014',
    );
    assert.equal(recipientWords({ kind: 'bank', accountNumber: '0000000001' }), '0000000001 at the bank');
  });

  it('writes mobiles as people do, and an airtime line with its network', () => {
    assert.equal(recipientWords({ kind: 'phone', mobile: '2349090000000' }), '0909 000 0000');
    assert.equal(recipientWords({ kind: 'airtime', mobile: '2348030000000', provider: 'mtn' }), 'MTN line 0803 000 0000');
  });

  it('says "buy" for airtime and "send" for transfers, in the question and on the button', () => {
    assert.deepEqual(moneyWords('phone', '₦15.00', '0909 000 0000'), {
      action: 'send ₦15.00 to 0909 000 0000',
      button: 'Send ₦15.00',
      again: 'send it to 0909 000 0000',
    });
    assert.deepEqual(moneyWords('airtime', '₦100.00', 'MTN line 0803 000 0000'), {
      action: 'buy ₦100.00 of airtime for MTN line 0803 000 0000',
      button: 'Buy ₦100.00 of Airtime',
      again: 'buy the airtime for MTN line 0803 000 0000',
    });
  });
});
