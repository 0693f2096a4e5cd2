// The webhook event page: what was sent (the payload, pretty JSON) and every attempt's answer.

import * as l10n from '@vscode/l10n';
import { formatNaira } from '../../api';
import { formatDateTime } from '../../common/formatTime';
import { formatKobo } from '../../common/moneyText';
import type { PublicWebhookEvent, WebhookAttempt } from '../../sandbox';
import {
  attemptOutcome,
  eventAmount,
  eventPayloadJson,
  eventReference,
  eventStateLabel,
  eventTypeLabel,
} from '../../sandboxControl/eventSummary';
import { html, type SafeHtml } from './escape';
import { contextLine, fieldList, icon, statusLine, type PageContext } from './parts';
import type { WebviewIcon } from './iconNames';
import type { Page } from './shell';
import type { DetailField } from './transactionDetail';

const STATE_ICONS: Record<PublicWebhookEvent['state'], WebviewIcon> = {
  pending: 'loading',
  delivered: 'pass',
  retrying: 'sync',
  failed: 'error',
};

function when(iso: string, locale: string | undefined): DetailField {
  return { label: '', value: formatDateTime(iso, locale), datetime: iso };
}

function summary(event: PublicWebhookEvent, locale: string | undefined): DetailField[] {
  const reference = eventReference(event);
  const amount = eventAmount(event);
  const fields: DetailField[] = [
    { label: l10n.t('Event'), value: event.id, mono: true },
    { label: l10n.t('State'), value: eventStateLabel(event.state) },
    { label: l10n.t('Sent to'), value: event.url, mono: true },
    { ...when(event.createdAt, locale), label: l10n.t('Created') },
  ];
  if (reference) fields.push({ label: l10n.t('Reference'), value: reference, mono: true });
  if (amount !== undefined) fields.push({ label: l10n.t('Amount'), value: formatNaira(amount), exact: formatKobo(amount) });
  if (event.nextAttemptAt) fields.push({ ...when(event.nextAttemptAt, locale), label: l10n.t('Next attempt') });
  return fields;
}

function attemptSection(attempt: WebhookAttempt, locale: string | undefined): SafeHtml {
  const fields: DetailField[] = [
    { ...when(attempt.at, locale), label: l10n.t('Sent') },
    { label: l10n.t('Status'), value: attemptOutcome(attempt), mono: true },
    { label: l10n.t('Duration'), value: l10n.t('{0} ms', attempt.durationMs) },
  ];
  if (attempt.error) fields.push({ label: l10n.t('Error'), value: attempt.error, mono: true });
  const heading = `attempt-${attempt.number}`;
  return html`<section class="attempt" aria-labelledby="${heading}">
<h3 id="${heading}">${l10n.t('Attempt {0}', attempt.number)}</h3>
${fieldList(fields, `${heading}-fields`)}
${
  attempt.excerpt
    ? html`<pre class="mono code" tabindex="0" aria-label="${l10n.t('Answer of attempt {0}', attempt.number)}">${attempt.excerpt}</pre>`
    : html`<p class="hint">${l10n.t('The answer had no body.')}</p>`
}
</section>`;
}

export function renderEventPage(event: PublicWebhookEvent, context: PageContext, locale?: string): Page {
  const body = html`<header class="page-header">
${contextLine(context)}
<h1>${eventTypeLabel(event.type)} <span class="badge">${icon(STATE_ICONS[event.state])}${eventStateLabel(event.state)}</span></h1>
<div class="toolbar" role="toolbar" aria-label="${l10n.t('Event actions')}">
<button type="button" data-action="redeliver">${icon('debug-restart')}${l10n.t('Redeliver')}</button>
<button type="button" class="secondary" data-action="retry">${icon('refresh')}${l10n.t('Refresh')}</button>
</div>
${statusLine()}
</header>
<section aria-labelledby="summary-heading">
<h2 id="summary-heading">${l10n.t('Summary')}</h2>
${fieldList(summary(event, locale), 'summary')}
</section>
<section aria-labelledby="payload-heading">
<h2 id="payload-heading">${l10n.t('Payload')}</h2>
<pre class="mono code" tabindex="0" aria-labelledby="payload-heading">${eventPayloadJson(event)}</pre>
</section>
<section aria-labelledby="attempts-heading">
<h2 id="attempts-heading">${l10n.t('Attempts ({0})', event.attempts.length)}</h2>
${
  event.attempts.length > 0
    ? event.attempts.map((attempt) => attemptSection(attempt, locale))
    : html`<p class="hint">${l10n.t('No attempt yet: the first one is under way.')}</p>`
}
</section>`;
  return { title: l10n.t('Event {0}', event.id), kind: 'event', body };
}
