// Quick fixes for the key diagnostics: read the key from an environment variable instead, or
// add a .env file to .gitignore.
import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import { envReadFix } from './envRead';
import { workspacePath } from './gitignoreFiles';
import { DIAGNOSTIC_SOURCE, KEY_CODES } from './keyDiagnostics';
import { findKeys } from './keyScanner';

export class KeyQuickFixes implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    return context.diagnostics
      .filter((diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE)
      .flatMap((diagnostic) => {
        if (diagnostic.code === KEY_CODES.envNotIgnored) return this.ignoreFile(document, diagnostic);
        const isKey = diagnostic.code === KEY_CODES.production || diagnostic.code === KEY_CODES.sandbox;
        // A diagnostic from before the last edit may no longer cover a key: offer nothing until it is checked again.
        if (isKey && findKeys(document.getText(diagnostic.range)).length === 1) return [this.readFromEnv(document, diagnostic)];
        return [];
      });
  }

  private readFromEnv(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): vscode.CodeAction {
    const text = document.getText();
    const fix = envReadFix(document.languageId, text, document.offsetAt(diagnostic.range.start), document.offsetAt(diagnostic.range.end));
    const action = new vscode.CodeAction(vscode.l10n.t('Read the key from {0}', fix.read), vscode.CodeActionKind.QuickFix);
    action.edit = new vscode.WorkspaceEdit();
    for (const edit of fix.edits)
      action.edit.replace(document.uri, new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)), edit.newText);
    action.diagnostics = [diagnostic];
    action.isPreferred = true;
    return action;
  }

  private ignoreFile(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): vscode.CodeAction[] {
    const place = workspacePath(document.uri);
    if (!place) return [];
    const action = new vscode.CodeAction(vscode.l10n.t('Add {0} to .gitignore', place.relativePath), vscode.CodeActionKind.QuickFix);
    action.command = { command: COMMANDS.addToGitignore, title: action.title, arguments: [document.uri] };
    action.diagnostics = [diagnostic];
    action.isPreferred = true;
    return [action];
  }
}
