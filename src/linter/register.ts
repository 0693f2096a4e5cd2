import * as vscode from 'vscode';
import { KeyLinter } from './keyLinter';
import { KeyQuickFixes } from './keyQuickFixes';

/** The key linter: diagnostics on every document, and their quick fixes. */
export function registerLinter(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    new KeyLinter(),
    vscode.languages.registerCodeActionsProvider({ pattern: '**' }, new KeyQuickFixes(), KeyQuickFixes.metadata),
  );
}
