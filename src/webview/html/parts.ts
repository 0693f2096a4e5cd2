// Pieces every panel page is made of: the context line, icons, field lists, the status line.

import * as l10n from '@vscode/l10n';
import { formatMobileForPeople } from '../../common/formatMobile';
import { html, type SafeHtml } from './escape';
import type { WebviewIcon } from './iconNames';
import type { DetailField } from './transactionDetail';

/** Where the data came from, shown small above each page: environment and wallet. */
export interface PageContext {
  environment: string;
  wallet?: string;
}

export function contextLine(context: PageContext): SafeHtml {
  const text = context.wallet
    ? l10n.t('{0} · wallet {1}', context.environment, formatMobileForPeople(context.wallet))
    : context.environment;
  return html`<p class="context">${text}</p>`;
}

/** A codicon (the icon font VS Code itself uses), decorative: the text beside it says what it is. */
export function icon(name: WebviewIcon): SafeHtml {
  return html`<span class="codicon codicon-${name}" aria-hidden="true"></span>`;
}

export function fieldList(fields: DetailField[], id: string): SafeHtml {
  return html`<dl class="fields" id="${id}">${fields.map(
    (field) =>
      html`<div class="field-row"><dt>${field.label}</dt><dd${field.mono ? html` class="mono"` : ''}>${
        field.datetime ? html`<time datetime="${field.datetime}">${field.value}</time>` : field.value
      }${field.exact ? html`<span class="exact">${field.exact}</span>` : ''}</dd></div>`,
  )}</dl>`;
}

/**
 * "Back to …": returns to the page this one was opened from (a finding, from its request or event
 * page; the page before Verify). Nothing when the panel has no page to go back to.
 */
export function backBar(label: string | undefined): SafeHtml {
  return label
    ? html`<div class="toolbar"><button type="button" class="secondary" data-action="back">${icon('arrow-left')}${label}</button></div>`
    : html``;
}

/** Where the page script writes short notices (copied, failed to copy). */
export function statusLine(): SafeHtml {
  return html`<p id="status" class="status" role="status" aria-live="polite"></p>`;
}
