// The webhook event page: what was sent (the payload, pretty JSON) and every attempt's answer,
// newest first as in the Events view. The parts that change while the page is on show (state,
// next attempt, attempts) are described once (describeEvent) for both the first drawing here
// and the in-place updates the page script makes (media/eventLive.ts).

import * as l10n from '@vscode/l10n';
import { formatNaira } from '../../api';
import { formatDateTime } from '../../common/formatTime';
import { formatKobo } from '../../common/moneyText';
import type { PublicWebhookEvent, WebhookAttempt } from '../../sandbox';
import {
  attemptCopies,
  attemptOutcome,
  eventAmount,
  eventMessage,
  eventPayloadJson,
  eventReference,
  eventStateLabel,
  eventTypeLabel,
} from '../../localSandbox/eventSummary';
import type { AttemptView, EventLive } from '../protocol';
import { html, type SafeHtml } from './escape';
import { backBar, contextLine, fieldList, icon, statusLine, type PageContext } from './parts';
import type { WebviewIcon } from './iconNames';
import type { Page } from './shell';
import type { DetailField } from './transactionDetail';

/** A sandbox event; `test` marks one sent by Trigger Test Event (optional: older sandboxes do not say). */
export type WebhookEventView = PublicWebhookEvent & { test?: boolean };

const STATE_ICONS: Record<PublicWebhookEvent['state'], WebviewIcon> = {
  pending: 'loading',
  delivered: 'pass',
  retrying: 'sync',
  failed: 'error',
  withheld: 'circle-outline',
};

export interface EventDescription extends EventLive {
  stateIcon: WebviewIcon;
  id: string;
  title: string;
  typeLabel: string;
  /** Sent by Trigger Test Event, not by a transfer. */
  test: boolean;
  payloadJson: string;
}

function when(iso: string, locale: string | undefined): DetailField {
  return { label: '', value: formatDateTime(iso, locale), datetime: iso };
}

function summary(event: WebhookEventView, locale: string | undefined): DetailField[] {
  const reference = eventReference(event);
  const amount = eventAmount(event);
  const fields: DetailField[] = [
    { label: l10n.t('Event'), value: event.id, mono: true },
    { label: l10n.t('State'), value: eventStateLabel(event.state) },
    { label: l10n.t('Message'), value: eventMessage(event), mono: true },
    { label: l10n.t('Sent to'), value: event.url, mono: true },
    { ...when(event.createdAt, locale), label: l10n.t('Created') },
  ];
  if (reference) fields.push({ label: l10n.t('Reference'), value: reference, mono: true });
  if (amount !== undefined) fields.push({ label: l10n.t('Amount'), value: formatNaira(amount), exact: formatKobo(amount) });
  if (event.nextAttemptAt) fields.push({ ...when(event.nextAttemptAt, locale), label: l10n.t('Next attempt') });
  if (event.outOfOrderAfter) fields.push({ label: l10n.t('Older than, sent after'), value: event.outOfOrderAfter, mono: true });
  return fields;
}

function describeAttempt(attempt: WebhookAttempt, locale: string | undefined): AttemptView {
  const fields: DetailField[] = [
    { ...when(attempt.at, locale), label: l10n.t('Sent') },
    { label: l10n.t('Status'), value: attemptOutcome(attempt), mono: true },
    { label: l10n.t('Duration'), value: l10n.t('{0} ms', attempt.durationMs) },
  ];
  if (attempt.error) fields.push({ label: l10n.t('Error'), value: attempt.error, mono: true });
  const copies = attemptCopies(attempt);
  if (copies) fields.push({ label: l10n.t('Copies'), value: copies });
  return {
    number: attempt.number,
    heading: l10n.t('Attempt {0}', attempt.number),
    fields,
    excerpt: attempt.excerpt,
    excerptLabel: l10n.t('Answer of attempt {0}', attempt.number),
    noBody: l10n.t('The answer had no body.'),
    announcement: l10n.t('Attempt {0}: {1}', attempt.number, attemptOutcome(attempt)),
  };
}

