// Reads, for a file in the workspace, the .gitignore files that decide whether git sees it.
import * as vscode from 'vscode';
import { uriExists } from '../common/uriExists';
import { gitignoreFolders, isIgnored, type GitignoreFile } from './gitignoreRules';

/** The file's workspace folder and its slash-separated path there, or undefined outside every folder. */
export function workspacePath(uri: vscode.Uri): { folder: vscode.WorkspaceFolder; relativePath: string } | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder || uri.scheme !== folder.uri.scheme) return undefined;
  const relativePath = relativeTo(folder.uri, uri);
  return relativePath ? { folder, relativePath } : undefined;
}

function relativeTo(root: vscode.Uri, uri: vscode.Uri): string {
  return uri.path.slice(root.path.replace(/\/$/, '').length + 1);
}

/**
 * Where git's rules for `uri` start: the nearest folder above it holding `.git` (the workspace
 * folder may sit inside a repository, or hold a nested one), else the workspace folder (no
 * repository yet: its .gitignore will apply once there is one).
 */
async function rulesRoot(uri: vscode.Uri, folder: vscode.Uri): Promise<vscode.Uri> {
  for (let dir = vscode.Uri.joinPath(uri, '..'); ;) {
    if (await uriExists(vscode.Uri.joinPath(dir, '.git'))) return dir;
    const parent = vscode.Uri.joinPath(dir, '..');
    if (parent.path === dir.path) return folder;
    dir = parent;
  }
}

/** Whether git would ignore `uri`, from the .gitignore files on disk (saved rules are what git reads). */
export async function isGitIgnored(uri: vscode.Uri): Promise<boolean | undefined> {
  const place = workspacePath(uri);
  if (!place) return undefined;
  const files: GitignoreFile[] = [];
  const root = await rulesRoot(uri, place.folder.uri);
  const relativePath = relativeTo(root, uri);
  for (const folder of gitignoreFolders(relativePath)) {
    try {
      const rules = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root, folder, '.gitignore')));
      files.push({ folder, rules });
    } catch {
      // No .gitignore in this folder.
    }
  }
  return isIgnored(relativePath, files);
}
