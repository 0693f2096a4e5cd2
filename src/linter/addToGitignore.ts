// Adds a file to the .gitignore at its workspace folder's root, creating it if missing. Git
// reads the file on disk, so the line is written there (or, when the .gitignore has unsaved
// edits in an editor, added to them and saved, so neither is lost).
import * as vscode from 'vscode';
import { workspacePath } from './gitignoreFiles';
import { gitignoreEntry } from './gitignoreRules';

/** `text` with `entry` as a line of its own, in the text's line endings; unchanged when it is one already. */
function withLine(text: string, entry: string): string {
  if (text.split(/\r?\n/).includes(entry)) return text;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const separator = text === '' || text.endsWith('\n') ? '' : eol;
  return `${text}${separator}${entry}${eol}`;
}

export async function addToGitignore(target: unknown): Promise<void> {
  const uri = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
  const place = uri && workspacePath(uri);
  if (!place) throw new Error(vscode.l10n.t('Only a file inside a workspace folder can be added to its .gitignore.'));
  const gitignore = vscode.Uri.joinPath(place.folder.uri, '.gitignore');
  const entry = gitignoreEntry(place.relativePath);

  const editing = vscode.workspace.textDocuments.find((document) => document.uri.toString() === gitignore.toString() && document.isDirty);
  if (editing) {
    const text = editing.getText();
    const edit = new vscode.WorkspaceEdit();
    edit.replace(gitignore, new vscode.Range(editing.positionAt(0), editing.positionAt(text.length)), withLine(text, entry));
    await vscode.workspace.applyEdit(edit);
    await editing.save();
    return;
  }
  let text = '';
  try {
    text = new TextDecoder().decode(await vscode.workspace.fs.readFile(gitignore));
  } catch {
    // No .gitignore yet: this creates it.
  }
  const updated = withLine(text, entry);
  if (updated !== text || text === '') await vscode.workspace.fs.writeFile(gitignore, new TextEncoder().encode(updated));
}
