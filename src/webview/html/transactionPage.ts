// The transaction detail page: amount and type, the actions, then summary, recipient and
// any other fields (see transactionDetail.ts for what each shows).

import * as l10n from '@vscode/l10n';
import { countText } from '../../common/plural';
import { html } from './escape';
import { contextLine, fieldList, icon, statusLine, type PageContext } from './parts';
import type { Page } from './shell';
import type { TransactionDetail } from './transactionDetail';

export function renderTransactionPage(detail: TransactionDetail, context: PageContext): Page {
  const omitted = countText(
    detail.extraOmitted,
    l10n.t('{0} more field is not shown here: use Open as JSON.', detail.extraOmitted),
    l10n.t('{0} more fields are not shown here: use Open as JSON.', detail.extraOmitted),
  );
  const body = html`<header class="page-header">
${contextLine(context)}
<h1><span class="amount" title="${detail.amountTitle}">${detail.amountText}</span> <span class="badge">${icon(detail.typeIcon)}${detail.typeLabel}</span></h1>
<div class="toolbar" role="toolbar" aria-label="${l10n.t('Transaction actions')}">
<button type="button" class="secondary" data-action="copy-reference">${icon('copy')}${l10n.t('Copy reference')}</button>
<button type="button" class="secondary" data-action="copy-json">${icon('json')}${l10n.t('Copy JSON')}</button>
<button type="button" data-action="open-json">${icon('go-to-file')}${l10n.t('Open as JSON')}</button>
<button type="button" class="secondary" data-action="retry">${icon('refresh')}${l10n.t('Refresh')}</button>
${
  detail.verifyRecipient
    ? html`<button type="button" class="secondary" data-action="verify-recipient">${icon('verified')}${l10n.t('Verify this recipient')}</button>`
    : ''
}
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
${detail.extraOmitted > 0 ? html`<p class="hint">${omitted}</p>` : ''}
</section>`
    : ''
}`;
  return { title: l10n.t('Transaction {0}', detail.reference), kind: 'transaction', body };
}
