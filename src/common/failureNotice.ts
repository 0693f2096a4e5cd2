import { connectionActions } from './connectionActions';
import * as vscode from 'vscode';
import { isCancelled } from '../api';
import type { FailureHandler, FailureKind } from './commandRunner';
import type { Logger } from './logger';
import { describeError, UserFacingError } from './userFacingError';
import { isCancellation, type UserInput } from './userInput';

/** Shows a failed command's message with its actions and a way to the log. */
export class FailureNotice implements FailureHandler {
  constructor(
    private readonly logger: Logger,
    private readonly ui: () => UserInput,
  ) {}

  kind(error: unknown): FailureKind {
    if (isCancellation(error) || isCancelled(error)) return 'cancelled';
    if (error instanceof UserFacingError && error.alreadyShown) return 'alreadyShown';
    return 'failed';
  }

  async report(title: string, error: unknown): Promise<void> {
    const message = describeError(title, error);
    const actions = error instanceof UserFacingError ? error.actions : connectionActions(error);
    const showLog = vscode.l10n.t('Show Log');
    const choice = await this.ui().confirm(message, { level: 'error' }, ...actions.map((action) => action.title), showLog);
    if (choice === showLog) this.logger.show();
    const action = actions.find((candidate) => candidate.title === choice);
    if (action) await vscode.commands.executeCommand(action.command);
  }
}
