import * as vscode from 'vscode';
import { formatBillerName } from '../common/billerName';
import { tidyText } from './tidy';
import { formatDateTime } from '../common/formatTime';
import { maskMobile } from '../masking/masking';
import { transactionTypeIcon, transactionTypeLabel } from '../common/transactionTypes';
import { formatNaira, type Transaction } from '../api';

export function typeIcon(type: string): vscode.ThemeIcon {
  return new vscode.ThemeIcon(transactionTypeIcon(type));
}

/** Evaluated on each call (not at import), so the words follow VS Code's display language. */
export function typeLabel(type: string): string {
  return transactionTypeLabel(type);
}

export function shortReference(reference: string): string {
  return reference.length > 12 ? `${reference.slice(0, 6)}…${reference.slice(-4)}` : reference;
}

/** Who or what a transaction went to, in a few words. */
export function counterparty(transaction: Transaction): string | undefined {
  const recipient = transaction.recipient;
  // Server strings arrive padded ("OPAY "): tidied before they are joined, not only at the ends.
  const accountName = tidyText(recipient.accountName ?? '');
  const bankName = tidyText(recipient.bankName ?? '');
  if (accountName) return bankName ? `${accountName}, ${bankName}` : accountName;
  if (recipient.name?.trim()) return tidyText(recipient.name);
  if (recipient.mobile) return maskMobile(recipient.mobile);
  const metadata = recipient.metadata;
  if (metadata?.billerName)
    return `${formatBillerName(metadata.billerName)}${metadata.billCustomerID ? ` ${metadata.billCustomerID}` : ''}`;
  return undefined;
}

/** Markdown tooltip; every server string is escaped so it cannot inject links or markup. */
export function transactionTooltip(transaction: Transaction): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.appendMarkdown(`$(${transactionTypeIcon(transaction.type)}) **`);
  md.appendText(`${formatNaira(transaction.amount)} · ${typeLabel(transaction.type)}`);
  md.appendMarkdown('**\n\n');
  const rows: [string, string | undefined][] = [
    [vscode.l10n.t('To:'), counterparty(transaction)],
    [vscode.l10n.t('Date:'), formatDateTime(transaction.createdAt, undefined, 'minutes')],
    [vscode.l10n.t('Reference:'), transaction.reference],
  ];
  for (const [name, value] of rows) {
    if (!value) continue;
    md.appendMarkdown(`${name} `);
    md.appendText(value);
    md.appendMarkdown('  \n');
  }
  return md;
}
