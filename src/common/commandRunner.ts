import * as vscode from 'vscode';
import { isCancelled, WalletApiError } from '../api';
import { connectionActions } from './connectionActions';
import { invocationKey } from './invocationKey';
import { Logger } from './logger';
import { redact } from './redact';
import { isCancellation, type UserInput } from './userInput';

/** An error whose message is already written for the user (no "failed:" prefix needed). */
export class UserFacingError extends Error {
  constructor(
    message: string,
    /** Command ids offered as buttons, e.g. Sign In. */
    readonly actions: { title: string; command: string }[] = [],
    /** The user was already told another way (a prompt with its own button): only log it. */
    readonly alreadyShown = false,
  ) {
    super(message);
    this.name = 'UserFacingError';
  }
}

/**
 * Registers commands so that each runs through one wrapper: cancelling is silent, a second
 * invocation while the first is still running is not started twice, and every failure
 * becomes one readable message with a way to the log.
 */
export class CommandRunner {
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly logger: Logger,
    private readonly ui: () => UserInput,
  ) {}

  register(id: string, title: string, handler: (...args: unknown[]) => unknown): vscode.Disposable {
    return vscode.commands.registerCommand(id, (...args: unknown[]) =>
      this.run(invocationKey(id, args), title, () => handler(...args), id),
    );
  }

  /**
   * Runs `work` once per key (command and argument) at a time; callers that arrive while it
   * runs share its result. A run without argument (it asks the user which) also absorbs runs
   * of `command` with one: two prompts for one command cannot be on screen at once.
   */
  run<T>(id: string, title: string, work: () => T | Promise<T>, command = id): Promise<T | undefined> {
    const inFlight = this.running.get(id) ?? this.running.get(command);
    if (inFlight) {
      this.logger.info(`${title} is already running; not starting it twice.`);
      return inFlight as Promise<T | undefined>;
    }
    const task = this.guard(title, work).finally(() => this.running.delete(id));
    this.running.set(id, task);
    return task;
  }

  private async guard<T>(title: string, work: () => T | Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      if (isCancellation(error) || isCancelled(error)) return undefined;
      if (error instanceof UserFacingError && error.alreadyShown) {
        this.logger.info(`${title} stopped: ${error.message}`);
        return undefined;
      }
      void this.report(title, error);
      return undefined;
    }
  }

  private async report(title: string, error: unknown): Promise<void> {
    this.logger.error(`${title} failed`, error);
    const message = redact(describeError(title, error));
    const actions = error instanceof UserFacingError ? error.actions : connectionActions(error);
    const showLog = vscode.l10n.t('Show Log');
    const choice = await this.ui().confirm(message, { level: 'error' }, ...actions.map((action) => action.title), showLog);
    if (choice === showLog) this.logger.show();
    const action = actions.find((candidate) => candidate.title === choice);
    if (action) await vscode.commands.executeCommand(action.command);
  }
}

export function describeError(title: string, error: unknown): string {
  if (error instanceof UserFacingError) return error.message;
  if (error instanceof WalletApiError) return vscode.l10n.t('{0} failed. {1}', title, error.message);
  // Anything else is a bug on our side: say so plainly, the stack goes to the log only.
  const reason = error instanceof Error && error.message ? error.message : vscode.l10n.t('an unexpected error');
  return vscode.l10n.t('{0} failed: {1}. See the log for details.', title, reason);
}
