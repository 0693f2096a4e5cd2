// The checks of API paths in code: a path the API does not have (with "did you mean" and a quick
// fix that writes it), and a method the path does not take where the call shows it; and the code
// findings of issue 39 (core/findings/), each linked to its rule in docs/integration-review.md.
// Only on calls the code shows are the wallet's (core/walletCall.ts). Run on open and, debounced,
// on change (the events are the extension's, register.ts); nothing leaves the machine.
import * as vscode from 'vscode';
import { COMMANDS } from '../../common/commandIds';
import { analyzeText, problemsOf, type Problem, type ProblemCode } from '../core/analyze';
import { apiCatalog } from '../core/apiCatalog';
import { codeFindings, type CodeFile } from '../core/findings/codeFindings';
import type { WalletContext } from '../core/walletCall';
import { DIAGNOSTIC_SOURCE, isHttpFile, isScriptFile, type FeatureState } from '../languages';

/** The fix of a diagnostic: the text it writes, its title, and whether Auto Fix may apply it. */
interface PathFix {
  replacement: string;
  title: string;
  preferred: boolean;
}

/** The checks of this module (the key linter's diagnostics have the same source). */
const CODES: ReadonlySet<string> = new Set<ProblemCode>([
  'unknown-path',
  'wrong-method',
  'status-not-success',
  'unawaited-json',
  'float-kobo',
  'secret-in-browser',
  'token-in-body',
]);
/** Where each code finding's rule is explained (what, why, the fix, how to silence it). */
const RULE_DOCS = 'https://github.com/wallet-console/wallet-console/blob/main/docs/integration-review.md';
/** A file may hold a finding without naming a path: the wallet's headers or variables in browser code. */
const MAY_MATTER = /\/v1\/|x-app-|WALLET_/i;

/** A diagnostic's code as text (the code findings' carry a link to their rule). */
export function codeOf(diagnostic: vscode.Diagnostic): string | undefined {
  const { code } = diagnostic;
  return typeof code === 'object' ? String(code.value) : code === undefined ? undefined : String(code);
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
    if (text.length > MAX_CHARACTERS || !MAY_MATTER.test(text) || this.state.ignored(document)) {
      this.forget(document.uri);
      return;
    }
    const fixes = new Map<string, PathFix>();
    this.fixes.set(document.uri.toString(), fixes);
    const file = { path: document.uri.path, script: isScriptFile(document) };
    this.collection.set(document.uri, diagnosticsOf(text, isHttpFile(document), this.state.context(), fixes, file));
  }

  /** The path an unknown-path diagnostic suggests. */
  fixFor(uri: vscode.Uri, diagnostic: vscode.Diagnostic): PathFix | undefined {
    return this.fixes.get(uri.toString())?.get(keyOf(diagnostic));
  }
}

/** The problems of a document: its paths' checks, and (in a script) the findings of what it does with its wallet calls. */
export function problemsOfText(text: string, httpFile: boolean, context: WalletContext, file?: CodeFile): Problem[] {
  const script = file?.script === true && !httpFile;
  // Split once: the paths' checks and the code findings read the same lines (and their brackets' scan).
  const lines = text.split(/\r?\n/);
  const uses = text.includes('/v1/') ? analyzeText(apiCatalog(), lines, httpFile, context, script) : [];
  const problems = problemsOf(uses);
  if (file && !httpFile) problems.push(...codeFindings(text, lines, uses, file));
  return problems;
}

export function diagnosticsOf(
  text: string,
  httpFile: boolean,
  context: WalletContext,
  fixes?: Map<string, PathFix>,
  file?: CodeFile,
): vscode.Diagnostic[] {
  return problemsOfText(text, httpFile, context, file).map((problem) => {
    const range = new vscode.Range(problem.line, problem.start, problem.line, problem.end);
    const severity = problem.error ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
    const diagnostic = new vscode.Diagnostic(range, problem.message, severity);
    diagnostic.source = DIAGNOSTIC_SOURCE;
    const paths = problem.code === 'unknown-path' || problem.code === 'wrong-method';
    diagnostic.code = paths ? problem.code : { value: problem.code, target: vscode.Uri.parse(`${RULE_DOCS}#${problem.code}`) };
    if (problem.replacement) {
      const title = problem.fixTitle ?? vscode.l10n.t('Change to {0}', problem.replacement);
      fixes?.set(keyOf(diagnostic), { replacement: problem.replacement, title, preferred: problem.preferred });
    }
    return diagnostic;
  });
}

/**
 * "Change to /v1/users/balance" for an unknown path that has a near one, and the code findings'
 * fixes ("Round to whole kobo", "Await the answer", "Read success"): the preferred fix (the
 * one Auto Fix applies) only where the call itself shows the wallet. And for every check of ours,
 * "Not the wallet API: ignore this file", which adds the file to the ignored files.
 */
export class PathQuickFixes implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly diagnostics: Pick<PathDiagnostics, 'fixFor'>) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    // The key linter's diagnostics have the same source: only the path checks' codes are ours here.
    const ours = context.diagnostics.filter((diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE && CODES.has(codeOf(diagnostic) ?? ''));
    const actions = ours.flatMap((diagnostic) => {
      const fix = this.diagnostics.fixFor(document.uri, diagnostic);
      if (!fix) return [];
      const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
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
