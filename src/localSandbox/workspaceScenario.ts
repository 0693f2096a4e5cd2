import * as path from 'node:path';
import * as vscode from 'vscode';

// The workspace's scenario file: `wallet-sandbox.json` at a workspace folder's root, or the file
// `walletConsole.sandbox.scenarioFile` names (relative to the folder, or absolute). The local
// sandbox starts in its world (docs/scenarios.md, "In the editor").

export const DEFAULT_SCENARIO_FILE = 'wallet-sandbox.json';

/** A scenario file found in the workspace: where it is, and how to name it to a person. */
export interface WorkspaceScenario {
  uri: vscode.Uri;
  /** Relative to its workspace folder when it is in one (`wallet-sandbox.json`), else the path. */
  label: string;
}

/** The setting of a folder ('' means: no scenario there). */
function scenarioSetting(folder: vscode.WorkspaceFolder): string {
  return vscode.workspace.getConfiguration('walletConsole', folder.uri).get<string>('sandbox.scenarioFile', DEFAULT_SCENARIO_FILE).trim();
}

/** Where a new scenario is saved by default: the setting's file in the first folder. */
export function defaultScenarioUri(): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return undefined;
  const name = scenarioSetting(folder) || DEFAULT_SCENARIO_FILE;
  return path.isAbsolute(name) ? vscode.Uri.file(name) : vscode.Uri.joinPath(folder.uri, name);
}

/** The first folder's scenario file that exists (only local files: the sandbox reads it from disk). */
export async function findWorkspaceScenario(): Promise<WorkspaceScenario | undefined> {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (folder.uri.scheme !== 'file') continue;
    const name = scenarioSetting(folder);
    if (!name) continue;
    const uri = path.isAbsolute(name) ? vscode.Uri.file(name) : vscode.Uri.joinPath(folder.uri, name);
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.type & vscode.FileType.File) return { uri, label: vscode.workspace.asRelativePath(uri, false) };
    } catch {
      // Not there: the next folder's.
    }
  }
  return undefined;
}

/** What the start did with the workspace's scenario, for the notices (scenarioNotices.ts). */
export type ScenarioOutcome =
  /** The world was made from it (a new state file). */
  | { kind: 'loaded'; scenario: WorkspaceScenario; apps: number; wallets: number }
  /** The state file had a world already: kept (Reset Sandbox to Scenario replaces it). */
  | { kind: 'kept'; scenario: WorkspaceScenario }
  /** Another process serves the sandbox, in the world it started with. */
  | { kind: 'elsewhere'; scenario: WorkspaceScenario; pid: number }
  /** The file is not a valid scenario: the sandbox started without it. */
  | { kind: 'invalid'; scenario: WorkspaceScenario; path: string; problem: string };

/** A ScenarioError from the sandbox's bundle (another module instance: matched by its name and fields). */
export function asScenarioError(error: unknown): { path: string; problem: string } | undefined {
  if (!(error instanceof Error) || error.name !== 'ScenarioError') return undefined;
  const { path: at, problem } = error as Error & { path?: unknown; problem?: unknown };
  return typeof at === 'string' && typeof problem === 'string' ? { path: at, problem } : undefined;
}
