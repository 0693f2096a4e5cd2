import * as assert from 'node:assert/strict';
import type { Transaction } from '../../../src/api';
import { describeOrder, isRecordOf, type LostOrder } from '../../../src/money/orders';

const SENT_AT = Date.parse('2026-11-22T10:00:00.000Z');

function record(fields: Partial<Transaction>): Transaction {
  return {
    _id: 'a'.repeat(24),
    reference: 'a'.repeat(24),
    amount: 150_000,
    type: 'phone',
    recipient: {},
    createdAt: '2026-11-22T10:00:01.000Z',
    updatedAt: '2026-11-22T10:00:01.000Z',
    ...fields,
  };
}

describe('money/orders', () => {
  const phone: LostOrder = { order: { kind: 'phone', mobile: '2349090000000', amount: 150_000 }, mobile: '2348031234567', sentAt: SENT_AT };
  const bank: LostOrder = {
    order: {
      kind: 'bank',
      bankCode: '000014',
      bankName: 'ACCESS BANK',
      accountNumber: '0123456789',
      accountName: 'ADA OBI',
      amount: 250_050,
    },
    mobile: '2348031234567',
    sentAt: SENT_AT,
  };
  const airtime: LostOrder = {
    order: { kind: 'airtime', mobile: '2348030000000', provider: 'mtn', amount: 10_000 },
    mobile: '2348031234567',
    sentAt: SENT_AT,
  };

  it('recognises the lost send by type, amount, recipient and time', () => {
    assert.equal(isRecordOf(record({ recipient: { mobile: '2349090000000' } }), phone), true);
    assert.equal(isRecordOf(record({ type: 'bank', amount: 250_050, recipient: { accountNumber: '0123456789' } }), bank), true);
    assert.equal(
      isRecordOf(
        record({ type: 'bills', amount: 10_000, recipient: { metadata: { billCustomerID: '2348030000000', billType: 'vtu' } } }),
        airtime,
      ),
      true,
    );
    assert.equal(
      isRecordOf(
        record({ type: 'vtu', amount: 10_000, recipient: { metadata: { billCustomerID: '2348030000000', billType: 'vtu' } } }),
        airtime,
      ),
      true,
      'the sandbox records airtime as type vtu',
    );
    // A server clock a little behind ours still matches.
    assert.equal(isRecordOf(record({ recipient: { mobile: '2349090000000' }, createdAt: '2026-11-22T09:59:30.000Z' }), phone), true);
  });

  it('does not mistake another record for it', () => {
    assert.equal(isRecordOf(record({ recipient: { mobile: '2349090000001' } }), phone), false, 'another recipient');
    assert.equal(isRecordOf(record({ amount: 150_001, recipient: { mobile: '2349090000000' } }), phone), false, 'another amount');
    assert.equal(isRecordOf(record({ type: 'bank', recipient: { mobile: '2349090000000' } }), phone), false, 'another type');
    assert.equal(
      isRecordOf(record({ recipient: { mobile: '2349090000000' }, createdAt: '2026-11-22T09:58:00.000Z' }), phone),
      false,
      'made before it was sent',
    );
    assert.equal(isRecordOf(record({ recipient: { mobile: '2349090000000' }, createdAt: 'not a date' }), phone), false, 'no date');
    assert.equal(isRecordOf(record({ type: 'bills', amount: 10_000, recipient: {} }), airtime), false, 'no line named');
    assert.equal(
      isRecordOf(
        record({ type: 'bills', amount: 10_000, recipient: { metadata: { billCustomerID: '2348030000000', billType: 'prepaid' } } }),
        airtime,
      ),
      false,
      'a bill paid for the same customer id is not airtime',
    );
  });

  it('names a send for the log with the mobile or account number masked', () => {
    assert.equal(describeOrder(phone.order), 'phone transfer of ₦1,500.00 to 234******0000');
    assert.equal(describeOrder(bank.order), 'bank transfer of ₦2,500.50 to ******6789 at ACCESS BANK');
    assert.equal(describeOrder(airtime.order), 'mtn airtime of ₦100.00 for 234******0000');
  });
});
