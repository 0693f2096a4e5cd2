// The Check Webhook Handler page: one row per case of the check (src/sandbox/webhookCheck), what
// the handler answered, how fast, whether it requeried, and why the case passed or failed.

import * as l10n from '@vscode/l10n';
import type { WebhookCheckCaseName, WebhookCheckReport } from '../../sandbox';
import { html } from './escape';
import { contextLine, icon, statusLine, type PageContext } from './parts';
import type { Page } from './shell';

function caseLabel(name: WebhookCheckCaseName): string {
  const labels: Record<WebhookCheckCaseName, string> = {
    'bank-transfer': l10n.t('A bank transfer’s event'),
    'phone-transfer': l10n.t('A phone transfer’s event'),
    redelivery: l10n.t('The same event again'),
    malformed: l10n.t('A malformed body'),
    forgery: l10n.t('A forged event'),
    'slow-acceptance': l10n.t('An event while the API is slow'),
  };
  return labels[name];
}

const HEADINGS = () => [l10n.t('Case'), l10n.t('Result'), l10n.t('Answer'), l10n.t('Time'), l10n.t('Requeried'), l10n.t('Why')];

export function renderWebhookCheckPage(report: WebhookCheckReport, context: PageContext): Page {
  const failed = report.cases.filter((row) => !row.passed).length;
  const verdict =
    failed === 0 ? l10n.t('Passed all {0} cases.', report.cases.length) : l10n.t('Failed {0} of {1} cases.', failed, report.cases.length);
  const rows = report.cases.map(
    (row) => html`<tr class="${row.passed ? 'passed' : 'failed'}">
<th scope="row">${caseLabel(row.name)}</th>
<td>${icon(row.passed ? 'pass' : 'error')}${row.passed ? l10n.t('Passed') : l10n.t('Failed')}</td>
<td class="mono">${row.status === 0 ? l10n.t('no answer') : String(row.status)}</td>
<td class="mono">${l10n.t('{0} ms', row.ms)}</td>
<td>${row.requeried ? l10n.t('yes') : l10n.t('no')}</td>
<td>${row.why}</td>
</tr>`,
  );
  const body = html`<header class="page-header">
${contextLine(context)}
<h1>${l10n.t('Webhook handler check')}</h1>
<p class="meta mono">${report.handlerUrl}</p>
<p class="${failed === 0 ? 'verdict passed' : 'verdict failed'}">${icon(failed === 0 ? 'pass' : 'error')}${verdict}</p>
${statusLine()}
</header>
<section aria-labelledby="cases-heading">
<h2 id="cases-heading">${l10n.t('Cases')}</h2>
<table class="check-cases">
<thead><tr>${HEADINGS().map((heading) => html`<th scope="col">${heading}</th>`)}</tr></thead>
<tbody>${rows}</tbody>
</table>
<p class="hint">${l10n.t(
    'This API signs no webhooks: a handler proves an event real by requerying its transaction ({0}) before its work.',
    'GET /v1/transactions/:reference',
  )}</p>
</section>`;
  return { title: l10n.t('Webhook handler check'), kind: 'webhookCheck', body };
}
