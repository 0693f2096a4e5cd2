// The request page: one recorded request and its answer, masked as recorded (src/requests),
// with the snippet buttons and Replay. JSON bodies are shown pretty-printed.

import * as l10n from '@vscode/l10n';
import { formatDateTime } from '../../common/formatTime';
import { answerText, recordTarget, type HeaderList, type RequestRecord } from '../../requests/requestRecord';
import { html, type SafeHtml } from './escape';
import { backBar, contextLine, icon, statusLine, type PageContext } from './parts';
import type { Page } from './shell';

export interface RequestPageModel {
  record: RequestRecord;
  /** "this extension", or the client's user agent. */
  sender: string;
  /** Why Replay is off for this record (production); undefined when it is offered. */
  replayOff?: string;
  locale?: string;
  /** "Back to finding fnd_1": the page it was opened from, when there is one. */
  back?: string;
}

/** JSON pretty-printed (two spaces); anything else as it came. */
export function prettyBody(text: string): string {
  if (text === '') return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function headerList(headers: HeaderList, id: string): SafeHtml {
  if (headers.length === 0) return html`<p class="hint">${l10n.t('No headers.')}</p>`;
  return html`<dl class="fields" id="${id}">${headers.map(
    ([name, value]) => html`<div class="field-row"><dt class="mono">${name}</dt><dd class="mono">${value}</dd></div>`,
  )}</dl>`;
}

function body(text: string, id: string, label: string): SafeHtml {
  if (text === '') return html`<p class="hint">${l10n.t('No body.')}</p>`;
  return html`<pre class="body" id="${id}" tabindex="0" aria-label="${label}"><code>${prettyBody(text)}</code></pre>`;
}

/** The request or the response: its headers, then its body. */
function part(id: 'request' | 'response', heading: string, headers: HeaderList, text: string, bodyLabel: string): SafeHtml {
  return html`<section aria-labelledby="${id}-heading">
<h2 id="${id}-heading">${heading}</h2>
<h3>${l10n.t('Headers')}</h3>
${headerList(headers, `${id}-headers`)}
<h3>${l10n.t('Body')}</h3>
${body(text, `${id}-body`, bodyLabel)}
</section>`;
}

export function renderRequestPage(model: RequestPageModel, context: PageContext): Page {
  const { record } = model;
  const target = recordTarget(record);
  const status = answerText(record);
  const replay = html`${icon('debug-restart')}${l10n.t('Replay')}`;
  const replayOffReason = html`<span id="replay-off" class="hint">${model.replayOff}</span>`;
  const pageBody = html`<header class="page-header">
${contextLine(context)}
${backBar(model.back)}
<h1><span class="mono">${record.method} ${target}</span> <span class="badge">${status}</span></h1>
<p class="meta">${l10n.t('{0} · {1} ms · sent by {2}', formatDateTime(record.at, model.locale), record.durationMs, model.sender)}</p>
<div class="toolbar" role="toolbar" aria-label="${l10n.t('Request actions')}">
<button type="button" class="secondary" data-action="copy-curl">${icon('terminal')}${l10n.t('Copy as cURL')}</button>
<button type="button" class="secondary" data-action="copy-fetch">${icon('copy')}${l10n.t('Copy as TypeScript fetch')}</button>
<button type="button" class="secondary" data-action="copy-python">${icon('copy')}${l10n.t('Copy as Python requests')}</button>
${
  model.replayOff
    ? html`<button type="button" data-action="replay" disabled aria-describedby="replay-off">${replay}</button>${replayOffReason}`
    : html`<button type="button" data-action="replay">${replay}</button>`
}
</div>
<p class="hint">${l10n.t('Secrets are masked here; the snippets read them from $WALLET_APP_KEY, $WALLET_ACCESS_TOKEN and the like.')}</p>
${statusLine()}
</header>
${part('request', l10n.t('Request'), record.requestHeaders, record.requestBody, l10n.t('Request body'))}
${part('response', l10n.t('Response'), record.responseHeaders, record.responseBody, l10n.t('Response body'))}`;
  return { title: l10n.t('{0} {1}', record.method, record.path), kind: 'request', body: pageBody };
}
