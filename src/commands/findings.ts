import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import type { CommandRunner } from '../common/commandRunner';
import { invocationKey } from '../common/invocationKey';
import { UserFacingError } from '../common/userFacingError';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import type { FindingsTreeProvider } from '../views/findingsView';
import type { DetailPanelApi } from '../webview/panel';
import { FINDING_ID } from '../webview/protocol';

// The Findings view's commands: a row opens its finding in the panel; the title's Clear Findings
// forgets them (DELETE /__sandbox/findings). Neither is in the palette: both act on the view.

export async function showFinding(panel: DetailPanelApi, argument: unknown): Promise<void> {
  if (typeof argument !== 'string' || !FINDING_ID.test(argument)) {
    throw new UserFacingError(vscode.l10n.t('Pick a finding in the Findings view to show it.'));
  }
  await panel.showFinding(argument);
}

/** Forgets the local sandbox's findings; before it ever started there are none (it is not started for this). */
export async function clearFindings(sandbox: LocalSandbox, tree: FindingsTreeProvider): Promise<void> {
  if (!sandbox.started) return;
  await (await sandbox.instance()).clearFindings();
  await tree.refresh();
}

export function registerFindingCommands(
  runner: CommandRunner,
  panel: DetailPanelApi,
  sandbox: LocalSandbox,
  tree: FindingsTreeProvider,
): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.showFinding, (argument: unknown) =>
      runner.run(
        invocationKey(COMMANDS.showFinding, [argument]),
        vscode.l10n.t('Show Finding'),
        () => showFinding(panel, argument),
        COMMANDS.showFinding,
      ),
    ),
    vscode.commands.registerCommand(COMMANDS.clearFindings, () =>
      runner.run(COMMANDS.clearFindings, vscode.l10n.t('Clear Findings'), () => clearFindings(sandbox, tree)),
    ),
  ];
}
