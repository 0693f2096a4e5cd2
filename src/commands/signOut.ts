import * as vscode from 'vscode';
import { ENVIRONMENTS } from '../auth/environments';
import type { CommandDeps } from '../commandDeps/commandDeps';

/** Forgets the developer tokens of the current environment; apps and wallets stay. */
export async function signOut(deps: CommandDeps): Promise<void> {
  const env = deps.accounts.env();
  const developer = await deps.accounts.signOut(env);
  deps.logger.info(`[${env}] Signed out${developer ? ` ${developer.email}` : ''}.`);
  void deps.ui().confirm(vscode.l10n.t('Signed out of {0}.', ENVIRONMENTS[env].label), {});
}
