// The document around every panel page: a strict Content Security Policy, a fresh nonce for
// the one script (from media), stylesheets from media, and no inline script or style at all.

import { randomBytes } from 'node:crypto';
import { html, type SafeHtml } from './escape';

/** 144 random bits, base64: a fresh one for every page. */
export function createNonce(): string {
  return randomBytes(18).toString('base64');
}

/** The panel's policy: nothing by default, styles/images/fonts from media only, scripts only by nonce. */
export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    `default-src 'none'`,
    `style-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `img-src ${cspSource}`,
    `font-src ${cspSource}`,
  ].join('; ');
}

export interface PageResources {
  /** `webview.cspSource`. */
  cspSource: string;
  nonce: string;
  /** `asWebviewUri` of media/dist/webview.js, media/webview.css and media/dist/codicon.css. */
  scriptUri: string;
  styleUri: string;
  codiconsUri: string;
}

export interface Page {
  title: string;
  /** Which page the script is on: it wires only what that page has. */
  kind: 'transaction' | 'verify' | 'event' | 'request' | 'webhookCheck' | 'finding' | 'loading' | 'error';
  body: SafeHtml;
}

/**
 * `l10nBundle`: `vscode.l10n.bundle` (undefined in English), for the page script's own words
 * (it calls `l10n.config` with it). Carried as data in an attribute, never as script: the
 * policy lets the page fetch nothing, so it cannot load `vscode.l10n.uri` itself.
 */
export function renderDocument(resources: PageResources, page: Page, l10nBundle?: Readonly<Record<string, string>>): string {
  const csp = contentSecurityPolicy(resources.cspSource, resources.nonce);
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${resources.codiconsUri}">
<link rel="stylesheet" href="${resources.styleUri}">
<title>${page.title}</title>
</head>
<body data-page="${page.kind}"${l10nBundle ? html` data-l10n="${JSON.stringify(l10nBundle)}"` : ''}>
<main>
${page.body}
</main>
<script nonce="${resources.nonce}" src="${resources.scriptUri}"></script>
</body>
</html>
`.value;
}
