import * as os from 'node:os';
import * as vscode from 'vscode';
import type { CommandDeps } from '../commandDeps/commandDeps';
import { FIRST_USE_MARKS, markFirstUse } from '../common/firstUseMarks';
import { withProgress } from '../commandDeps/commandDeps';
import { defaultWebhookUrl, FRAMEWORKS, type Framework } from './frameworks';
import { handlerSource } from './templates';
import { webhookUrlFrom } from './webhookUrl';

/** Runs the offer through the command runner: its failures are reported like a command's. */
export type RunOffer = (work: () => Promise<void>) => void;

/**
 * Writes a webhook handler for the framework the user picks where they choose (a file Uri given
 * as the first argument skips the save dialog, as the host tests do), opens it, then offers to
 * point the local sandbox's callbackURL at it. `extensionRoot` holds the handlers' files (templates.ts).
 */
export async function createWebhookHandler(
  deps: CommandDeps,
  runOffer: RunOffer,
  extensionRoot: string,
  target?: unknown,
  frameworkId?: unknown,
): Promise<void> {
  markFirstUse(FIRST_USE_MARKS.webhookHandlerStart);
  const title = vscode.l10n.t('Create Webhook Handler');
  const framework =
    FRAMEWORKS.find((candidate) => candidate.id === frameworkId) ??
    (await deps.ui().pick(
      FRAMEWORKS.map((value) => ({ label: value.label, description: languageLabel(value), detail: value.defaultFile, value })),
      { title, placeholder: vscode.l10n.t('The framework your app receives webhooks with') },
    ));
  let uri = target instanceof vscode.Uri ? target : undefined;
  if (!uri) {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
    uri = await vscode.window.showSaveDialog({
      title,
      defaultUri: vscode.Uri.joinPath(folder, framework.defaultFile),
      filters: fileFilter(framework),
    });
    if (!uri) return;
  }
  // The suggested file may sit in folders that do not exist yet (app/api/webhooks/wallet/):
  // writeFile makes them (VS Code's file service does), in one round trip to the workbench.
  const source = handlerSource(framework, extensionRoot);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(source));
  deps.logger.info(`Wrote a ${framework.label} webhook handler to ${uri.fsPath}.`);
  markFirstUse(FIRST_USE_MARKS.webhookHandlerHandOff);
  await vscode.window.showTextDocument(uri, { preview: false });
  runOffer(() => offerSandboxUrl(deps, framework, vscode.workspace.asRelativePath(uri)));
}

function languageLabel(framework: Framework): string {
  return { typescript: 'TypeScript', javascript: 'JavaScript', python: 'Python', go: 'Go' }[framework.language];
}

function fileFilter(framework: Framework): Record<string, string[]> {
  return { [languageLabel(framework)]: [{ typescript: 'ts', javascript: 'js', python: 'py', go: 'go' }[framework.language]] };
}

/** A notification (not awaited by the command: it stays until dismissed), then the URL, then the local sandbox's callbackURL. */
async function offerSandboxUrl(deps: CommandDeps, framework: Framework, where: string): Promise<void> {
  // One input for the whole offer: it outlives the command that started it.
  const ui = deps.ui();
  const point = vscode.l10n.t('Point Sandbox Here');
  const choice = await ui.confirm(
    vscode.l10n.t('Wrote the {0} webhook handler to {1}. Send the local sandbox’s webhook events to it?', framework.label, where),
    {},
    point,
  );
  if (choice !== point) return;
  const typed = await ui.ask({
    title: vscode.l10n.t('Point Sandbox Here'),
    prompt: vscode.l10n.t(
      'The URL (or just the port) your {0} server listens on: the local sandbox POSTs its webhook events there.',
      framework.label,
    ),
    value: defaultWebhookUrl(framework),
    validate: (value) => {
      const result = webhookUrlFrom(value, framework);
      return result.ok ? undefined : result.message;
    },
  });
  const result = webhookUrlFrom(typed, framework);
  if (!result.ok) return;
  const app = await withProgress(vscode.l10n.t('Setting the webhook URL…'), () => deps.accounts.setWebhookUrl('local', result.url));
  deps.logger.info(`[local] Webhook URL of app "${app.name}" set to the ${framework.label} handler.`);
  void ui.confirm(
    vscode.l10n.t(
      'The local sandbox now sends the webhook events of "{0}" to {1}. Start your server, then trigger a test event.',
      app.name,
      result.url,
    ),
    {},
  );
}
