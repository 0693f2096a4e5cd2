import * as vscode from 'vscode';
import { WalletApiError } from '../api';
import { redactSecretShapes } from '../masking/masking';

/** A button offered with an error: its title and the command it runs. */
export interface ErrorAction {
  title: string;
  command: string;
}

/** An error whose message is already written for the user (no "failed:" prefix needed). */
export class UserFacingError extends Error {
  constructor(
    message: string,
    /** Command ids offered as buttons, e.g. Sign In. */
    readonly actions: ErrorAction[] = [],
    /** The user was already told another way (a prompt with its own button): only log it. */
    readonly alreadyShown = false,
  ) {
    super(message);
    this.name = 'UserFacingError';
  }
}

/**
 * Why something failed, in words for the user, for a place that already says what failed
 * (the panel's heading). Secrets are masked.
 */
export function errorReason(error: unknown): string {
  if (error instanceof UserFacingError) return redactSecretShapes(error.message);
  if (error instanceof WalletApiError) {
    if (error.status === 404 && error.path.startsWith('/v1/transactions/')) {
      return redactSecretShapes(
        vscode.l10n.t(
          'This wallet has no transaction with that reference (the server said: {0}).',
          error.serverMessage ?? vscode.l10n.t('not found'),
        ),
      );
    }
    return redactSecretShapes(error.message);
  }
  // Anything else is a bug on our side: say so plainly, the stack goes to the log only.
  const reason = error instanceof Error && error.message ? error.message : vscode.l10n.t('an unexpected error');
  return redactSecretShapes(vscode.l10n.t('Something went wrong: {0}. The Wallet Console log has the details.', reason));
}

/** What failed and why, in one message: "{title} failed. {reason}". Secrets are masked. */
export function describeError(title: string, error: unknown): string {
  if (error instanceof UserFacingError) return redactSecretShapes(error.message);
  return redactSecretShapes(vscode.l10n.t('{0} failed. {1}', title, errorReason(error)));
}
