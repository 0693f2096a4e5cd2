// What the transaction page shows of one record: every field, formatted for people, the
// documented ones by name and everything else by its path, so nothing the record carries
// goes unseen. Words are translated with @vscode/l10n (configured from `vscode.l10n.bundle`).

import * as l10n from '@vscode/l10n';
import type { Transaction } from '../../api';
import { formatNaira } from '../../api/money';
import { verifyPrefill, type VerifyPrefill } from '../../banks/verifyPrefill';
import { formatBillerName } from '../../common/billerName';
import { formatMobileForPeople } from '../../common/formatMobile';
import { formatDateTime } from '../../common/formatTime';
import { formatKobo } from '../../common/moneyText';
import { isRecord } from '../../common/isRecord';
import { transactionTypeIcon, transactionTypeLabel } from '../../common/transactionTypes';
import type { WebviewIcon } from './iconNames';

export interface DetailField {
  label: string;
  value: string;
  /** The exact value behind a formatted one (ISO date, kobo): shown as text under it, reachable without a mouse. */
  exact?: string;
  /** An ISO timestamp: rendered in a <time> element. */
  datetime?: string;
  /** Code-like values (references, ids, numbers) use the editor font. */
  mono?: boolean;
}

export interface TransactionDetail {
  reference: string;
  amountText: string;
  amountTitle: string;
  typeLabel: string;
  /** Codicon name for the type, as in the tree. */
  typeIcon: WebviewIcon;
  summary: DetailField[];
  recipient: DetailField[];
  /** Fields the record carries beyond the documented ones, any depth, as key/value text. */
  extra: DetailField[];
  /** How many further extra fields were left out (too many to draw). */
  extraOmitted: number;
  /** A bank transfer's recipient, to verify with bank and number filled in; absent for other types. */
  verifyRecipient?: VerifyPrefill;
}

const KNOWN_FIELDS = new Set(['_id', 'amount', 'reference', 'type', 'recipient', 'createdAt', 'updatedAt']);
const KNOWN_RECIPIENT = new Set(['accountNumber', 'accountName', 'bankCode', 'bankName', 'mobile', 'name', 'metadata']);
const KNOWN_METADATA = new Set(['billerName', 'billCustomerID', 'billType']);

/** Long values are cut: the full record is one click away (Open as JSON). */
export const MAX_VALUE_LENGTH = 500;
export const MAX_EXTRA_FIELDS = 100;