/** Everything the event page shows, in words; attempts newest first. */
export function describeEvent(event: WebhookEventView, locale?: string): EventDescription {
  const test = event.test === true;
  return {
    id: event.id,
    title: test ? l10n.t('Test event {0}', event.id) : l10n.t('Event {0}', event.id),
    typeLabel: eventTypeLabel(event.type),
    test,
    payloadJson: eventPayloadJson(event),
    stateLabel: eventStateLabel(event.state),
    stateIcon: STATE_ICONS[event.state],
    summary: summary(event, locale),
    attemptsHeading: l10n.t('Attempts, newest first ({0})', event.attempts.length),
    attempts: [...event.attempts].reverse().map((attempt) => describeAttempt(attempt, locale)),
  };
}

/** The live part only: what the page is sent when the event changes. */
export function eventLive(description: EventDescription): EventLive {
  const { stateLabel, stateIcon, summary, attemptsHeading, attempts } = description;
  return { stateLabel, stateIcon, summary, attemptsHeading, attempts };
}

function attemptSection(attempt: AttemptView): SafeHtml {
  const heading = `attempt-${attempt.number}`;
  return html`<section class="attempt" aria-labelledby="${heading}" data-attempt="${attempt.number}">
<h3 id="${heading}">${attempt.heading}</h3>
${fieldList(attempt.fields, `${heading}-fields`)}
${
  attempt.excerpt
    ? html`<pre class="mono code" tabindex="0" aria-label="${attempt.excerptLabel}">${attempt.excerpt}</pre>`
    : html`<p class="hint">${attempt.noBody}</p>`
}
</section>`;
}

/** What the page says of a test event (the Events view's tooltip says the same). */
const TEST_EVENT_HINT = () =>
  l10n.t(
    'A test event (Trigger Test Event, Check Webhook Handler or the sandbox’s test-event API): the integration review makes no finding of it.',
  );

/** `back`: "Back to finding fnd_1", the page it was opened from, when there is one. */
export function renderEventPage(view: EventDescription, context: PageContext, back?: string): Page {
  const testHint = view.test ? html`<p class="hint test-hint">${TEST_EVENT_HINT()}</p>` : '';
  const body = html`<header class="page-header">
${contextLine(context)}
${backBar(back)}
<h1>${view.typeLabel} <span class="badge" id="event-state">${icon(view.stateIcon)}<span id="event-state-label">${view.stateLabel}</span></span>${
    view.test ? html` <span class="badge test-badge">${icon('beaker')}${l10n.t('Test event')}</span>` : ''
  }</h1>
${testHint}
<div class="toolbar" role="toolbar" aria-label="${l10n.t('Event actions')}">
<button type="button" data-action="redeliver">${icon('debug-restart')}${l10n.t('Redeliver')}</button>
<button type="button" class="secondary" data-action="retry">${icon('refresh')}${l10n.t('Refresh')}</button>
</div>
${statusLine()}
</header>
<section aria-labelledby="summary-heading">
<h2 id="summary-heading">${l10n.t('Summary')}</h2>
${fieldList(view.summary, 'summary')}
</section>
<section aria-labelledby="payload-heading">
<h2 id="payload-heading">${l10n.t('Payload')}</h2>
<pre class="mono code" tabindex="0" aria-labelledby="payload-heading">${view.payloadJson}</pre>
</section>
<section aria-labelledby="attempts-heading">
<h2 id="attempts-heading">${view.attemptsHeading}</h2>
<p id="attempts-empty" class="hint"${view.attempts.length > 0 ? html` hidden` : ''}>${l10n.t('No attempt yet: the first one is under way.')}</p>
<div id="attempts">${view.attempts.map(attemptSection)}</div>
</section>`;
  return { title: view.title, kind: 'event', body };
}
