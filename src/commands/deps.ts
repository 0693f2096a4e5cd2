import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import type { Logger } from '../common/logger';
import type { UserInput } from '../common/userInput';

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
