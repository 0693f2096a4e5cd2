import * as os from 'node:os';
import * as vscode from 'vscode';
import type { ScenarioExport } from '../../sandbox';
import { defaultScenarioUri, DEFAULT_SCENARIO_FILE } from '../workspaceScenario';
import { notify, type SandboxCommandDeps } from './sandboxAccess';

// Save Sandbox as Scenario: the local sandbox's world as a scenario file a teammate or CI loads
// (docs/scenarios.md, "Save the sandbox as a scenario"). The keys written are sandbox keys: they
// open nothing of the real service, and the key linter leaves them alone in a scenario file.

/** The schema's published id: VS Code validates wallet-sandbox.json by its name, other tools by this. */
const SCHEMA_ID = 'https://wallet-console.dev/schemas/wallet-sandbox.schema.json';

/**
 * The apps' sandbox keys this editor holds (Create App kept them in secret storage), written where
 * the sandbox could not (it keeps only hashes). Answers the names of the apps still without one.
 */
async function fillSandboxKeys(deps: SandboxCommandDeps, saved: ScenarioExport): Promise<string[]> {
  const missing: string[] = [];
  for (const app of saved.apps) {
    if (app.sandboxKey) continue;
    const sandboxKey = (await deps.accounts.store.appSecrets('local', app.id))?.sandboxKey;
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
  const saved = await (await deps.watch.instance()).scenario();
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
  const file = { $schema: SCHEMA_ID, ...saved.scenario };
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(`${JSON.stringify(file, null, 2)}\n`));
  const apps = saved.apps.length;
  const wallets = saved.scenario.wallets?.length ?? 0;
  deps.logger.info(`Saved the local sandbox as a scenario: ${uri.fsPath} (${apps} apps, ${wallets} wallets).`);
  for (const note of saved.notes) deps.logger.info(`Save Sandbox as Scenario: ${note}`);

  const told = [vscode.l10n.t('Saved the sandbox’s world to {0}.', vscode.workspace.asRelativePath(uri, false))];
  if (saved.sandboxPasswords.length > 0) {
    told.push(
      vscode.l10n.t(
        'The sandbox keeps passwords only as hashes, so {0} sign in there with the password "wallet-sandbox".',
        saved.sandboxPasswords.join(', '),
      ),
    );
  }
  if (missingKeys.length > 0) {
    told.push(vscode.l10n.t('Apps whose key this editor does not hold get new keys when the file is loaded: {0}.', missingKeys.join(', ')));
  }
  notify(deps, told.join(' '));
}
