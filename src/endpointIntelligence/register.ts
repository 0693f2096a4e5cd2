// Endpoint intelligence in the developer's own code: hover, completion, checks and the "try it"
// CodeLens for paths of the wallet API, registered at activation for its languages (no language
// server). The OpenAPI catalog they read is built the first time a document names a path.
import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import { COMMANDS } from '../common/commandIds';
import type { CommandRunner } from '../common/commandRunner';
import { invocationKey } from '../common/invocationKey';
import { createFeatures, type EndpointFeatures, type TryItDeps } from './features/index';
import { DIAGNOSTIC_SOURCE, ENDPOINT_SELECTOR, isEndpointDocument, mayNamePath, SETTING, type FeatureState } from './languages';
import { ignoreFileCommand, isIgnored, walletContext } from './walletScope';

export interface EndpointIntelligenceDeps extends Omit<TryItDeps, 'accounts'> {
  accounts: Pick<AccountService, 'env' | 'onDidChange'>;
  runner: Pick<CommandRunner, 'run'>;
}

const DEBOUNCE_MS = 300;

export function registerEndpointIntelligence(context: vscode.ExtensionContext, deps: EndpointIntelligenceDeps): void {
  const read = () => vscode.workspace.getConfiguration().get<boolean>(SETTING, true) !== false;
  let enabled = read();
  const state = featureState(deps, () => enabled);
  const collection = vscode.languages.createDiagnosticCollection('walletConsole.endpoints');
  const lensesChanged = new vscode.EventEmitter<void>();
  const features = createFeatures(state, deps, collection);

  const check = (document: vscode.TextDocument, delay: number) => {
    if (enabled && isEndpointDocument(document)) features.diagnostics.schedule(document, delay);
  };
  const checkAll = () => {
    if (!enabled) return collection.clear();
    for (const document of vscode.workspace.textDocuments) check(document, 0);
  };
  const command = (id: string, title: string, run: (target: unknown) => Promise<void>) =>
    vscode.commands.registerCommand(id, (target: unknown) => deps.runner.run(invocationKey(id, [target]), title, () => run(target), id));

  context.subscriptions.push(
    collection,
    features.diagnostics,
    lensesChanged,
    ...providers(features, () => enabled, lensesChanged.event),
    command(COMMANDS.sendEndpointToSandbox, vscode.l10n.t('Send to Sandbox'), (target) => features.sendToSandbox(target)),
    command(COMMANDS.copyEndpointAsCurl, vscode.l10n.t('Copy as cURL'), (target) => features.copyAsCurl(target)),
    ignoreFileCommand(deps.runner),
    vscode.workspace.onDidOpenTextDocument((document) => check(document, 0)),
    vscode.workspace.onDidChangeTextDocument((event) => check(event.document, DEBOUNCE_MS)),
    vscode.workspace.onDidCloseTextDocument((document) => features.diagnostics.forget(document.uri)),
    deps.accounts.onDidChange(() => lensesChanged.fire()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      // The setting itself, the ignored files, the environments' URLs or the sandbox's port.
      if (!event.affectsConfiguration('walletConsole')) return;
      enabled = read();
      checkAll();
      lensesChanged.fire();
    }),
  );
  // The documents already open are checked after activation, not during it.
  setImmediate(checkAll);
}

/** What the features read of the extension: the setting, the environment, the wallet's hosts, the ignored files. */
function featureState(deps: EndpointIntelligenceDeps, enabled: () => boolean): FeatureState {
  return {
    enabled,
    local: () => deps.accounts.env() === 'local',
    context: () => walletContext(deps.sandbox),
    ignored: isIgnored,
  };
}

/** The providers, asked only for a document line that may name a path (a cheap test first). */
function providers(features: EndpointFeatures, isEnabled: () => boolean, lensesChanged: vscode.Event<void>): vscode.Disposable[] {
  return [
    vscode.languages.registerHoverProvider(ENDPOINT_SELECTOR, {
      provideHover: (document, position) =>
        isEnabled() && mayNamePath(document.lineAt(position.line).text) ? features.hovers.provideHover(document, position) : undefined,
    }),
    vscode.languages.registerCompletionItemProvider(
      ENDPOINT_SELECTOR,
      {
        provideCompletionItems: (document, position) =>
          isEnabled() && mayNamePath(document.lineAt(position.line).text)
            ? features.completions.provideCompletionItems(document, position)
            : undefined,
      },
      '/',
    ),
    vscode.languages.registerCodeActionsProvider(
      ENDPOINT_SELECTOR,
      {
        provideCodeActions: (document, range, actionContext) =>
          actionContext.diagnostics.some((diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE)
            ? features.quickFixes.provideCodeActions(document, range, actionContext)
            : undefined,
      },
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
    vscode.languages.registerCodeLensProvider(ENDPOINT_SELECTOR, {
      onDidChangeCodeLenses: lensesChanged,
      provideCodeLenses: (document) => (isEnabled() ? features.lenses.provideCodeLenses(document) : []),
    }),
  ];
}
