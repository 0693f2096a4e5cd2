import { koboToNaira, type Transaction, type TransactionType } from '../api';

export type ExportFormat = 'csv' | 'json';

/** "transactions-2348031234567-bills.csv": whose, which filter, which format. */
export function exportFileName(mobile: string, filter: TransactionType | undefined, format: ExportFormat): string {
  return `transactions-${mobile.replace(/[^\w-]/g, '')}-${filter ?? 'all'}.${format}`;
}

/** Flat rows for export: kobo stays exact, naira is added for spreadsheets. */
export function transactionRows(transactions: readonly Transaction[]): Record<string, string | number>[] {
  return transactions.map((transaction) => {
    const recipient = transaction.recipient;
    return {
      reference: transaction.reference,
      type: transaction.type,
      amountKobo: transaction.amount,
      amountNaira: koboToNaira(transaction.amount),
      createdAt: transaction.createdAt,
      recipientName: recipient.accountName ?? recipient.name ?? '',
      recipientAccount: recipient.accountNumber ?? '',
      recipientBank: recipient.bankName ?? '',
      recipientMobile: recipient.mobile ?? '',
      biller: recipient.metadata?.billerName ?? '',
      billCustomerId: recipient.metadata?.billCustomerID ?? '',
      billType: recipient.metadata?.billType ?? '',
    };
  });
}

/** RFC 4180 quoting: fields with a comma, quote or line break are quoted, quotes doubled. */
export function csvField(value: string | number): string {
  let text = String(value);
  // A leading = + - @ makes spreadsheets run a formula: prefix a quote so it stays text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly Record<string, string | number>[]): string {
  const first = rows[0];
  if (!first) return '';
  const headers = Object.keys(first);
  const lines = [headers.join(','), ...rows.map((row) => headers.map((header) => csvField(row[header] ?? '')).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
