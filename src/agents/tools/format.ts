// The compact text an agent reads: one line per record, naira with kobo, account numbers and
// mobiles masked, pages and counts instead of dumps, never a secret. Plain Node.

import { formatNaira, type Bank, type Transaction } from '../../api';
import type { PublicWebhookEvent } from '../../sandbox';
import { formatBillerName } from '../../common/billerName';
import { maskAccountNumber, maskMobile } from '../../masking/masking';
import { countText } from '../../common/plural';
import type { RecentRequest } from './context';

const TYPE_WORDS: Readonly<Record<string, string>> = {
  bank: 'bank transfer',
  phone: 'phone transfer',
  bills: 'bill payment',
  bvn: 'BVN check',
  vtu: 'airtime',
};

const STATUS_WORDS: Readonly<Record<string, string>> = { '000001': 'success', '000002': 'pending', '000000': 'failed' };

/** `150050` -> `₦1,500.50 (150050 kobo)`: what people read and the exact integer. */
export function money(kobo: number): string {
  return `${formatNaira(kobo)} (${kobo} kobo)`;
}

/** An ISO date without its milliseconds: `2026-11-22 18:50 UTC`. */
export function shortDate(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}

function counterparty(transaction: Transaction): string {
  const recipient = transaction.recipient ?? {};
  if (recipient.accountNumber) {
    const bank = recipient.bankName ?? recipient.bankCode ?? 'bank';
    return `${bank} ${maskAccountNumber(recipient.accountNumber)}${recipient.accountName ? ` (${recipient.accountName})` : ''}`;
  }
  if (recipient.mobile) return `${maskMobile(recipient.mobile)}${recipient.name ? ` (${recipient.name})` : ''}`;
  const biller = recipient.metadata?.billerName;
  if (biller) return `${formatBillerName(biller)}${recipient.metadata?.billType ? ` ${recipient.metadata.billType}` : ''}`;
  return '';
}

/** One line: reference, date, type, amount, direction and status when known, masked counterparty. */
export function transactionLine(transaction: Transaction): string {
  const extra = transaction as Transaction & { direction?: unknown; statusCode?: unknown };
  const parts = [
    transaction.reference,
    shortDate(transaction.createdAt),
    TYPE_WORDS[transaction.type] ?? transaction.type,
    `${extra.direction === 'credit' ? '+' : extra.direction === 'debit' ? '-' : ''}${formatNaira(transaction.amount)}`,
  ];
  if (typeof extra.statusCode === 'string') parts.push(STATUS_WORDS[extra.statusCode] ?? extra.statusCode);
  const other = counterparty(transaction);
  if (other) parts.push(other);
  return parts.join(' | ');
}

/** Every field a person checks on one transaction, account numbers masked. */
export function transactionDetail(transaction: Transaction): string[] {
  const extra = transaction as Transaction & { direction?: unknown; statusCode?: unknown; reversalOf?: unknown };
  const lines = [
    `Reference: ${transaction.reference}`,
    `Type: ${TYPE_WORDS[transaction.type] ?? transaction.type}`,
    `Amount: ${money(transaction.amount)}`,
  ];
  if (typeof extra.direction === 'string') lines.push(`Direction: ${extra.direction}`);
  if (typeof extra.statusCode === 'string') lines.push(`Status: ${STATUS_WORDS[extra.statusCode] ?? extra.statusCode}`);
  if (typeof extra.reversalOf === 'string') lines.push(`Reverses: ${extra.reversalOf}`);
  const other = counterparty(transaction);
  if (other) lines.push(`Counterparty: ${other}`);
  lines.push(`Created: ${transaction.createdAt}`, `Updated: ${transaction.updatedAt}`);
  return lines;
}

export function bankLine(bank: Bank): string {
  return `${bank.bankCode} ${bank.bankName}`;
}

export function requestLine(request: RecentRequest): string {
  const parts = [
    new Date(request.at).toISOString(),
    `${request.method} ${request.path}`,
    request.status === 0 ? 'no answer' : String(request.status),
  ];
  if (request.durationMs !== undefined) parts.push(`${Math.round(request.durationMs)} ms`);
  if (request.client) parts.push(request.client);
  return parts.join(' | ');
}

/** id, type, state, attempts and the last answer; the payload stays out (it names counterparties). */
export function eventLine(event: PublicWebhookEvent): string {
  const last = event.attempts.at(-1);
  const answer = last
    ? last.status === 0
      ? `last attempt: no answer${last.error ? ` (${last.error})` : ''}`
      : `last attempt: HTTP ${last.status}`
    : 'not attempted yet';
  const tries = event.attempts.length;
  const attempts = countText(tries, `${tries} attempt`, `${tries} attempts`, 'en');
  const parts = [event.id, event.type, event.state, shortDate(event.createdAt), `${attempts}, ${answer}`];
  if (event.nextAttemptAt) parts.push(`next attempt ${shortDate(event.nextAttemptAt)}`);
  return parts.join(' | ');
}
