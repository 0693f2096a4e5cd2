import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WalletConsoleApi } from '../../../src/extensionApi';
import { ScriptedInput, type Answer } from './scriptedInput';

export const EXTENSION_ID = 'wallet-console.wallet-console';

export async function activateExtension(): Promise<WalletConsoleApi> {
  const extension = vscode.extensions.getExtension<WalletConsoleApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed in this host`);
  return extension.activate();
}

/** Runs a command with a scripted stand-in answering its prompts; returns the stand-in. */
export async function runScripted(api: WalletConsoleApi, command: string, answers: Answer[], ...args: unknown[]): Promise<ScriptedInput> {
  const input = new ScriptedInput(...answers);
  api.setUserInput!(input);
  try {
    await vscode.commands.executeCommand(command, ...args);
  } finally {
    api.setUserInput!(undefined);
  }
  input.assertDone();
  return input;
}

/** Puts a file's document back as it is on disk (revert acts on the active editor: this one's, shown first). */
export async function revert(document: vscode.TextDocument): Promise<void> {
  await vscode.window.showTextDocument(document);
  await vscode.commands.executeCommand('workbench.action.files.revert');
  assert.equal(document.isDirty, false, `${path.basename(document.uri.path)} reverted`);
}

export async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('walletConsole').update(key, value, vscode.ConfigurationTarget.Global);
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * VS Code's own switch for AI features, where this VS Code has one (not 1.100). The host's settings
 * turn them off (scripts/host/server.mjs), and Wallet Console then registers no agent tool, so a
 * test that calls one turns them on for itself. Answers whether this VS Code has the switch.
 */
export async function setVsCodeAiFeatures(on: boolean): Promise<boolean> {
  const chat = vscode.workspace.getConfiguration('chat');
  if (chat.inspect('disableAIFeatures')?.defaultValue === undefined) return false;
  await chat.update('disableAIFeatures', !on, vscode.ConfigurationTarget.Global);
  return true;
}

/**
 * One of our language model tools invoked through VS Code, as an agent does, with VS Code's AI
 * features on meanwhile (the test server starts with them off, and VS Code 1.139 then has no tools
 * of ours); answers the tool's text.
 */
export async function invokeToolAsAgent(name: string, input: object): Promise<string> {
  const switched = await setVsCodeAiFeatures(true);
  try {
    const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
    return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
  } finally {
    if (switched) await setVsCodeAiFeatures(false);
  }
}
