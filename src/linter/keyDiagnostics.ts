// The diagnostics for one document's text: a key written into code or config, or a .env file
// holding a key that git would not ignore. Messages name a key only masked.
import * as vscode from 'vscode';
import { findKeys, keysToReport, maskKey, type FoundKey } from './keyScanner';

export const DIAGNOSTIC_SOURCE = 'Wallet Console';

/** Diagnostic codes, which the quick fixes answer. */
export const KEY_CODES = {
  production: 'production-key',
  sandbox: 'sandbox-key',
  envNotIgnored: 'env-not-ignored',
} as const;

export interface TextSource {
  getText(): string;
  positionAt(offset: number): vscode.Position;
}

function keyDiagnostic(document: TextSource, text: string, key: FoundKey): vscode.Diagnostic {
  const range = new vscode.Range(document.positionAt(key.start), document.positionAt(key.end));
  const masked = maskKey(text.slice(key.start, key.end));
  const diagnostic =
    key.kind === 'production'
      ? new vscode.Diagnostic(
          range,
          vscode.l10n.t(
            'Production key {0} written in this file: whoever reads the file can move real money. Read it from an environment variable.',
            masked,
          ),
          vscode.DiagnosticSeverity.Error,
        )
      : new vscode.Diagnostic(
          range,
          vscode.l10n.t('Sandbox key {0} written in this file: read it from an environment variable, so it is not committed.', masked),
          vscode.DiagnosticSeverity.Warning,
        );
  diagnostic.code = KEY_CODES[key.kind];
  diagnostic.source = DIAGNOSTIC_SOURCE;
  return diagnostic;
}

/** A key in code or config: one diagnostic per key (`path`: the file's, which may be a sandbox scenario). */
export function keyDiagnostics(document: TextSource, path: string): vscode.Diagnostic[] {
  const text = document.getText();
  return keysToReport(text, path).map((key) => keyDiagnostic(document, text, key));
}

/**
 * A .env file is where a key belongs, as long as git never sees it: one warning, on its first
 * key, when the file holds a key and is not git-ignored; nothing when it is.
 */
export function envFileDiagnostics(document: TextSource, ignored: boolean | undefined): vscode.Diagnostic[] {
  if (ignored !== false) return [];
  const text = document.getText();
  const [first] = findKeys(text);
  if (!first) return [];
  const diagnostic = new vscode.Diagnostic(
    new vscode.Range(document.positionAt(first.start), document.positionAt(first.end)),
    vscode.l10n.t(
      'This .env file holds the key {0} and is not git-ignored, so it could be committed. Add it to .gitignore.',
      maskKey(text.slice(first.start, first.end)),
    ),
    vscode.DiagnosticSeverity.Warning,
  );
  diagnostic.code = KEY_CODES.envNotIgnored;
  diagnostic.source = DIAGNOSTIC_SOURCE;
  return [diagnostic];
}
