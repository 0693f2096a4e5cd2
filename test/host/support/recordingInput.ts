import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ConfirmOptions } from '../../../src/common/userInput';
import type { WalletConsoleApi } from '../../../src/extensionApi';
import { ScriptedInput, type Answer } from './scriptedInput';

/** One thing the user was told: a notification (error or warning) or a message under an input box. */
export interface ShownMessage {
  where: 'error' | 'warning' | 'info' | 'input box' | 'panel' | 'view';
  text: string;
}

/**
 * A scripted stand-in that also records warnings and notices (dismissing them, as a person
 * closing the toast), and every validation message shown under an input box. Unlike
 * runScripted, answers left over are not an error: a failing step ends a flow early.
 */
export class RecordingInput extends ScriptedInput {
  readonly shown: ShownMessage[] = [];

  override async confirm(message: string, options: ConfirmOptions, ...buttons: string[]): Promise<string | undefined> {
    const level = options.level ?? 'info';
    if (level === 'error') {
      this.shown.push({ where: 'error', text: message });
      return super.confirm(message, options, ...buttons);
    }
    // Warnings and notices are dismissed; a modal question still takes a scripted answer.
    if (options.modal) return super.confirm(message, options, ...buttons);
    this.shown.push({ where: level === 'warning' ? 'warning' : 'info', text: message });
    return undefined;
  }

  /** Messages shown under input boxes (a wrong passcode keeps the box open with one). */
  validations(): string[] {
    return this.asked.flatMap((entry) => (entry.validation ? [entry.validation] : []));
  }

  /** What a person saw that says something went wrong: errors, warnings, box messages. */
  complaints(): ShownMessage[] {
    return [
      ...this.shown.filter((message) => message.where !== 'info'),
      ...this.validations().map((text) => ({ where: 'input box' as const, text })),
    ];
  }
}

/**
 * What prompts get between scripted commands. Without it, a prompt raised by background work
 * (a view loading on its own) would go to VS Code's real notifications, never be answered in
 * a headless run, and hold back the next one ("one prompt per disconnect").
 */
let between: RecordingInput | undefined;

export function setBackgroundInput(api: WalletConsoleApi, input: RecordingInput | undefined): void {
  between = input;
  api.setUserInput!(input);
}

/** Runs a command with a RecordingInput; the command's own failure never throws here. */
export async function runRecorded(api: WalletConsoleApi, command: string, answers: Answer[], ...args: unknown[]): Promise<RecordingInput> {
  const input = new RecordingInput(...answers);
  api.setUserInput!(input);
  try {
    // No wait after it: a prompt fired without awaiting (the reconnect offer) is asked as it is
    // fired (offerReconnect calls confirm at once), before the call that set it off rejects.
    await vscode.commands.executeCommand(command, ...args);
  } finally {
    api.setUserInput!(between);
  }
  return input;
}

const STACK_LINE = /\n\s*at |\bat [\w.<>]+ \(|\.(?:js|ts):\d+:\d+/;

/**
 * A message fit for a person: some words, no stack trace, no `undefined`, no
 * `[object Object]`, no markup from an HTML error page, and none of the given secrets.
 */
export function assertReadable(message: string, secrets: readonly string[], context: string): void {
  assert.ok(message.trim().length >= 10, `${context}: message too short: "${message}"`);
  assert.doesNotMatch(message, STACK_LINE, `${context}: a stack trace in "${message}"`);
  assert.doesNotMatch(message, /\bundefined\b|\bnull\b|\[object Object\]|NaN/, `${context}: a placeholder in "${message}"`);
  assert.doesNotMatch(message, /<\/?[a-z][^>]*>/i, `${context}: markup in "${message}"`);
  for (const secret of secrets) {
    if (secret.length >= 6) assert.equal(message.includes(secret), false, `${context}: a secret in "${message}"`);
  }
}
