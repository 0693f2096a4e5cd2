import * as vscode from 'vscode';
import type { WalletConsoleApi } from '../../src/extensionApi';
import { EXTENSION_ID } from '../host/support/extension';
import type { ActivationReport } from './report';

/**
 * Activates the extension once, as the first thing this extension host does for it, and reads
 * how long activate() took (the extension measures it itself) and whether the sandbox started.
 */
export async function measureActivation(): Promise<ActivationReport> {
  const extension = vscode.extensions.getExtension<WalletConsoleApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded in this host`);
  const wasActive = extension.isActive;
  const begun = performance.now();
  const api = await extension.activate();
  const activateCallMs = performance.now() - begun;
  if (typeof api.activationMs !== 'number')
    throw new Error('the extension API has no activationMs: is this the extension from this checkout?');
  return {
    activationMs: api.activationMs,
    activateCallMs,
    wasActive,
    sandboxStarted: api.sandboxStartedAtActivation,
    extensionPath: extension.extensionUri.fsPath,
    hostNode: process.version,
  };
}
