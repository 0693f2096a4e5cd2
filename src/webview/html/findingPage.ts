// The finding page: one finding of the local sandbox's integration review, its rule's why and fix
// (written once, src/sandbox/findings/ruleGuide.ts), how to silence it, and the requests and
// webhook events it names, each a button that opens its own page. Every string is escaped by
// `html`; the request lines come from the Requests view's masked records.

import * as l10n from '@vscode/l10n';
import { maskText } from '../../masking/masking';
import { RULE_GUIDE, silenceExample, type Finding } from '../../sandbox/reference';
import { formatNaira } from '../../api/money';
import { movedText, severityLabel } from '../../requests/findingRows';
import { html, type SafeHtml } from './escape';
import { contextLine, icon, statusLine, type PageContext } from './parts';
import type { Page } from './shell';

/** A request the finding names, as the Requests view knows it (undefined: no longer in its history). */
export interface FindingRequestLine {
  id: number;
  /** "POST /v1/users/transfers/phone · 503", masked. */
  text?: string;
}

/** The guide's texts continue a label and quote code in backticks, as the docs do: a sentence with <code>. */
function prose(text: string): SafeHtml {
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return html`${sentence.split('`').map((part, index) => (index % 2 === 1 ? html`<code>${part}</code>` : part))}`;
}

function involved(requests: readonly FindingRequestLine[], eventIds: readonly string[]): SafeHtml {
  if (requests.length === 0 && eventIds.length === 0) return html``;
  const requestItems = requests.map((request) => {
    if (!request.text) return html`<li>${l10n.t('Request {0} (no longer in the Requests view)', request.id)}</li>`;
    const button = html`<button type="button" class="link" data-action="open-request" data-id="${request.id}">${l10n.t(
      'Request {0}',
      request.id,
    )}</button>`;
    return html`<li>${button} <span class="mono">${request.text}</span></li>`;
  });
  const eventItems = eventIds.map(
    (id) => html`<li><button type="button" class="link" data-action="open-event" data-id="${id}">${l10n.t('Event {0}', id)}</button></li>`,
  );
  return html`<section aria-labelledby="involved-heading">
<h2 id="involved-heading">${l10n.t('Requests and events involved')}</h2>
<ul class="involved">${requestItems}${eventItems}</ul>
</section>`;
}

/** A money finding's transfers, as the ledger shows them: what actually moved, and the naira paid more than once. */
function moved(finding: Finding): SafeHtml {
  if (!finding.landed) return html``;
  const rows = finding.landed.map(
    (transfer) =>
      html`<li><span class="mono">${transfer.reference}</span> · ${formatNaira(transfer.amount)} · ${l10n.t('request {0}', transfer.requestId)}</li>`,
  );
  return html`<h2>${l10n.t('What moved (the ledger)')}</h2>
<p>${movedText(finding) ?? ''}</p>
<ul class="landed">${rows}</ul>`;
}

export function renderFindingPage(finding: Finding, requests: readonly FindingRequestLine[], context: PageContext): Page {
  const guide = RULE_GUIDE[finding.rule];
  const verdict = html`${icon(finding.severity)}${severityLabel(finding.severity)} · <span class="mono">${finding.rule}</span> · ${guide.name}`;
  const body = html`<header class="page-header">
${contextLine(context)}
<h1>${maskText(finding.title)}</h1>
<p class="verdict ${finding.severity}">${verdict}</p>
${statusLine()}
</header>
<section aria-labelledby="detail-heading">
<h2 id="detail-heading">${l10n.t('What happened')}</h2>
<p>${maskText(finding.detail)}</p>
${moved(finding)}
<h2>${l10n.t('Why it costs money')}</h2>
<p>${prose(guide.why)}</p>
<h2>${l10n.t('How to fix it')}</h2>
<p>${prose(guide.fix)}</p>
<h2>${l10n.t('How to silence it')}</h2>
<p>${l10n.t('In the scenario file (wallet-sandbox.json), or as the findings option of startSandbox:')} <code>${silenceExample(finding.rule)}</code></p>
</section>
${involved(requests, finding.eventIds)}`;
  return { title: l10n.t('Finding: {0}', finding.rule), kind: 'finding', body };
}
