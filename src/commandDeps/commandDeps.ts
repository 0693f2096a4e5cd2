import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import type { Logger } from '../common/logger';
import type { PickItem, PickOptions, UserInput } from '../common/userInput';

/** What every command is given: no command reaches for globals. */
export interface CommandDeps {
  accounts: AccountService;
  logger: Logger;
  /** A getter, so host tests can swap in a scripted stand-in. */
  ui: () => UserInput;
}

export function withProgress<T>(title: string, work: () => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, work));
}

/**
 * For work a prompt follows: in the status bar. A progress notification stays on screen for
 * at least 800 ms however fast the work is, so it would still be up over the prompt.
 */
export function withStatusProgress<T>(title: string, work: () => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, work));
}

/**
 * The id a tree item passed as the command's argument, or else the one the user picks; with
 * nothing to choose from, `none` says why and what to do.
 */
export async function argumentOrPick(
  deps: CommandDeps,
  argument: unknown,
  items: PickItem<string>[],
  options: PickOptions & { none: Error },
): Promise<string> {
  const { none, ...pickOptions } = options;
  if (items.length === 0) throw none;
  return typeof argument === 'string' ? argument : deps.ui().pick(items, pickOptions);
}
