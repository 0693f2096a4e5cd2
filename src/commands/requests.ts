import * as vscode from 'vscode';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import { formatMobileForPeople } from '../common/formatMobile';
import { UserFacingError } from '../common/userFacingError';
import { sandboxVariables, settingsFormats, settingsText, type SettingsFormat } from '../terminals/sandboxVariables';
import { localSandboxSecrets } from '../terminals/terminalEnvironment';
import type { RequestHistory } from '../requests/requestHistory';
import type { StatusClass } from '../requests/requestRecord';
import type { DetailPanelApi } from '../webview/panel';
import type { CommandDeps } from '../commandDeps/commandDeps';

/** Opens a request of the Requests view in the panel: the row's id, or one picked from the list. */
export async function showRequest(deps: CommandDeps, history: RequestHistory, panel: DetailPanelApi, argument: unknown): Promise<void> {
  let id = typeof argument === 'number' ? argument : undefined;
  if (id === undefined) {
    const records = history.visible();
    if (records.length === 0) throw new UserFacingError(vscode.l10n.t('There are no requests in the Requests view yet.'));
    id = await deps.ui().pick(
      records.map((record) => ({
        label: `${record.method} ${record.path}`,
        description: record.status === 0 ? vscode.l10n.t('no answer') : String(record.status),
        value: record.id,
      })),
      { title: vscode.l10n.t('Show Request'), placeholder: vscode.l10n.t('A request of the Requests view, newest first') },
    );
  }
  await panel.showRequest(id);
}

export async function filterRequestsByStatus(deps: CommandDeps, history: RequestHistory): Promise<void> {
  const current = history.filter.statusClass;
  const choices: { label: string; value: StatusClass | 'all' }[] = [
    { label: vscode.l10n.t('All statuses'), value: 'all' },
    { label: vscode.l10n.t('2xx: success'), value: '2xx' },
    { label: vscode.l10n.t('3xx: redirect'), value: '3xx' },
    { label: vscode.l10n.t('4xx: refused'), value: '4xx' },
    { label: vscode.l10n.t('5xx: server error'), value: '5xx' },
    { label: vscode.l10n.t('No answer'), value: 'none' },
  ];
  const chosen = await deps.ui().pick(
    choices.map((choice) => ({ ...choice, description: choice.value === (current ?? 'all') ? vscode.l10n.t('current') : undefined })),
    { title: vscode.l10n.t('Filter Requests by Status') },
  );
  history.setFilter({ ...history.filter, statusClass: chosen === 'all' ? undefined : chosen });
}

export async function filterRequestsByPath(deps: CommandDeps, history: RequestHistory): Promise<void> {
  const path = await deps.ui().ask({
    title: vscode.l10n.t('Filter Requests by Path'),
    prompt: vscode.l10n.t('Show requests whose path contains this text (empty shows all)'),
    placeholder: vscode.l10n.t('a part of the path, like /v1/transactions'),
    value: history.filter.path ?? '',
  });
  history.setFilter({ ...history.filter, path: path.trim() === '' ? undefined : path.trim() });
}

/** The palette's one filter: by status or by path (the view's title bar has both). */
export async function filterRequests(deps: CommandDeps, history: RequestHistory): Promise<void> {
  const by = await deps.ui().pick(
    [
      { label: vscode.l10n.t('By status'), description: history.filter.statusClass, value: 'status' as const },
      { label: vscode.l10n.t('By path'), description: history.filter.path, value: 'path' as const },
    ],
    { title: vscode.l10n.t('Filter Requests') },
  );
  await (by === 'status' ? filterRequestsByStatus(deps, history) : filterRequestsByPath(deps, history));
}

export function clearRequestFilter(history: RequestHistory): void {
  history.setFilter({});
}

export function clearRequests(history: RequestHistory): Promise<void> {
  return history.clear();
}

/** Each format as the pick offers it, and how the notice after the copy says to use it. */
function formatItems(): Record<SettingsFormat, { label: string; description: string; use: string }> {
  return {
    shell: {
      label: vscode.l10n.t('Shell (bash, zsh): export lines'),
      description: vscode.l10n.t('paste into a terminal, then start your app from it'),
      use: vscode.l10n.t('Paste them into a terminal (bash, zsh), then start your app from that terminal.'),
    },
    dotenv: {
      label: vscode.l10n.t('.env file: NAME=value lines'),
      description: vscode.l10n.t('for dotenv, node --env-file, docker --env-file'),
      use: vscode.l10n.t('Paste them into your app’s .env file (keep it out of git).'),
    },
    powershell: {
      label: vscode.l10n.t('PowerShell: $env: lines'),
      description: vscode.l10n.t('paste into a PowerShell terminal, then start your app from it'),
      use: vscode.l10n.t('Paste them into a PowerShell terminal, then start your app from that terminal.'),
    },
  };
}

/**
 * Copies what an app needs to call the local sandbox (the variables terminals get), in the format
 * of where they go (a shell's `export` lines, so `node` sees them too; a `.env` file; PowerShell),
 * after saying which secrets are in it: the app key, and the active sandbox wallet's access token
 * when one is connected (Copy as cURL's $WALLET_ACCESS_TOKEN). Only ever the local sandbox's.
 */
export async function copySandboxSettings(deps: CommandDeps, sandbox: LocalSandbox): Promise<void> {
  const { app } = await deps.accounts.requireAppKey('local');
  const wallet = deps.accounts.activeWallet('local');
  const withToken = wallet !== undefined && wallet.status !== 'disconnected';
  const items = formatItems();
  const format = await deps.ui().pick(
    settingsFormats(process.platform).map((value) => ({ label: items[value].label, description: items[value].description, value })),
    { title: vscode.l10n.t('Copy Sandbox Settings for Your App'), placeholder: vscode.l10n.t('Where will you paste them?') },
  );
  const copy = vscode.l10n.t('Copy Settings');
  const choice = await deps
    .ui()
    .confirm(
      withToken
        ? vscode.l10n.t(
            'The settings include the key of "{0}" and the token of wallet {1}, secrets: anyone who has them can act as both. Copy them?',
            app.name,
            formatMobileForPeople(wallet.mobile),
          )
        : vscode.l10n.t(
            'The settings include the key of "{0}", a secret: anyone who has it can act as your app. Copy them to the clipboard?',
            app.name,
          ),
      { modal: true, level: 'warning' },
      copy,
    );
  if (choice !== copy) return;
  const url = await sandbox.url();
  await vscode.env.clipboard.writeText(settingsText(sandboxVariables(url, await localSandboxSecrets(deps.accounts)), format));
  void deps
    .ui()
    .confirm(vscode.l10n.t('The local sandbox settings for "{0}" are on the clipboard ({1}). {2}', app.name, url, items[format].use), {});
}
