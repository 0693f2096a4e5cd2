// Builds every page the Wallet Console panel shows: the document shell with its strict CSP
// and nonce, and the bodies (transaction detail, bank verification, loading, error).
// Pure: no 'vscode' import, so unit tests run it in plain Node. Words go through an `l10n`
// the host passes (`vscode.l10n`); without one they stay in English.
//
// Safety rule: markup comes only from the `html` template below, which escapes every
// interpolated value unless it is already SafeHtml. Attributes are always double-quoted,
// nothing is ever interpolated into a script, a style or an event-handler attribute, and
// the page carries no inline script or style at all.

import { randomBytes } from 'node:crypto';
import type { Bank, Transaction } from '../api';
import { formatNaira } from '../api/money';
import { maskAccountNumber } from '../api/validation';
import { ENGLISH, recentVerificationText, type L10n, type RecentVerification } from './protocol';
import { transactionTypeIcon } from '../common/transactionTypes';

export { ENGLISH, type L10n } from './protocol';

// ------------------------------------------------------------------ escaping

/** Markup that is already safe: produced by `html` or `raw` (for our own constant markup only). */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Escapes text for element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return String(text).replace(/[&<>"'`]/g, (char) => ESCAPES[char] ?? char);
}

function fragment(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((item: HtmlValue) => fragment(item)).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** Template tag: every `${value}` is escaped unless it is SafeHtml; arrays are joined; false/null/undefined vanish. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += fragment(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

// ------------------------------------------------------------------ document shell

/** 144 random bits, base64: a fresh one for every page. */
export function createNonce(): string {
  return randomBytes(18).toString('base64');
}

/** The panel's policy: nothing by default, styles/images/fonts from media only, scripts only by nonce. */
export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    `default-src 'none'`,
    `style-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `img-src ${cspSource}`,
    `font-src ${cspSource}`,
  ].join('; ');
}

export interface PageResources {
  /** `webview.cspSource`. */
  cspSource: string;
  nonce: string;
  /** `asWebviewUri` of media/dist/webview.js, media/webview.css and media/dist/codicon.css. */
  scriptUri: string;
  styleUri: string;
  codiconsUri: string;
}

/** A codicon (the icon font VS Code itself uses), decorative: the text beside it says what it is. */
export function icon(name: string): SafeHtml {
  return html`<span class="codicon codicon-${name}" aria-hidden="true"></span>`;
}

export interface Page {
  title: string;
  /** Which page the script is on: it wires only what that page has. */
  kind: 'transaction' | 'verify' | 'loading' | 'error';
  body: SafeHtml;
}

/**
 * `translations`: the page script's own messages in the display language (see
 * `translationsFor` in protocol.ts), carried as data in an attribute, never as script.
 */
export function renderDocument(resources: PageResources, page: Page, translations?: Readonly<Record<string, string>>): string {
  const csp = contentSecurityPolicy(resources.cspSource, resources.nonce);
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${resources.codiconsUri}">
<link rel="stylesheet" href="${resources.styleUri}">
<title>${page.title}</title>
</head>
<body data-page="${page.kind}"${translations ? html` data-l10n="${JSON.stringify(translations)}"` : ''}>
<main>
${page.body}
</main>
<script nonce="${resources.nonce}" src="${resources.scriptUri}"></script>
</body>
</html>
`.value;
}

// ------------------------------------------------------------------ transaction detail

export interface DetailField {
  label: string;
  value: string;
  /** Shown on hover: the exact value behind a formatted one (ISO date, kobo). */
  title?: string;
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
  typeIcon: string;
  summary: DetailField[];
  recipient: DetailField[];
  /** Fields the record carries beyond the documented ones, any depth, as key/value text. */
  extra: DetailField[];
  /** How many further extra fields were left out (too many to draw). */
  extraOmitted: number;
}

export function transactionTypeLabel(type: string, l10n: L10n = ENGLISH): string {
  switch (type) {
    case 'bank':
      return l10n.t('Bank transfer');
    case 'phone':
      return l10n.t('Phone transfer');
    case 'bills':
      return l10n.t('Bill payment');
    case 'bvn':
      return l10n.t('BVN check');
    case 'vtu':
      return l10n.t('Airtime (VTU)');
    default:
      return type;
  }
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
  let formatted: string;
  try {
    formatted = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
  } catch {
    formatted = date.toLocaleString();
  }
  return { label, value: formatted, title: text, datetime: date.toISOString() };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What the detail page shows of one record: every field, formatted for people. `locale`
 * is VS Code's display language (dates follow it), `l10n` translates the labels.
 */
export function describeTransaction(transaction: Transaction, locale?: string, l10n: L10n = ENGLISH): TransactionDetail {
  const record = transaction as unknown as Record<string, unknown>;
  const amount = record.amount;
  const kobo = typeof amount === 'number' && Number.isFinite(amount) ? amount : undefined;
  const amountText = formatNaira(kobo ?? Number.NaN);
  const amountTitle =
    kobo !== undefined ? l10n.t('{0} kobo', kobo.toLocaleString('en-US')) : l10n.t('amount as sent: {0}', valueText(amount));
  const type = typeof record.type === 'string' ? record.type : valueText(record.type);
  const reference = typeof record.reference === 'string' ? record.reference : valueText(record.reference);

  const typeText = transactionTypeLabel(type, l10n);
  const summary: DetailField[] = [
    { label: l10n.t('Amount'), value: amountText, title: amountTitle },
    { label: l10n.t('Type'), value: type === typeText ? type : `${typeText} (${type})` },
    { label: l10n.t('Reference'), value: reference, mono: true },
  ];
  if (record._id !== undefined && record._id !== record.reference)
    summary.push({ label: l10n.t('ID'), value: valueText(record._id), mono: true });
  summary.push(dateField(l10n.t('Created'), record.createdAt, locale), dateField(l10n.t('Updated'), record.updatedAt, locale));

  const recipient: DetailField[] = [];
  const extra: DetailField[] = [];
  const to = isPlainObject(record.recipient) ? record.recipient : {};
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
    push(l10n.t('Account number'), typeof to.accountNumber === 'string' ? maskAccountNumber(to.accountNumber) : '****', true);
  }
  push(l10n.t('Mobile'), to.mobile, true);
  const metadata = isPlainObject(to.metadata) ? to.metadata : undefined;
  if (metadata) {
    push(l10n.t('Biller'), metadata.billerName);
    push(l10n.t('Customer ID'), metadata.billCustomerID, true);
    push(l10n.t('Bill type'), metadata.billType);
  } else if (to.metadata !== undefined) {
    extra.push({ label: 'recipient.metadata', value: valueText(to.metadata) });
  }

  // Everything else, with its path, so nothing the record carries goes unseen.
  const rest: [string, unknown][] = [
    ...Object.entries(record).filter(([key]) => !KNOWN_FIELDS.has(key)),
    ...(record.recipient !== undefined && !isPlainObject(record.recipient) ? [['recipient', record.recipient] as [string, unknown]] : []),
    ...Object.entries(to)
      .filter(([key]) => !KNOWN_RECIPIENT.has(key))
      .map(([key, value]) => [`recipient.${key}`, value] as [string, unknown]),
    ...Object.entries(metadata ?? {})
      .filter(([key]) => !KNOWN_METADATA.has(key))
      .map(([key, value]) => [`recipient.metadata.${key}`, value] as [string, unknown]),
  ];
  for (const [key, value] of rest.slice(0, MAX_EXTRA_FIELDS)) extra.push({ label: key, value: valueText(value) });

  return {
    reference,
    amountText,
    amountTitle,
    typeLabel: typeText,
    typeIcon: transactionTypeIcon(type),
    summary,
    recipient,
    extra,
    extraOmitted: Math.max(0, rest.length - MAX_EXTRA_FIELDS),
  };
}

/** Where the data came from, shown small above each page (environment and wallet), and the page's language. */
export interface PageContext {
  environment: string;
  wallet?: string;
  /** Translates the page's words; English when absent. */
  l10n?: L10n;
}

function contextLine(context: PageContext): SafeHtml {
  const l10n = context.l10n ?? ENGLISH;
  return html`<p class="context">${context.wallet ? l10n.t('{0} · wallet {1}', context.environment, context.wallet) : context.environment}</p>`;
}

function fieldList(fields: DetailField[], id: string): SafeHtml {
  return html`<dl class="fields" id="${id}">${fields.map(
    (field) =>
      html`<div class="field-row"><dt>${field.label}</dt><dd${field.mono ? html` class="mono"` : ''}${field.title ? html` title="${field.title}"` : ''}>${
        field.datetime ? html`<time datetime="${field.datetime}">${field.value}</time>` : field.value
      }</dd></div>`,
  )}</dl>`;
}

function statusLine(): SafeHtml {
  return html`<p id="status" class="status" role="status" aria-live="polite"></p>`;
}

export function renderTransactionPage(detail: TransactionDetail, context: PageContext): Page {
  const l10n = context.l10n ?? ENGLISH;
  const body = html`<header class="page-header">
${contextLine(context)}
<h1><span class="amount" title="${detail.amountTitle}">${detail.amountText}</span> <span class="badge">${icon(detail.typeIcon)}${detail.typeLabel}</span></h1>
<div class="toolbar" role="toolbar" aria-label="${l10n.t('Transaction actions')}">
<button type="button" class="secondary" data-action="copy-reference">${icon('copy')}${l10n.t('Copy reference')}</button>
<button type="button" class="secondary" data-action="copy-json">${icon('json')}${l10n.t('Copy JSON')}</button>
<button type="button" data-action="open-json">${icon('go-to-file')}${l10n.t('Open as JSON')}</button>
<button type="button" class="secondary" data-action="retry">${icon('refresh')}${l10n.t('Refresh')}</button>
<button type="button" class="secondary" data-action="navigate-verify">${icon('verified')}${l10n.t('Verify a bank account')}</button>
</div>
${statusLine()}
</header>
<section aria-labelledby="summary-heading">
<h2 id="summary-heading">${l10n.t('Summary')}</h2>
${fieldList(detail.summary, 'summary')}
</section>
<section aria-labelledby="recipient-heading">
<h2 id="recipient-heading">${l10n.t('Recipient')}</h2>
${detail.recipient.length > 0 ? fieldList(detail.recipient, 'recipient') : html`<p class="hint">${l10n.t('The record names no recipient.')}</p>`}
</section>
${
  detail.extra.length > 0
    ? html`<section aria-labelledby="extra-heading">
<h2 id="extra-heading">${l10n.t('Other fields')}</h2>
${fieldList(detail.extra, 'extra')}
${detail.extraOmitted > 0 ? html`<p class="hint">${l10n.t('{0} more fields are not shown here: use Open as JSON.', detail.extraOmitted)}</p>` : ''}
</section>`
    : ''
}`;
  return { title: l10n.t('Transaction {0}', detail.reference), kind: 'transaction', body };
}

// ------------------------------------------------------------------ bank verification

export interface VerifyPageModel {
  banks: readonly Bank[];
  recent: readonly RecentVerification[];
  /** Set when the bank list could not be loaded: shown instead of the form. */
  bankError?: string;
  /** The transaction the panel showed before, for a way back. */
  backReference?: string;
  locale?: string;
}

function timeText(at: number, locale: string | undefined): string {
  try {
    return new Date(at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  } catch {
    return new Date(at).toLocaleTimeString();
  }
}

export function renderRecentList(recent: readonly RecentVerification[], locale?: string, l10n: L10n = ENGLISH): SafeHtml {
  return html`<ul id="recent" class="recent">${recent.map(
    (item) =>
      html`<li class="${item.accountName !== undefined ? 'ok' : 'failed'}"><span class="when">${timeText(item.at, locale)}</span> <span class="what">${recentVerificationText(item, l10n)}</span></li>`,
  )}</ul>
<p id="recent-empty" class="hint"${recent.length > 0 ? html` hidden` : ''}>${l10n.t('No accounts verified yet in this session.')}</p>`;
}

export function renderVerifyPage(model: VerifyPageModel, context: PageContext): Page {
  const l10n = context.l10n ?? ENGLISH;
  const form = model.bankError
    ? html`<div class="error-box" role="alert"><p>${l10n.t('The bank list could not be loaded. {0}', model.bankError)}</p>
<button type="button" data-action="retry">${l10n.t('Try again')}</button></div>`
    : html`<form id="verify-form" class="verify-form" novalidate>
<div class="form-field">
<label for="bank-filter">${l10n.t('Bank')}</label>
<input id="bank-filter" type="search" autocomplete="off" spellcheck="false" placeholder="${l10n.t('Search {0} banks by name or code', model.banks.length)}" aria-controls="bank">
<select id="bank" size="8" aria-label="${l10n.t('Bank')}" required>
${model.banks.map((bank) => html`<option value="${bank.bankCode}">${bank.bankName} · ${bank.bankCode}</option>`)}
</select>
<p id="bank-count" class="hint" aria-live="polite"></p>
</div>
<div class="form-field">
<label for="account">${l10n.t('Account number')}</label>
<input id="account" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" maxlength="16" placeholder="${l10n.t('10-digit NUBAN')}" aria-describedby="account-hint account-error">
<p id="account-hint" class="hint">${l10n.t('The 10-digit NUBAN, like 2079151995.')}</p>
<p id="account-error" class="field-error" hidden></p>
</div>
<div class="form-actions"><button type="submit" id="verify-button" disabled>${icon('verified')}${l10n.t('Verify')}</button></div>
</form>`;
  const body = html`<header class="page-header">
${contextLine(context)}
<h1>${l10n.t('Verify a bank account')}</h1>
${
  model.backReference
    ? html`<div class="toolbar"><button type="button" class="secondary" data-action="navigate-transaction">${icon('arrow-left')}${l10n.t('Back to transaction {0}', model.backReference)}</button></div>`
    : ''
}
</header>
${form}
<section id="result" class="result" role="status" aria-live="polite" hidden></section>
<section aria-labelledby="recent-heading">
<h2 id="recent-heading">${l10n.t('Recent verifications')}</h2>
${renderRecentList(model.recent, model.locale, l10n)}
</section>`;
  return { title: l10n.t('Verify Bank Account'), kind: 'verify', body };
}

// ------------------------------------------------------------------ loading and errors

export function renderLoadingPage(title: string, text: string, context: PageContext): Page {
  return {
    title,
    kind: 'loading',
    body: html`<header class="page-header">${contextLine(context)}</header><p class="loading" role="status">${text}</p>`,
  };
}

export function renderErrorPage(title: string, heading: string, message: string, context: PageContext, retry = true): Page {
  const l10n = context.l10n ?? ENGLISH;
  const body = html`<header class="page-header">${contextLine(context)}</header>
<div class="error-box" role="alert">
<h1>${heading}</h1>
<p>${message}</p>
${retry ? html`<button type="button" data-action="retry">${l10n.t('Try again')}</button>` : ''}
<button type="button" class="secondary" data-action="navigate-verify">${icon('verified')}${l10n.t('Verify a bank account')}</button>
</div>`;
  return { title, kind: 'error', body };
}
