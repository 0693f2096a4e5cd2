import * as vscode from 'vscode';
import type { CommandDeps } from '../commandDeps/commandDeps';
import { COMMANDS } from '../common/commandIds';
import type { CommandRunner } from '../common/commandRunner';
import { createWebhookHandler } from './createWebhookHandler';

/** Create Webhook Handler: writes a handler file for the user's framework (see docs/webhook-handlers.md). */
export function registerWebhookHandlers(context: vscode.ExtensionContext, runner: CommandRunner, deps: CommandDeps): void {
  const title = vscode.l10n.t('Create Webhook Handler');
  const runOffer = (work: () => Promise<void>) => void runner.run(`${COMMANDS.createWebhookHandler}.offer`, title, work);
  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.createWebhookHandler, (target?: unknown, framework?: unknown) =>
      runner.run(COMMANDS.createWebhookHandler, title, () =>
        createWebhookHandler(deps, runOffer, context.extensionPath, target, framework),
      ),
    ),
  );
}
