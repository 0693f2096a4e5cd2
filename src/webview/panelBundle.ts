// dist/panel.js: the panel's pages, their controllers and HTML, loaded the first time a page
// opens (src/webview/lazyPanel.ts) rather than with the extension.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { DetailPanel, type DetailPanelDeps } from './panel';

export function createPanel(deps: DetailPanelDeps): DetailPanel {
  // This bundle's own copy of @vscode/l10n needs VS Code's translations too (the HTML's words).
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
  return new DetailPanel(deps);
}
