import * as vscode from 'vscode';
import type { WalletConsoleApi } from '../../../src/extensionApi';
import { ScriptedInput, type Answer } from './scriptedInput';
import { waitFor } from './waitFor';

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
): Promise<ScriptedInput> {
  const input = new ScriptedInput(...answers);
  api.setUserInput(input);
  try {
    await vscode.commands.executeCommand(command);
    await waitFor(
      () => `${command}: what followed (asked: ${JSON.stringify(input.asked.map((entry) => entry.title))})`,
      () => done(input),
      undefined,
      25,
    );
  } finally {
    api.setUserInput(undefined);
  }
  input.assertDone();
  return input;
}