function clip(text: string): string {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/** Any JSON value as one line of text. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return clip(value);
  if (value === undefined) return '';
  try {
    return clip(JSON.stringify(value) ?? String(value));
  } catch {
    return clip(String(value));
  }
}

function dateField(label: string, iso: unknown, locale: string | undefined): DetailField {
  const text = typeof iso === 'string' ? iso : valueText(iso);
  const date = new Date(text);
  if (typeof iso !== 'string' || Number.isNaN(date.getTime())) return { label, value: text };
  return { label, value: formatDateTime(date, locale), exact: text, datetime: date.toISOString() };
}

/** `locale` is VS Code's display language: dates follow it. */
export function describeTransaction(transaction: Transaction, locale?: string): TransactionDetail {
  const record = transaction as unknown as Record<string, unknown>;
  const amount = record.amount;
  const kobo = typeof amount === 'number' && Number.isFinite(amount) ? amount : undefined;
  const amountText = formatNaira(kobo ?? Number.NaN);
  const amountTitle = kobo !== undefined ? formatKobo(kobo) : l10n.t('amount as sent: {0}', valueText(amount));
  const type = typeof record.type === 'string' ? record.type : valueText(record.type);
  const reference = typeof record.reference === 'string' ? record.reference : valueText(record.reference);

  const typeText = transactionTypeLabel(type);
  const summary: DetailField[] = [
    { label: l10n.t('Amount'), value: amountText, exact: amountTitle },
    { label: l10n.t('Type'), value: type === typeText ? type : `${typeText} (${type})` },
    { label: l10n.t('Reference'), value: reference, mono: true },
  ];
  if (record._id !== undefined && record._id !== record.reference)
    summary.push({ label: l10n.t('ID'), value: valueText(record._id), mono: true });
  summary.push(dateField(l10n.t('Created'), record.createdAt, locale), dateField(l10n.t('Updated'), record.updatedAt, locale));

  const to = isRecord(record.recipient) ? record.recipient : {};
  const recipient = recipientFields(to);
  const { extra, omitted } = extraFields(record, to);
  return {
    reference,
    amountText,
    amountTitle,
    typeLabel: typeText,
    typeIcon: transactionTypeIcon(type),
    summary,
    recipient,
    extra,
    extraOmitted: omitted,
    ...recipientToVerify(type, to),
  };
}

/** The recipient's documented fields that it carries, by name. */
function recipientFields(to: Record<string, unknown>): DetailField[] {
  const recipient: DetailField[] = [];
  const text = (value: unknown) => (value === undefined ? undefined : valueText(value));
  const push = (label: string, value: unknown, mono = false) => {
    const shown = text(value);
    if (shown !== undefined && shown !== '') recipient.push({ label, value: shown, mono });
  };
  push(l10n.t('Name'), to.accountName ?? to.name);
  if (to.accountName !== undefined && to.name !== undefined) push(l10n.t('Recipient name'), to.name);
  if (to.bankName !== undefined || to.bankCode !== undefined) {
    const name = text(to.bankName);
    const code = text(to.bankCode);
    push(l10n.t('Bank'), name && code ? `${name} (${code})` : (name ?? code));
  }
  if (to.accountNumber !== undefined) {
    // In full: the user opened this one record on purpose (masking/masking.ts).
    push(l10n.t('Account number'), to.accountNumber, true);
  }
  if (typeof to.mobile === 'string' && to.mobile !== '') {
    // As people read it, with the API's form under it when they differ (the one to search or copy).
    const shown = formatMobileForPeople(to.mobile);
    recipient.push({ label: l10n.t('Mobile'), value: shown, mono: true, ...(shown === to.mobile ? {} : { exact: to.mobile }) });
  } else push(l10n.t('Mobile'), to.mobile, true);
  const metadata = isRecord(to.metadata) ? to.metadata : undefined;
  if (metadata) {
    // Spelled as the tree spells it (one formatter for both).
    push(l10n.t('Biller'), typeof metadata.billerName === 'string' ? formatBillerName(metadata.billerName) : metadata.billerName);
    push(l10n.t('Customer ID'), metadata.billCustomerID, true);
    push(l10n.t('Bill type'), metadata.billType);
  }
  return recipient;
}

/**
 * Everything else, with its path: the record's undocumented fields, the recipient's and its
 * metadata's (metadata that is not an object is shown whole, first). At most MAX_EXTRA_FIELDS;
 * `omitted` counts the rest.
 */
function extraFields(record: Record<string, unknown>, to: Record<string, unknown>): { extra: DetailField[]; omitted: number } {
  const extra: DetailField[] = [];
  const metadata = isRecord(to.metadata) ? to.metadata : undefined;
  if (!metadata && to.metadata !== undefined) extra.push({ label: 'recipient.metadata', value: valueText(to.metadata) });
  const rest: [string, unknown][] = [
    ...Object.entries(record).filter(([key]) => !KNOWN_FIELDS.has(key)),
    ...(record.recipient !== undefined && !isRecord(record.recipient) ? [['recipient', record.recipient] as [string, unknown]] : []),
    ...Object.entries(to)
      .filter(([key]) => !KNOWN_RECIPIENT.has(key))
      .map(([key, value]) => [`recipient.${key}`, value] as [string, unknown]),
    ...Object.entries(metadata ?? {})
      .filter(([key]) => !KNOWN_METADATA.has(key))
      .map(([key, value]) => [`recipient.metadata.${key}`, value] as [string, unknown]),
  ];
  for (const [key, value] of rest.slice(0, MAX_EXTRA_FIELDS)) extra.push({ label: key, value: valueText(value) });
  return { extra, omitted: Math.max(0, rest.length - MAX_EXTRA_FIELDS) };
}

/** Only a bank transfer names a bank account; bill and phone recipients have nothing to verify. */
function recipientToVerify(type: string, recipient: Record<string, unknown>): { verifyRecipient?: VerifyPrefill } {
  if (type !== 'bank') return {};
  const prefill = verifyPrefill(recipient);
  return prefill?.accountNumber ? { verifyRecipient: prefill } : {};
}
