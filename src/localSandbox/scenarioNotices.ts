import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import type { UserInput } from '../common/userInput';
import type { ScenarioOutcome } from './workspaceScenario';

// What the person is told about the workspace's scenario when the local sandbox starts: nothing
// when it loaded (the log says so), a notice when the saved world was kept, a warning naming the
// JSON path at fault when the file is bad. Each at most once per file and kind in a session.

export function scenarioNotices(ui: () => UserInput): (outcome: ScenarioOutcome) => void {
  const told = new Set<string>();
  return (outcome) => {
    if (outcome.kind === 'loaded' || outcome.kind === 'elsewhere') return;
    const key = `${outcome.kind}:${outcome.scenario.uri.toString()}`;
    if (told.has(key)) return;
    told.add(key);
    const open = vscode.l10n.t('Open Scenario');
    let message: string;
    const buttons = [open];
    if (outcome.kind === 'kept') {
      const reset = vscode.l10n.t('Reset Sandbox to Scenario');
      buttons.unshift(reset);
      message = vscode.l10n.t(
        'The local sandbox kept its saved world: {0} seeds only a new sandbox. Reset Sandbox to Scenario replaces the world with the file’s.',
        outcome.scenario.label,
      );
      void ui()
        .confirm(message, { level: 'info' }, ...buttons)
        .then((choice) => act(choice, { [open]: () => openScenario(outcome.scenario.uri), [reset]: () => runReset() }));
      return;
    }
    const at = outcome.path ? `${outcome.path}: ` : '';
    message = vscode.l10n.t(
      '{0} is not a valid sandbox scenario ({1}{2}). The local sandbox started without it; fix the file, then Reset Sandbox to Scenario.',
      outcome.scenario.label,
      at,
      outcome.problem,
    );
    void ui()
      .confirm(message, { level: 'warning' }, ...buttons)
      .then((choice) => act(choice, { [open]: () => openScenario(outcome.scenario.uri) }));
  };
}

function act(choice: string | undefined, actions: Record<string, () => unknown>): void {
  if (choice !== undefined) void actions[choice]?.();
}

function openScenario(uri: vscode.Uri): Thenable<unknown> {
  return vscode.window.showTextDocument(uri);
}

function runReset(): Thenable<unknown> {
  return vscode.commands.executeCommand(COMMANDS.resetSandboxToScenario);
}
