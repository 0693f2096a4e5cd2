import * as vscode from 'vscode';

/** Whether a file or folder is there (any file system VS Code knows: local, remote, virtual). */
export async function uriExists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
