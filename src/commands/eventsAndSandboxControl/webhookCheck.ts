import * as vscode from 'vscode';
import { withProgress } from '../../commandDeps/commandDeps';
import type { SandboxClient } from '../../sandbox';
import { webhookCheckBundle } from '../../localSandbox/localSandbox';
import type { DetailPanelApi } from '../../webview/panel';
import { localSandbox, type SandboxCommandDeps } from './sandboxAccess';

// Check Webhook Handler: the local sandbox sends the user's handler what it sends in production
// (src/sandbox/webhookCheck) with the active app and wallet, then the panel shows a row per case.

/** Where the app's last event went: its callbackURL, as far as the sandbox shows it. */
async function lastEventUrl(sandbox: SandboxClient, appId: string | undefined): Promise<string | undefined> {
  const events = (await sandbox.webhooks.list()).filter((event) => event.appId === appId);
  return events.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).at(-1)?.url;
}

function handlerUrlProblem(value: string): string | undefined {
  const text = value.trim();
  const url = URL.canParse(text) ? new URL(text) : undefined;
  return url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname
    ? undefined
    : vscode.l10n.t('Enter the http(s) URL your handler listens on, such as http://127.0.0.1:3000/webhooks/wallet.');
}

/** Asks for the handler's URL (a string argument skips the question), runs the check, shows the report. */
export async function checkWebhookHandler(deps: SandboxCommandDeps, panel: DetailPanelApi, argument?: unknown): Promise<void> {
  const sandbox = await localSandbox(deps);
  const { appKey, mobile } = await deps.accounts.walletContext('local');
  const accessToken = await deps.accounts.activeWalletToken('local');
  const app = deps.accounts.activeApp('local');
  const given = typeof argument === 'string' && !handlerUrlProblem(argument) ? argument.trim() : undefined;
  const handlerUrl =
    given ??
    (
      await deps.ui().ask({
        title: vscode.l10n.t('Check Webhook Handler'),
        prompt: vscode.l10n.t(
          'Your handler’s URL. The local sandbox points app "{0}" there and sends it eleven cases ({1} of sandbox money moves, and its clock 10 s). {2}',
          app?.name ?? '',
          '₦6.00',
          vscode.l10n.t('Start the handler with this sandbox’s WALLET_BASE_URL, WALLET_APP_KEY and WALLET_ACCESS_TOKEN first.'),
        ),
        value: (await lastEventUrl(sandbox, app?.id)) ?? 'http://127.0.0.1:3000/webhooks/wallet',
        validate: handlerUrlProblem,
      })
    ).trim();
  if (!accessToken) return; // walletContext has already said how to connect one
  // Phone transfers go to a sandbox wallet other than the sender.
  const recipientMobile = mobile === '2349090000000' ? '2348000000000' : '2349090000000';
  const runCheck = await webhookCheckBundle();
  const report = await withProgress(vscode.l10n.t('Checking the webhook handler…'), () =>
    runCheck({ handlerUrl, sandboxUrl: sandbox.url, credentials: { appKey, accessToken }, recipientMobile }),
  );
  const counted = report.cases.filter((row) => !row.advisory);
  const passed = counted.filter((row) => row.passed).length;
  deps.logger.info(`[local] Webhook handler check: ${passed} of ${counted.length} cases passed.`);
  await panel.showWebhookCheck(report);
}
