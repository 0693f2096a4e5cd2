// Reads, for a file in the workspace, the .gitignore files that decide whether git sees it.
import * as vscode from 'vscode';
import { gitignoreFolders, isIgnored, type GitignoreFile } from './gitignoreRules';

/** The file's workspace folder and its slash-separated path there, or undefined outside every folder. */
export function workspacePath(uri: vscode.Uri): { folder: vscode.WorkspaceFolder; relativePath: string } | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder || uri.scheme !== folder.uri.scheme) return undefined;
  const relativePath = uri.path.slice(folder.uri.path.replace(/\/$/, '').length + 1);
  return relativePath ? { folder, relativePath } : undefined;
}

/** Whether git would ignore `uri`, from the .gitignore files on disk (saved rules are what git reads). */
export async function isGitIgnored(uri: vscode.Uri): Promise<boolean | undefined> {
  const place = workspacePath(uri);
  if (!place) return undefined;
  const files: GitignoreFile[] = [];
  for (const folder of gitignoreFolders(place.relativePath)) {
    const gitignore = vscode.Uri.joinPath(place.folder.uri, folder, '.gitignore');
    try {
      files.push({ folder, rules: new TextDecoder().decode(await vscode.workspace.fs.readFile(gitignore)) });
    } catch {
      // No .gitignore in this folder.
    }
  }
  return isIgnored(place.relativePath, files);
}
