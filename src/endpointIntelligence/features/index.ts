// The endpoint intelligence's providers and commands over the OpenAPI catalog (read on first use).
import type * as vscode from 'vscode';
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
