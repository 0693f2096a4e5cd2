import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { UserFacingError } from '../../common/userFacingError';
import type { SandboxClient, ScenarioExport } from '../../sandbox';
import { made, type LocalSandbox } from '../../localSandbox/localSandbox';
import { defaultScenarioUri, DEFAULT_SCENARIO_FILE, findWorkspaceScenario } from '../../localSandbox/workspaceScenario';
import { notify, type SandboxCommandDeps } from './sandboxAccess';

// Save Sandbox as Scenario: the local sandbox's world as a scenario file a teammate or CI loads
// (docs/scenarios.md, "Save the sandbox as a scenario"). The keys written are sandbox keys: they
// open nothing of the real service, and the key linter leaves them alone in a scenario file.

/**
 * The names the contributed schema covers (package.json jsonValidation): such a file gets
 * completion and hovers with no `$schema` at all, and nothing in it sends VS Code to the network.
 */
const SCHEMA_FILE_NAME = /(^|\.)wallet-sandbox\.json$/;
/** Where the sandbox package keeps the schema, for a file of another name in a project that installed it. */
const PACKAGE_SCHEMA = ['node_modules', 'wallet-sandbox', 'scenario.schema.json'];

/**
 * The apps' sandbox keys this editor holds (Create App kept them in secret storage), written where
 * the sandbox could not (it keeps only hashes). Answers the names of the apps still without one.
 */
async function fillSandboxKeys(deps: SandboxCommandDeps, saved: ScenarioExport): Promise<string[]> {
  const missing: string[] = [];
  for (const app of saved.apps) {
    if (app.sandboxKey) continue;
    const sandboxKey = await deps.accounts.localSandboxKey(app.id);
    const at = /^developers\[(\d+)\]\.apps\[(\d+)\]$/.exec(app.path);
    const written = at && saved.scenario.developers?.[Number(at[1])]?.apps?.[Number(at[2])];
    if (sandboxKey && written) {
      written.sandboxKey = sandboxKey;
      app.sandboxKey = true;
    } else {
      missing.push(app.name);
    }
  }
  return missing;
}

export async function saveSandboxAsScenario(deps: SandboxCommandDeps, target?: unknown): Promise<void> {
  const saved = await (await deps.watch.instance()).snapshot();
  const missingKeys = await fillSandboxKeys(deps, saved);
  let uri = target instanceof vscode.Uri ? target : undefined;
  if (!uri) {
    uri = await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Save Sandbox as Scenario'),
      defaultUri: defaultScenarioUri() ?? vscode.Uri.joinPath(vscode.Uri.file(os.homedir()), DEFAULT_SCENARIO_FILE),
      filters: { JSON: ['json'] },
    });
    if (!uri) return;
  }
  const schema = await schemaFor(uri);
  const file = { ...(schema ? { $schema: schema } : {}), ...saved.scenario };
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(`${JSON.stringify(file, null, 2)}\n`));
  const apps = saved.apps.length;
  const wallets = saved.scenario.wallets?.length ?? 0;
  deps.logger.info(`Saved the local sandbox as a scenario: ${uri.fsPath} (${made(apps, 'app')}, ${made(wallets, 'wallet')}).`);
  for (const note of saved.notes) deps.logger.info(`Save Sandbox as Scenario: ${note}`);
  await vscode.window.showTextDocument(uri, { preview: false });
  notify(deps, savedSentence(vscode.workspace.asRelativePath(uri, false), saved.sandboxPasswords, missingKeys, schema !== false));
}

/**
 * The `$schema` to write: none where the contributed schema applies by the file's name, a path to
 * the installed package's schema otherwise when there is one; false when the file gets no schema.
 */
