// dist/endpoints.js: the endpoint intelligence's providers, commands and the OpenAPI catalog they
// read, loaded by the extension (register.ts) the first time a document needs them, never at
// activation: the extension's bundle and start-up stay as they were.
import * as vscode from 'vscode';
import { useTranslations } from '../core/apiCatalog';
import type { FeatureState } from '../languages';
import { EndpointCompletions, EndpointHovers } from './hoverAndCompletion';
import { PathDiagnostics, PathQuickFixes } from './pathDiagnostics';
import { copyAsCurl, sendToSandbox, type TryItDeps } from './tryItCommands';
import { TryItLenses } from './tryItLenses';

export type { TryItDeps };

export interface EndpointFeatures {
  hovers: EndpointHovers;
  completions: EndpointCompletions;
  quickFixes: PathQuickFixes;
  lenses: TryItLenses;
  diagnostics: PathDiagnostics;
  sendToSandbox(target: unknown): Promise<void>;
  copyAsCurl(target: unknown): Promise<void>;
}

export function createFeatures(state: FeatureState, deps: TryItDeps, collection: vscode.DiagnosticCollection): EndpointFeatures {
  useTranslations(vscode.l10n.bundle);
  const diagnostics = new PathDiagnostics(state, collection);
  return {
    hovers: new EndpointHovers(state),
    completions: new EndpointCompletions(state),
    quickFixes: new PathQuickFixes(diagnostics),
    lenses: new TryItLenses(state),
    diagnostics,
    sendToSandbox: (target) => sendToSandbox(deps, target),
    copyAsCurl: (target) => copyAsCurl(deps, target),
  };
}
