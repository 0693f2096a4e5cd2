// Adds a file to the .gitignore at its workspace folder's root (creating it), and saves it:
// git reads the file on disk, so an unsaved rule would protect nothing.
import * as vscode from 'vscode';
import { workspacePath } from './gitignoreFiles';
import { gitignoreEntry } from './gitignoreRules';

export async function addToGitignore(target: unknown): Promise<void> {
  const uri = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
  const place = uri && workspacePath(uri);
  if (!place) throw new Error(vscode.l10n.t('Only a file inside a workspace folder can be added to its .gitignore.'));
  const gitignore = vscode.Uri.joinPath(place.folder.uri, '.gitignore');
  const create = new vscode.WorkspaceEdit();
  create.createFile(gitignore, { ignoreIfExists: true });
  await vscode.workspace.applyEdit(create);
  const document = await vscode.workspace.openTextDocument(gitignore);
  const text = document.getText();
  const entry = gitignoreEntry(place.relativePath);
  if (!text.split(/\r?\n/).includes(entry)) {
    const separator = text === '' || text.endsWith('\n') ? '' : document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
    const edit = new vscode.WorkspaceEdit();
    edit.insert(gitignore, document.positionAt(text.length), `${separator}${entry}\n`);
    await vscode.workspace.applyEdit(edit);
  }
  await document.save();
}
