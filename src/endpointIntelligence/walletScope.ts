// Where the wallet API is: the hosts its calls go to (the environments' base URLs and the local
// sandbox's address), and the files the user marked "not the wallet API". Read from the settings
// on each check, so a change applies at once.
import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import type { CommandRunner } from '../common/commandRunner';
import { invocationKey } from '../common/invocationKey';
import { UserFacingError } from '../common/userFacingError';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import { hostsOf, sandboxHosts, type WalletContext } from './core/walletCall';
import { IGNORED_FILES_SETTING } from './languages';

const ENVIRONMENT_URLS = ['staging.consoleUrl', 'staging.developerUrl', 'production.consoleUrl', 'production.developerUrl'];
const DEFAULT_PORT = 4010;

/** The wallet's hosts from the settings, with the sandbox's configured port and the address it listens on. */
export function walletContext(sandbox: Pick<LocalSandbox, 'listening'>): WalletContext {
  const settings = vscode.workspace.getConfiguration('walletConsole');
  const urls = ENVIRONMENT_URLS.map((key) => settings.get<string>(key, ''));
  const listening = sandbox.listening?.url;
  if (listening) urls.push(listening);
  const port = settings.get<number>('sandbox.port', DEFAULT_PORT);
  return { hosts: [...new Set([...hostsOf(urls), ...sandboxHosts(port), ...sandboxHosts(DEFAULT_PORT)])] };
}

function ignoredGlobs(document: vscode.TextDocument): string[] {
  const globs = vscode.workspace.getConfiguration(undefined, document).get<unknown>(IGNORED_FILES_SETTING, []);
  return Array.isArray(globs) ? globs.filter((glob): glob is string => typeof glob === 'string' && glob.trim() !== '') : [];
}

/** Whether the user marked the document "not the wallet API": a glob of the setting, relative to its workspace folder. */
export function isIgnored(document: vscode.TextDocument): boolean {
  const globs = ignoredGlobs(document);
  if (globs.length === 0) return false;
  const folder = vscode.workspace.getWorkspaceFolder(document.uri);
  return globs.some((glob) => vscode.languages.match({ pattern: folder ? new vscode.RelativePattern(folder, glob) : glob }, document) > 0);
}

/**
 * Adds the document to the ignored files: its path relative to its workspace folder, in that
 * folder's settings (the user's settings, as an absolute path, for a file outside any folder).
 */
export async function ignoreFile(uri: vscode.Uri): Promise<string> {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  const path = folder ? vscode.workspace.asRelativePath(uri, false) : uri.fsPath.replace(/\\/g, '/');
  // Glob characters in a file's name (Next.js's `[id]`) stand for themselves.
  const glob = path.replace(/[[{}*?]/g, '[$&]');
  const settings = vscode.workspace.getConfiguration(undefined, uri);
  const current = settings.inspect<string[]>(IGNORED_FILES_SETTING);
  const target = folder ? vscode.ConfigurationTarget.WorkspaceFolder : vscode.ConfigurationTarget.Global;
  const existing = (folder ? current?.workspaceFolderValue : current?.globalValue) ?? [];
  if (!existing.includes(glob)) await settings.update(IGNORED_FILES_SETTING, [...existing, glob], target);
  return glob;
}

/** The command of the quick fix "Not the wallet API: ignore this file" (its argument: the file's URI). */
export function ignoreFileCommand(runner: Pick<CommandRunner, 'run'>): vscode.Disposable {
  const id = COMMANDS.ignoreFileForEndpoints;
  return vscode.commands.registerCommand(id, (uri: unknown) =>
    runner.run(invocationKey(id, [uri]), vscode.l10n.t('Ignore This File'), async () => {
      if (!(uri instanceof vscode.Uri))
        throw new UserFacingError(vscode.l10n.t('Use this from the quick fix of a Wallet Console warning.'));
      const glob = await ignoreFile(uri);
      vscode.window.setStatusBarMessage(
        vscode.l10n.t('Wallet Console ignores {0}: walletConsole.endpointIntelligence.ignoredFiles.', glob),
        5_000,
      );
    }),
  );
}
