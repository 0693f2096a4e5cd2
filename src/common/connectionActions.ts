import * as vscode from 'vscode';
import { WalletApiError } from '../api';

/**
 * What to offer when the wallet API cannot be reached or does not answer: the address is in
 * the settings, or the wrong environment is chosen. (Show Log is always offered too.)
 */
export function connectionActions(error: unknown): { title: string; command: string }[] {
  if (!(error instanceof WalletApiError) || (error.kind !== 'network' && error.kind !== 'timeout')) return [];
  return [
    { title: vscode.l10n.t('Switch Environment'), command: 'walletConsole.switchEnvironment' },
    { title: vscode.l10n.t('Open Settings'), command: 'walletConsole.openSettings' },
  ];
}