async function schemaFor(uri: vscode.Uri): Promise<string | undefined | false> {
  if (SCHEMA_FILE_NAME.test(path.basename(uri.path))) return undefined;
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return false;
  const schema = vscode.Uri.joinPath(folder.uri, ...PACKAGE_SCHEMA);
  const found = await vscode.workspace.fs.stat(schema).then(
    () => true,
    () => false,
  );
  if (!found) return false;
  const relative = path.posix.relative(path.posix.dirname(uri.path), schema.path);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** What Save Sandbox as Scenario tells: one sentence, with what the file holds that the user did not choose. */
function savedSentence(file: string, passwords: string[], missingKeys: string[], checked: boolean): string {
  const who = passwords.join(', ');
  const apps = missingKeys.join(', ');
  if (passwords.length > 0 && missingKeys.length > 0) {
    return vscode.l10n.t(
      'Saved the sandbox’s world to {0}, where the password of {1} is "wallet-sandbox" and {2} get new app keys when it is loaded.',
      file,
      who,
      apps,
    );
  }
  if (passwords.length > 0) {
    return vscode.l10n.t(
      'Saved the sandbox’s world to {0}, where the password of {1} is "wallet-sandbox" (the sandbox knows passwords only by their hash).',
      file,
      who,
    );
  }
  if (missingKeys.length > 0) {
    return vscode.l10n.t(
      'Saved the sandbox’s world to {0}, where {1} get new app keys when it is loaded (this editor does not hold theirs).',
      file,
      apps,
    );
  }
  return checked
    ? vscode.l10n.t('Saved the sandbox’s world to {0}.', file)
    : vscode.l10n.t('Saved the sandbox’s world to {0}; a name ending in wallet-sandbox.json gives it completion and checks.', file);
}

/** What the reset replaces, and who stays connected: the modal's second line. */
function resetDetail(withScenario: boolean): string {
  return [
    withScenario
      ? vscode.l10n.t(
          'Every wallet, balance, transaction, developer, app and webhook event of the local sandbox is replaced by the file’s world.',
        )
      : vscode.l10n.t(
          'Every wallet, balance, transaction, developer, app and webhook event of the local sandbox is replaced by a new seeded world.',
        ),
    vscode.l10n.t(
      'A connected wallet the new world also has stays connected: its next call renews its token (as your webhook handler does).',
    ),
    vscode.l10n.t(
      'Other wallets must sign in again (Connect Wallet), and app keys this editor keeps for the local sandbox may stop working.',
    ),
    vscode.l10n.t('To keep the current world, Save Sandbox as Scenario first.'),
  ].join(' ');
}

/**
 * Reset Sandbox to Scenario: the local sandbox's world replaced by the workspace's scenario (a
 * new seeded world without one). It moves no money, but it discards the world: a modal whose
 * default (Enter, the first button) keeps it.
 */
export async function resetSandboxToScenario(deps: SandboxCommandDeps, sandbox: LocalSandbox): Promise<void> {
  const scenario = await findWorkspaceScenario();
  const keep = vscode.l10n.t('Keep Current World');
  const reset = vscode.l10n.t('Reset Sandbox');
  const answer = await deps.ui().confirm(
    scenario
      ? vscode.l10n.t('Reset the local sandbox to {0}?', scenario.label)
      : vscode.l10n.t('Reset the local sandbox to a new world? The workspace has no scenario file.'),
    {
      modal: true,
      level: 'warning',
      detail: resetDetail(scenario !== undefined),
    },
    keep,
    reset,
  );
  if (answer !== reset) return;
  let client: SandboxClient;
  const listening = sandbox.listening;
  if (listening && !listening.server.here) {
    // Another process serves it: its world goes back to the scenario that process started with.
    client = await sandbox.instance();
  } else {
    // Started again here, so the world it goes back to is the file as it is now.
    // Quietly: the notice is this command's, not the start's ("kept its saved world" would say the opposite).
    client = await sandbox.restart({ quiet: true });
    const outcome = sandbox.scenarioOutcome;
    if (scenario && outcome?.kind === 'invalid') {
      throw new UserFacingError(
        vscode.l10n.t(
          'The local sandbox was not reset: {0} is not a valid scenario ({1}{2}). Fix the file and try again.',
          scenario.label,
          outcome.path ? `${outcome.path}: ` : '',
          outcome.problem,
        ),
      );
    }
  }
  await client.reset();
  const elsewhere = !client.server.here;
  const served = elsewhere ? ` (served by process ${client.server.pid}, in the world it started with)` : '';
  deps.logger.info(`Reset the local sandbox${scenario ? ` to ${scenario.label}` : ''}${served}.`);
  notify(
    deps,
    elsewhere
      ? vscode.l10n.t('The local sandbox was reset to the world process {0} started it with.', client.server.pid)
      : scenario
        ? vscode.l10n.t('The local sandbox was reset to {0}.', scenario.label)
        : vscode.l10n.t('The local sandbox was reset to a new world.'),
  );
}
