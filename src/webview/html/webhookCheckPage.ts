// The Check Webhook Handler page: one row per case of the check (src/sandbox/webhookCheck), what
// the handler answered, how fast, whether it requeried, and why the case passed or failed (or, for
// an advisory case, what the app should do: a note, not counted).

import * as l10n from '@vscode/l10n';
import type { WebhookCheckCase, WebhookCheckCaseName, WebhookCheckReport } from '../../sandbox';
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
    concurrent: l10n.t('Copies of one event at once'),
    'out-of-order': l10n.t('An older event after the newer one'),
    'before-answer': l10n.t('An event before the API’s answer'),
    reversal: l10n.t('A reversal after the success'),
    'never-sent': l10n.t('An event that never comes'),
  };
  return labels[name];
}

const HEADINGS = () => [l10n.t('Case'), l10n.t('Result'), l10n.t('Answer'), l10n.t('Time'), l10n.t('Requeried'), l10n.t('Why')];

/** What the handler answered: its status, "×3" for copies at once, "not sent" for a withheld event. */
function answerCell(row: WebhookCheckCase): string {
  if (row.deliveries === 0) return l10n.t('not sent');
  if (row.status === 0) return l10n.t('no answer');
  return row.deliveries === undefined ? String(row.status) : l10n.t('{0} ×{1}', row.status, row.deliveries);
}

/** Passed, failed, or a note (an advisory case that did not pass: not counted). */
function resultCell(row: WebhookCheckCase): { css: string; icon: 'pass' | 'error' | 'info'; text: string } {
  if (row.passed) return { css: 'passed', icon: 'pass', text: l10n.t('Passed') };
  return row.advisory
    ? { css: 'note', icon: 'info', text: l10n.t('Note (not counted)') }
    : { css: 'failed', icon: 'error', text: l10n.t('Failed') };
}

export function renderWebhookCheckPage(report: WebhookCheckReport, context: PageContext): Page {
  const counted = report.cases.filter((row) => !row.advisory);
  const failed = counted.filter((row) => !row.passed).length;
  const verdict =
    failed === 0 ? l10n.t('Passed all {0} cases.', counted.length) : l10n.t('Failed {0} of {1} cases.', failed, counted.length);
  const rows = report.cases.map((row) => {
    const result = resultCell(row);
    return html`<tr class="${result.css}">
<th scope="row">${caseLabel(row.name)}</th>
<td>${icon(result.icon)}${result.text}</td>
<td class="mono">${answerCell(row)}</td>
<td class="mono">${l10n.t('{0} ms', row.ms)}</td>
<td>${row.requeried ? l10n.t('yes') : l10n.t('no')}</td>
<td>${row.why}</td>
</tr>`;
  });
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
<p class="hint">${l10n.t(
    'Production also sends copies at once, older events late, events before the answer: claim each reference and status atomically, first.',
  )}</p>
</section>`;
  return { title: l10n.t('Webhook handler check'), kind: 'webhookCheck', body };
}
