// The pages shown while a page loads and when it could not be loaded.

import * as l10n from '@vscode/l10n';
import { html } from './escape';
import { contextLine, icon, type PageContext } from './parts';
import type { Page } from './shell';

export function renderLoadingPage(title: string, text: string, context: PageContext): Page {
  return {
    title,
    kind: 'loading',
    body: html`<header class="page-header">${contextLine(context)}</header><p class="loading" role="status">${text}</p>`,
  };
}

export function renderErrorPage(title: string, heading: string, message: string, context: PageContext, retry = true): Page {
  const body = html`<header class="page-header">${contextLine(context)}</header>
<div class="error-box" role="alert">
<h1>${heading}</h1>
<p>${message}</p>
${retry ? html`<button type="button" data-action="retry">${l10n.t('Try again')}</button>` : ''}
<button type="button" class="secondary" data-action="navigate-verify">${icon('verified')}${l10n.t('Verify a bank account')}</button>
</div>`;
  return { title, kind: 'error', body };
}
