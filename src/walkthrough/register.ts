import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import type { CommandRunner } from '../common/commandRunner';
import type { Logger } from '../common/logger';
import { openEndpointExample } from './endpointExample';
import { openWalkthroughOnFirstRun } from './firstRun';
import { WalkthroughProgress, type ContextKeySource } from './progress';
import { walkthroughSteps } from './steps';

export interface WalkthroughDeps {
  logger: Logger;
  runner: Pick<CommandRunner, 'run' | 'onDidRun'>;
  contextKeys: ContextKeySource;
  /** The views whose first showing completes a step, by view id. */
  views: [view: vscode.TreeView<unknown>, id: string][];
}

/** The Get Started walkthrough: what the user has already done (in a previous run too) shows as done. */
export function registerWalkthrough(context: vscode.ExtensionContext, deps: WalkthroughDeps): void {
  const walkthrough = new WalkthroughProgress(walkthroughSteps(context.extension.id, context.extension.packageJSON), deps.logger);
  walkthrough.followContextKeys(deps.contextKeys);
  for (const [view, id] of deps.views) walkthrough.followView(view, id);
  const stopFollowingCommands = deps.runner.onDidRun((command) => walkthrough.commandRan(command));
  void openWalkthroughOnFirstRun(context, 'walletConsole.gettingStarted');
  context.subscriptions.push(
    walkthrough,
    { dispose: stopFollowingCommands },
    vscode.commands.registerCommand(COMMANDS.openEndpointExample, () =>
      deps.runner.run(COMMANDS.openEndpointExample, vscode.l10n.t('Open Endpoint Example'), openEndpointExample),
    ),
  );
}
