// The bank verification page: a filterable bank list, the account number with its hint and
// error, and the session's recent verifications. The page script wires the form.

import * as l10n from '@vscode/l10n';
import type { Bank } from '../../api';
import type { VerifyPrefill } from '../../banks/verifyPrefill';
import { formatClockTime } from '../../common/formatTime';
import { countText } from '../../common/plural';
import { recentVerificationText, type RecentVerification } from '../protocol';
import { html, type SafeHtml } from './escape';
import { backBar, contextLine, icon, type PageContext } from './parts';
import type { Page } from './shell';

export interface VerifyPageModel {
  banks: readonly Bank[];
  recent: readonly RecentVerification[];
  /** Set when the bank list could not be loaded: shown instead of the form. */
  bankError?: string;
  /** The words of the way back to the page the user came from ("Back to event …"), when there is one. */
  backLabel?: string;
  /** A bank and number to start from ("Verify this recipient", a linked account). */
  prefill?: VerifyPrefill;
  locale?: string;
}

function renderRecentList(recent: readonly RecentVerification[], locale?: string): SafeHtml {
  return html`<ul id="recent" class="recent">${recent.map((item) => {
    const when = html`<span class="when">${formatClockTime(item.at, locale)}</span>`;
    return html`<li class="${item.accountName !== undefined ? 'ok' : 'failed'}">${when} <span class="what">${recentVerificationText(item)}</span></li>`;
  })}</ul>
<p id="recent-empty" class="hint"${recent.length > 0 ? html` hidden` : ''}>${l10n.t('No accounts verified yet in this session.')}</p>`;
}

export function renderVerifyPage(model: VerifyPageModel, context: PageContext): Page {
  const bankCount = model.banks.length;
  const bankPlaceholder = countText(
    bankCount,
    l10n.t('Search {0} bank by name or code', bankCount),
    l10n.t('Search {0} banks by name or code', bankCount),
    model.locale,
  );
  const accountAttributes = html`type="text" inputmode="numeric" autocomplete="off" spellcheck="false" maxlength="16"`;
  const accountValue = model.prefill?.accountNumber ? html` value="${model.prefill.accountNumber}"` : '';
  const form = model.bankError
    ? html`<div class="error-box" role="alert"><p>${l10n.t('The bank list could not be loaded. {0}', model.bankError)}</p>
<button type="button" data-action="retry">${l10n.t('Try again')}</button></div>`
    : html`<form id="verify-form" class="verify-form" novalidate>
<div class="form-field">
<label for="bank-filter">${l10n.t('Bank')}</label>
<input id="bank-filter" type="search" autocomplete="off" spellcheck="false" placeholder="${bankPlaceholder}" aria-controls="bank">
<select id="bank" size="8" aria-label="${l10n.t('Bank')}" required>
${model.banks.map(
  (bank) =>
    html`<option value="${bank.bankCode}"${bank.bankCode === model.prefill?.bankCode ? html` selected` : ''}>${bank.bankName} · ${bank.bankCode}</option>`,
)}
</select>
<p id="bank-count" class="hint" aria-live="polite"></p>
</div>
<div class="form-field">
<label for="account">${l10n.t('Account number')}</label>
<input id="account" ${accountAttributes} placeholder="${l10n.t('10-digit NUBAN')}"${accountValue} aria-describedby="account-hint account-error">
<p id="account-hint" class="hint">${l10n.t('The 10-digit NUBAN, like 2079151995.')}</p>
<p id="account-error" class="field-error" hidden></p>
</div>
<div class="form-actions"><button type="submit" id="verify-button" disabled>${icon('verified')}${l10n.t('Verify')}</button></div>
</form>`;
  const body = html`<header class="page-header">
${contextLine(context)}
<h1>${l10n.t('Verify a bank account')}</h1>
${backBar(model.backLabel)}
</header>
${form}
<section id="result" class="result" role="status" aria-live="polite" hidden></section>
<section aria-labelledby="recent-heading">
<h2 id="recent-heading">${l10n.t('Recent verifications')}</h2>
${renderRecentList(model.recent, model.locale)}
</section>`;
  return { title: l10n.t('Verify Bank Account'), kind: 'verify', body };
}
