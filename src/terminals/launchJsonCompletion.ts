import * as vscode from 'vscode';
import { atConfigurationsItem, commasAround, launchSnippetText } from './launchJson';
import { walletLaunchConfiguration } from './launchRules';
import { walletLaunchName } from './sandboxLaunch';

/**
 * Add Configuration… in launch.json: VS Code lists the contributed snippets of only one extension
 * per debugger type (js-debug's, for `node`), so the configuration is offered by this completion
 * where a configuration can go.
 */
export const launchJsonCompletions: vscode.CompletionItemProvider = {
  provideCompletionItems(document, position) {
    const text = document.getText();
    const offset = document.offsetAt(position);
    if (!atConfigurationsItem(text, offset)) return [];
    const name = walletLaunchName();
    const item = new vscode.CompletionItem(name, vscode.CompletionItemKind.Module);
    const commas = commasAround(text, offset);
    item.insertText = new vscode.SnippetString(launchSnippetText(walletLaunchConfiguration(name), commas.before, commas.after));
    item.detail = vscode.l10n.t('Node.js against this window’s local sandbox');
    item.documentation = vscode.l10n.t(
      'Launches the program with WALLET_BASE_URL and WALLET_DEVELOPER_URL set to the local sandbox the Requests and Events views show.',
    );
    // The typed word is replaced, whatever part of the line it is.
    item.range = document.getWordRangeAtPosition(position) ?? new vscode.Range(position, position);
    return [item];
  },
};

export function registerLaunchJsonCompletions(): vscode.Disposable {
  return vscode.languages.registerCompletionItemProvider({ language: 'jsonc', pattern: '**/.vscode/launch.json' }, launchJsonCompletions);
}
