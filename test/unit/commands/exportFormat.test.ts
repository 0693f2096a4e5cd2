import * as assert from 'node:assert/strict';
import type { Transaction } from '../../../src/api';
import { csvField, exportFileName, toCsv, transactionRows } from '../../../src/commands/exportFormat';

const transfer = {
  _id: 't1',
  reference: 'ref-1',
  type: 'bank',
  amount: 1_250_050,
  createdAt: '2024-03-01T10:00:00.000Z',
  recipient: { accountName: 'ADA OBI', accountNumber: '0123456789', bankName: 'Zenith Bank' },
} as unknown as Transaction;
const bill = {
  _id: 't2',
  reference: 'ref-2',
  type: 'bills',
  amount: 5_000,
  createdAt: '2024-03-02T10:00:00.000Z',
  recipient: { metadata: { billerName: 'ikedc', billCustomerID: '451', billType: 'prepaid' } },
} as unknown as Transaction;

describe('commands: export format', () => {
  it('names the file after the wallet, the filter and the format (issue 17 item 9)', () => {
    assert.equal(exportFileName('2348031234567', 'bills', 'csv'), 'transactions-2348031234567-bills.csv');
    assert.equal(exportFileName('2348031234567', undefined, 'json'), 'transactions-2348031234567-all.json');
    assert.equal(exportFileName('+234 803/123', undefined, 'csv'), 'transactions-234803123-all.csv', 'nothing that breaks a path');
  });

  it('keeps kobo exact and adds naira for spreadsheets', () => {
    const [row] = transactionRows([transfer]);
    assert.equal(row!.amountKobo, 1_250_050);
    assert.equal(row!.amountNaira, 12_500.5);
    assert.equal(row!.recipientName, 'ADA OBI');
    assert.equal(row!.recipientAccount, '0123456789');
    assert.equal(row!.recipientBank, 'Zenith Bank');
  });

  it('fills absent recipient fields with empty text, and takes bill details from metadata', () => {
    const [row] = transactionRows([bill]);
    assert.equal(row!.recipientName, '');
    assert.equal(row!.recipientMobile, '');
    assert.equal(row!.biller, 'ikedc');
    assert.equal(row!.billCustomerId, '451');
    assert.equal(row!.billType, 'prepaid');
  });

  it('quotes fields with a comma, quote or line break (RFC 4180), doubling quotes', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('Obi, Ada'), '"Obi, Ada"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(csvField(12.5), '12.5');
  });

  it('stops a spreadsheet from running a formula a server string starts', () => {
    assert.equal(csvField('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
    assert.equal(csvField('+234'), "'+234");
    assert.equal(csvField('-5'), "'-5");
    assert.equal(csvField('@sum'), "'@sum");
    assert.equal(csvField(-5), '-5', 'numbers are numbers');
  });

  it('writes a header row and CRLF line ends; nothing for no rows', () => {
    const csv = toCsv(transactionRows([transfer, bill]));
    const lines = csv.split('\r\n');
    assert.equal(lines[0], Object.keys(transactionRows([transfer])[0]!).join(','));
    assert.equal(lines.length, 4, 'header, two rows, and the final line end');
    assert.equal(lines[3], '');
    assert.ok(lines[1]!.startsWith('ref-1,bank,1250050,12500.5,2024-03-01T10:00:00.000Z,ADA OBI,'));
    assert.equal(toCsv([]), '');
  });
});
