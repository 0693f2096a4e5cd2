// Endpoint intelligence in the developer's own code: hover, completion, checks and the "try it"
// CodeLens for paths of the wallet API, registered at activation for its languages (no language
// server). Only these thin providers are in the extension's bundle: the first document that names
// a path loads the rest (dist/endpoints.js, from features/index.ts) with the OpenAPI catalog.
import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import { COMMANDS } from '../common/commandIds';
import type { CommandRunner } from '../common/commandRunner';
import { invocationKey } from '../common/invocationKey';
import { lazyBundle } from '../common/lazyBundle';
import { UserFacingError } from '../common/userFacingError';
import { EXTENSION_USER_AGENT, takeOwnId } from '../requests/capture';
import type * as Features from './features/index';
import { DIAGNOSTIC_SOURCE, ENDPOINT_SELECTOR, isEndpointDocument, mayNamePath, SETTING, type FeatureState } from './languages';
import { ignoreFileCommand, isIgnored, walletContext } from './walletScope';

export interface EndpointIntelligenceDeps extends Omit<Features.TryItDeps, 'accounts' | 'userError' | 'newRecordId' | 'userAgent'> {
  accounts: Pick<AccountService, 'env' | 'onDidChange'>;
  runner: Pick<CommandRunner, 'run'>;
}

const DEBOUNCE_MS = 300;

/** dist/endpoints.js: the providers' work and the OpenAPI catalog, loaded when a document first names a path. */
const endpointsBundle = lazyBundle<typeof Features>('endpoints.js');

export function registerEndpointIntelligence(context: vscode.ExtensionContext, deps: EndpointIntelligenceDeps): void {
  const read = () => vscode.workspace.getConfiguration().get<boolean>(SETTING, true) !== false;
  let enabled = read();
  const state = featureState(deps, () => enabled);
  const collection = vscode.languages.createDiagnosticCollection('walletConsole.endpoints');
  const lensesChanged = new vscode.EventEmitter<void>();
  let loaded: Features.EndpointFeatures | undefined;
  let loading: Promise<Features.EndpointFeatures> | undefined;
  const load = () =>
    (loading ??= endpointsBundle().then(
      (module) => {
        const features = module.createFeatures(state, { ...deps, ...extensionOwn }, collection);
        context.subscriptions.push(features.diagnostics);
        return (loaded = features);
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  const check = (document: vscode.TextDocument, delay: number) => {
    if (!enabled || !isEndpointDocument(document)) return;
    if (loaded) return loaded.diagnostics.schedule(document, delay);
    if (document.getText().includes('/v1/')) void load().then((features) => features.diagnostics.schedule(document, delay));
  };
  const checkAll = () => {
    if (!enabled) return collection.clear();
    for (const document of vscode.workspace.textDocuments) check(document, 0);
  };
  const command = (id: string, title: string, run: (features: Features.EndpointFeatures, target: unknown) => Promise<void>) =>
    vscode.commands.registerCommand(id, (target: unknown) =>
      deps.runner.run(invocationKey(id, [target]), title, async () => run(await load(), target), id),
    );

  context.subscriptions.push(
    collection,
    lensesChanged,
    ...providers({ load, loaded: () => loaded, enabled: () => enabled }, lensesChanged.event),
    command(COMMANDS.sendEndpointToSandbox, vscode.l10n.t('Send to Sandbox'), (features, target) => features.sendToSandbox(target)),
    command(COMMANDS.copyEndpointAsCurl, vscode.l10n.t('Copy as cURL'), (features, target) => features.copyAsCurl(target)),
    ignoreFileCommand(deps.runner),
    vscode.workspace.onDidOpenTextDocument((document) => check(document, 0)),
    vscode.workspace.onDidChangeTextDocument((event) => check(event.document, DEBOUNCE_MS)),
    vscode.workspace.onDidCloseTextDocument((document) =>
      loaded ? loaded.diagnostics.forget(document.uri) : collection.delete(document.uri),
    ),
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

/** The thin providers: each loads the features bundle only for a document line that may name a path. */
interface FeatureAccess {
  load(): Promise<Features.EndpointFeatures>;
  /** The features once loaded (the quick fixes answer only for diagnostics already made). */
  loaded(): Features.EndpointFeatures | undefined;
  enabled(): boolean;
}

function providers({ load, loaded, enabled: isEnabled }: FeatureAccess, lensesChanged: vscode.Event<void>): vscode.Disposable[] {
  return [
    vscode.languages.registerHoverProvider(ENDPOINT_SELECTOR, {
      provideHover: (document, position) =>
        isEnabled() && mayNamePath(document.lineAt(position.line).text)
          ? load().then((features) => features.hovers.provideHover(document, position))
          : undefined,
    }),
    vscode.languages.registerCompletionItemProvider(
      ENDPOINT_SELECTOR,
      {
        provideCompletionItems: (document, position) =>
          isEnabled() && mayNamePath(document.lineAt(position.line).text)
            ? load().then((features) => features.completions.provideCompletionItems(document, position))
            : undefined,
      },
      '/',
    ),
    vscode.languages.registerCodeActionsProvider(
      ENDPOINT_SELECTOR,
      {
        provideCodeActions: (document, range, actionContext) =>
          loaded() && actionContext.diagnostics.some((diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE)
            ? loaded()!.quickFixes.provideCodeActions(document, range, actionContext)
            : undefined,
      },
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
    vscode.languages.registerCodeLensProvider(ENDPOINT_SELECTOR, {
      onDidChangeCodeLenses: lensesChanged,
      provideCodeLenses: (document) =>
        isEnabled() && document.getText().includes('/v1/') ? load().then((features) => features.lenses.provideCodeLenses(document)) : [],
    }),
  ];
}

/** What the features bundle must take from the extension's own modules, not from copies of its own. */
const extensionOwn = {
  userError: (message: string) => new UserFacingError(message),
  newRecordId: takeOwnId,
  userAgent: EXTENSION_USER_AGENT,
};
