import * as vscode from 'vscode';
import { COMMANDS } from '../../common/commandIds';
import type { SandboxCommandDeps } from './sandboxAccess';

// The palette's one entry for what the Sandbox view's wallet item offers (balance, history,
// tokens): the five commands stay on the item, the palette lists this one (issue 38: at most 30).

const WALLET_CONTROLS = [
  [COMMANDS.setSandboxBalance, () => vscode.l10n.t('Set Sandbox Balance')],
  [COMMANDS.addSandboxTransaction, () => vscode.l10n.t('Add Sandbox Transaction')],
  [COMMANDS.expireWalletToken, () => vscode.l10n.t('Expire Wallet Access Token')],
  [COMMANDS.revokeRefreshTokens, () => vscode.l10n.t('Revoke Wallet Refresh Tokens')],
  [COMMANDS.resetSandboxWallet, () => vscode.l10n.t('Reset Sandbox Wallet')],
] as const;

/** Asks which change to make to the active sandbox wallet, then runs that command. */
export async function changeSandboxWallet(deps: SandboxCommandDeps): Promise<void> {
  const command = await deps.ui().pick(
    WALLET_CONTROLS.map(([id, label]) => ({ label: label(), value: id })),
    { title: vscode.l10n.t('Change Sandbox Wallet'), placeholder: vscode.l10n.t('What to change in the active sandbox wallet') },
  );
  await vscode.commands.executeCommand(command);
}
