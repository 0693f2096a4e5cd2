// The checks of API paths in code: a path the API does not have (with "did you mean" and a quick
// fix that writes it), and a method the path does not take where the call shows it. Run on open
// and, debounced, on change (the events are the extension's, register.ts); nothing leaves the machine.
import * as vscode from 'vscode';
import { analyzeText, problemsOf } from '../core/analyze';
import { apiCatalog } from '../core/apiCatalog';
import { DIAGNOSTIC_SOURCE, isHttpFile, type FeatureState } from '../languages';

/** Larger documents (generated or minified code) are not checked. */
const MAX_CHARACTERS = 2_000_000;

/** A diagnostic by where it is and what it says (VS Code hands quick fixes copies, not ours). */
function keyOf(diagnostic: vscode.Diagnostic): string {
  const { start, end } = diagnostic.range;
  return `${start.line}:${start.character}-${end.line}:${end.character} ${diagnostic.message}`;
}

export class PathDiagnostics implements vscode.Disposable {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Per document: the suggested path of each unknown-path diagnostic, for its quick fix. */
  private readonly fixes = new Map<string, Map<string, string>>();

  constructor(
    private readonly state: FeatureState,
    private readonly collection: vscode.DiagnosticCollection,
  ) {}

  /** Checks the document after `delay` ms (a later call for it replaces an earlier one). */
  schedule(document: vscode.TextDocument, delay: number): void {
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.check(document);
      }, delay),
    );
  }

  /** The document closed (or the feature was turned off): its checks go. */
  forget(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.fixes.delete(key);
    this.collection.delete(uri);
  }

  dispose(): void {
    this.timers.forEach((timer) => clearTimeout(timer));
    this.timers.clear();
  }

  check(document: vscode.TextDocument): void {
    if (!this.state.enabled() || document.isClosed) return;
    const text = document.getText();
    if (text.length > MAX_CHARACTERS || !text.includes('/v1/')) {
      this.forget(document.uri);
      return;
    }
    const fixes = new Map<string, string>();
    this.fixes.set(document.uri.toString(), fixes);
    this.collection.set(document.uri, diagnosticsOf(text, isHttpFile(document), fixes));
  }

  /** The path an unknown-path diagnostic suggests. */
  replacementFor(uri: vscode.Uri, diagnostic: vscode.Diagnostic): string | undefined {
    return this.fixes.get(uri.toString())?.get(keyOf(diagnostic));
  }
}

export function diagnosticsOf(text: string, httpFile: boolean, fixes?: Map<string, string>): vscode.Diagnostic[] {
  return problemsOf(analyzeText(apiCatalog(), text, httpFile)).map((problem) => {
    const range = new vscode.Range(problem.line, problem.start, problem.line, problem.end);
    const diagnostic = new vscode.Diagnostic(range, problem.message, vscode.DiagnosticSeverity.Warning);
    diagnostic.source = DIAGNOSTIC_SOURCE;
    diagnostic.code = problem.code;
    if (problem.replacement) fixes?.set(keyOf(diagnostic), problem.replacement);
    return diagnostic;
  });
}

/** "Change to /v1/users/balance" for an unknown path that has a near one. */
export class PathQuickFixes implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly diagnostics: Pick<PathDiagnostics, 'replacementFor'>) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    return context.diagnostics.flatMap((diagnostic) => {
      if (diagnostic.source !== DIAGNOSTIC_SOURCE || diagnostic.code !== 'unknown-path') return [];
      const replacement = this.diagnostics.replacementFor(document.uri, diagnostic);
      if (!replacement) return [];
      const action = new vscode.CodeAction(vscode.l10n.t('Change to {0}', replacement), vscode.CodeActionKind.QuickFix);
      action.edit = new vscode.WorkspaceEdit();
      action.edit.replace(document.uri, diagnostic.range, replacement);
      action.diagnostics = [diagnostic];
      action.isPreferred = true;
      return [action];
    });
  }
}
