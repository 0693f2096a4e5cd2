// The checks of API paths in code: a path the API does not have (with "did you mean" and a quick
// fix that writes it), and a method the path does not take where the call shows it; only on
// calls the code shows are the wallet's (core/walletCall.ts). Run on open and, debounced, on
// change (the events are the extension's, register.ts); nothing leaves the machine.
import * as vscode from 'vscode';
import { COMMANDS } from '../../common/commandIds';
import { analyzeText, problemsOf } from '../core/analyze';
import { apiCatalog } from '../core/apiCatalog';
import type { WalletContext } from '../core/walletCall';
import { DIAGNOSTIC_SOURCE, isHttpFile, type FeatureState } from '../languages';

/** The fix of an unknown-path diagnostic: the path it writes, and whether Auto Fix may apply it. */
interface PathFix {
  replacement: string;
  preferred: boolean;
}

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
  private readonly fixes = new Map<string, Map<string, PathFix>>();

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
    if (text.length > MAX_CHARACTERS || !text.includes('/v1/') || this.state.ignored(document)) {
      this.forget(document.uri);
      return;
    }
    const fixes = new Map<string, PathFix>();
    this.fixes.set(document.uri.toString(), fixes);
    this.collection.set(document.uri, diagnosticsOf(text, isHttpFile(document), this.state.context(), fixes));
  }

  /** The path an unknown-path diagnostic suggests. */
  fixFor(uri: vscode.Uri, diagnostic: vscode.Diagnostic): PathFix | undefined {
    return this.fixes.get(uri.toString())?.get(keyOf(diagnostic));
  }
}

export function diagnosticsOf(text: string, httpFile: boolean, context: WalletContext, fixes?: Map<string, PathFix>): vscode.Diagnostic[] {
  return problemsOf(analyzeText(apiCatalog(), text, httpFile, context)).map((problem) => {
    const range = new vscode.Range(problem.line, problem.start, problem.line, problem.end);
    const diagnostic = new vscode.Diagnostic(range, problem.message, vscode.DiagnosticSeverity.Warning);
    diagnostic.source = DIAGNOSTIC_SOURCE;
    diagnostic.code = problem.code;
    if (problem.replacement) fixes?.set(keyOf(diagnostic), { replacement: problem.replacement, preferred: problem.preferred });
    return diagnostic;
  });
}

/**
 * "Change to /v1/users/balance" for an unknown path that has a near one: the preferred fix (the
 * one Auto Fix applies) only where the call itself shows the wallet. And for every check of ours,
 * "Not the wallet API: ignore this file", which adds the file to the ignored files.
 */
export class PathQuickFixes implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly diagnostics: Pick<PathDiagnostics, 'fixFor'>) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    // The key linter's diagnostics have the same source: only the path checks' codes are ours here.
    const ours = context.diagnostics.filter(
      (diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE && (diagnostic.code === 'unknown-path' || diagnostic.code === 'wrong-method'),
    );
    const actions = ours.flatMap((diagnostic) => {
      const fix = diagnostic.code === 'unknown-path' ? this.diagnostics.fixFor(document.uri, diagnostic) : undefined;
      if (!fix) return [];
      const action = new vscode.CodeAction(vscode.l10n.t('Change to {0}', fix.replacement), vscode.CodeActionKind.QuickFix);
      action.edit = new vscode.WorkspaceEdit();
      action.edit.replace(document.uri, diagnostic.range, fix.replacement);
      action.diagnostics = [diagnostic];
      action.isPreferred = fix.preferred;
      return [action];
    });
    if (ours.length > 0 && document.uri.scheme !== 'untitled') {
      const ignore = new vscode.CodeAction(vscode.l10n.t('Not the wallet API: ignore this file'), vscode.CodeActionKind.QuickFix);
      ignore.command = { title: ignore.title, command: COMMANDS.ignoreFileForEndpoints, arguments: [document.uri] };
      ignore.diagnostics = ours;
      actions.push(ignore);
    }
    return actions;
  }
}
