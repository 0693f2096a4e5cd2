// After each test file, the host must be as the run found it: the environment, every Wallet
// Console setting, no panel left open. A file that leaves something behind fails there (its
// "after all" hook names what), and the host is put back, so the file after it starts clean and
// is not the one that fails for it.
import * as assert from 'node:assert/strict';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { PANEL_VIEW_TYPE } from '../../../src/webview/protocol';
import { activateExtension, EXTENSION_ID } from './extension';

const SECTION = 'walletConsole';
type Scope = 'globalValue' | 'workspaceValue';
const SCOPES: [Scope, vscode.ConfigurationTarget][] = [
  ['globalValue', vscode.ConfigurationTarget.Global],
  ['workspaceValue', vscode.ConfigurationTarget.Workspace],
];

/** Every setting Wallet Console contributes, by its key under walletConsole. */
function settingKeys(): string[] {
  const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as
    { contributes?: { configuration?: { properties?: object } | { properties?: object }[] } } | undefined;
  const sections = [manifest?.contributes?.configuration ?? []].flat();
  return sections.flatMap((section) => Object.keys(section.properties ?? {})).map((key) => key.slice(SECTION.length + 1));
}

type Snapshot = Map<string, Partial<Record<Scope, unknown>>>;

/** Each setting's value in each scope; a value equal to the default reads as unset (setting `local` is no change). */
function snapshotSettings(keys: string[]): Snapshot {
  const config = vscode.workspace.getConfiguration(SECTION);
  const unlessDefault = (value: unknown, defaultValue: unknown) =>
    JSON.stringify(value) === JSON.stringify(defaultValue) ? undefined : value;
  return new Map(
    keys.map((key) => {
      const seen = config.inspect(key);
      const values = Object.fromEntries(SCOPES.map(([scope]) => [scope, unlessDefault(seen?.[scope], seen?.defaultValue)]));
      return [key, values];
    }),
  );
}

/** The settings that differ from `start`, each put back as it was. */
async function restoreSettings(start: Snapshot): Promise<string[]> {
  const now = snapshotSettings([...start.keys()]);
  const changed: string[] = [];
  for (const [key, was] of start) {
    for (const [scope, target] of SCOPES) {
      if (JSON.stringify(now.get(key)?.[scope]) === JSON.stringify(was[scope])) continue;
      changed.push(`setting ${SECTION}.${key} (${scope}): ${JSON.stringify(now.get(key)?.[scope])}, was ${JSON.stringify(was[scope])}`);
      await vscode.workspace.getConfiguration(SECTION).update(key, was[scope], target);
    }
  }
  return changed;
}

/** Open tabs of the detail panel, closed. */
async function closePanels(): Promise<string[]> {
  const panels = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(PANEL_VIEW_TYPE));
  if (panels.length > 0) await vscode.window.tabGroups.close(panels);
  return panels.map((tab) => `the panel "${tab.label}" left open`);
}

/** What the file left behind, each put back; empty when it left nothing. */
async function putBack(start: Snapshot): Promise<string[]> {
  const left = await restoreSettings(start);
  const api = await activateExtension();
  if (api.accounts.env() !== 'local') left.push(`the environment: ${api.accounts.env()}`);
  if (api.accounts.env() !== 'local') await api.accounts.switchEnvironment('local');
  left.push(...(await closePanels()));
  return left;
}

/** Adds the check to every top-level suite of the run (each test file has one), as each file loads. */
export function checkWhatEachFileLeaves(root: Mocha.Suite): void {
  let start: Snapshot | undefined;
  root.beforeAll('take the host as the run found it', async () => {
    await activateExtension();
    start = snapshotSettings(settingKeys());
  });
  const checked = new Set<Mocha.Suite>();
  root.on(Mocha.Suite.constants.EVENT_FILE_POST_REQUIRE, () => {
    for (const suite of root.suites.filter((each) => !checked.has(each))) {
      checked.add(suite);
      suite.afterAll('leaves the host as it found it (the environment, the settings, the panel)', async () => {
        const left = await putBack(start!);
        assert.deepEqual(left, [], `${suite.title} left behind: ${left.join('; ')}`);
      });
    }
  });
}
