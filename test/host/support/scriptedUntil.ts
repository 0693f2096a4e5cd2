import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WalletConsoleApi } from '../../../src/extensionApi';
import { ScriptedInput, type Answer } from './scriptedInput';

/**
 * Like runScripted, but the scripted answers stay in place after the command returns, until
 * `done` holds: for a notice the command leaves open whose button starts another command
 * (outcome unknown → Requery).
 */
export async function runScriptedUntil(
  api: WalletConsoleApi,
  command: string,
  answers: Answer[],
  done: (input: ScriptedInput) => boolean,
  limitMs = 10_000,
): Promise<ScriptedInput> {
  const input = new ScriptedInput(...answers);
  api.setUserInput(input);
  try {
    await vscode.commands.executeCommand(command);
    const until = Date.now() + limitMs;
    while (!done(input)) {
      if (Date.now() > until)
        assert.fail(`${command}: what followed never happened (asked: ${JSON.stringify(input.asked.map((entry) => entry.title))})`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    api.setUserInput(undefined);
  }
  input.assertDone();
  return input;
}
