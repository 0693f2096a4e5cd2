import * as vscode from 'vscode';
import { ENVIRONMENT_IDS, ENVIRONMENTS, type EnvironmentId } from '../auth/environments';
import type { CommandDeps } from '../commandDeps/commandDeps';

const PRODUCTION_CONFIRMED = 'walletConsole.productionConfirmed';

export async function switchEnvironment(
  deps: CommandDeps,
  state: { get<T>(key: string): T | undefined; update(key: string, value: unknown): Thenable<void> },
  target?: unknown,
): Promise<void> {
  const current = deps.accounts.env();
  const ui = deps.ui();
  const chosen: EnvironmentId = ENVIRONMENT_IDS.includes(target as EnvironmentId)
    ? (target as EnvironmentId)
    : await ui.pick(
        ENVIRONMENT_IDS.map((id) => {
          const info = ENVIRONMENTS[id];
          return {
            label: `${id === current ? '$(check) ' : ''}${info.label}`,
            description: info.live ? `$(warning) ${vscode.l10n.t('live')}` : undefined,
            detail: info.description,
            value: id,
          };
        }),
        { title: vscode.l10n.t('Switch Environment'), placeholder: vscode.l10n.t('Current: {0}', ENVIRONMENTS[current].label) },
      );
  if (chosen === current) return;
  if (ENVIRONMENTS[chosen].live && !state.get<boolean>(PRODUCTION_CONFIRMED)) {
    const confirmed = vscode.l10n.t('Switch to Production');
    // A modal's first button is its default (Enter): make that the safe choice.
    const stay = vscode.l10n.t('Stay on {0}', ENVIRONMENTS[current].label);
    const answer = await ui.confirm(
      vscode.l10n.t('Switch to Production?'),
      {
        modal: true,
        level: 'warning',
        detail: vscode.l10n.t('Production uses live wallets and real money. Calls made here act on real accounts.'),
      },
      stay,
      confirmed,
    );
    if (answer !== confirmed) return;
    await state.update(PRODUCTION_CONFIRMED, true);
  }
  await deps.accounts.switchEnvironment(chosen);
  deps.logger.info(`Switched to ${ENVIRONMENTS[chosen].label}.`);
}
