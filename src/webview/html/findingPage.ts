// The finding page: one finding of the local sandbox's integration review, what this app did (the
// requests and webhook events it names, in words from their own records, each a button that
// opens its own page: src/requests/findingStory.ts), its rule's why and fix (written once,
// src/sandbox/findings/ruleGuide.ts) and how to silence it. Every string is escaped by `html`; the
// lines come from the Requests view's masked records and the sandbox's events, masked again.

import * as l10n from '@vscode/l10n';
import { maskText } from '../../masking/masking';
import { RULE_GUIDE, silenceExample, type Finding } from '../../sandbox/reference';
import { formatNaira } from '../../api/money';
import { movedText, severityLabel } from '../../requests/findingRows';
import type { FindingStory } from '../../requests/findingStory';
import { html, type SafeHtml } from './escape';
import { contextLine, icon, statusLine, type PageContext } from './parts';
import type { Page } from './shell';

/** The guide's texts continue a label and quote code in backticks, as the docs do: a sentence with <code>. */
function prose(text: string): SafeHtml {
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return html`${sentence.split('`').map((part, index) => (index % 2 === 1 ? html`<code>${part}</code>` : part))}`;
}

/** What the app did: a line per request and event, each with a button that opens its own page. */
function whatHappened(finding: Finding, story: FindingStory): SafeHtml {
  const items = story.lines.map((line) => {
    const name = line.kind === 'request' ? l10n.t('Request {0}', line.id) : l10n.t('Event {0}', line.id);
    if (!line.text) {
      const gone =
        line.kind === 'request'
          ? l10n.t('Request {0} (no longer in the Requests view)', line.id)
          : l10n.t('Event {0} (no longer in the sandbox)', line.id);
      return html`<li>${gone}</li>`;
    }
    const action = line.kind === 'request' ? 'open-request' : 'open-event';
    const button = html`<button type="button" class="link" data-action="${action}" data-id="${line.id}">${name}</button>`;
    return html`<li>${button} ${line.call ? html`<span class="mono">${line.call}</span> · ` : ''}${line.text}</li>`;
  });
  return html`<section aria-labelledby="detail-heading">
<h2 id="detail-heading">${l10n.t('What happened')}</h2>
${
  items.length > 0
    ? html`<p>${l10n.t('What this app did, as the local sandbox recorded it:')}</p>
<ul class="involved">${items}</ul>`
    : html`<p>${maskText(finding.title)}</p>`
}
${story.notes.map((note) => html`<p class="hint">${note}</p>`)}
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

/**
 * The finding: its title, then what this app did (`story`: its requests and events from their own
 * records), then the rule's why, fix and how to silence it.
 */
export function renderFindingPage(finding: Finding, story: FindingStory, context: PageContext): Page {
  const guide = RULE_GUIDE[finding.rule];
  const verdict = html`${icon(finding.severity)}${severityLabel(finding.severity)} · <span class="mono">${finding.rule}</span> · ${guide.name}`;
  const body = html`<header class="page-header">
${contextLine(context)}
<h1>${maskText(finding.title)}</h1>
<p class="verdict ${finding.severity}">${verdict}</p>
${statusLine()}
</header>
${whatHappened(finding, story)}
${moved(finding)}
<section aria-labelledby="why-heading">
<h2 id="why-heading">${l10n.t('Why it costs money')}</h2>
<p>${prose(guide.why)}</p>
<h2>${l10n.t('How to fix it')}</h2>
<p>${prose(guide.fix)}</p>
<h2>${l10n.t('How to silence it')}</h2>
<p>${l10n.t('In the scenario file (wallet-sandbox.json), or as the findings option of startSandbox:')} <code>${silenceExample(finding.rule)}</code></p>
</section>`;
  return { title: l10n.t('Finding: {0}', finding.rule), kind: 'finding', body };
}
