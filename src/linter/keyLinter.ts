// Keeps the key diagnostics current: open documents on open and (debounced) on change, and
// .env-style files when they change on disk or their .gitignore rules do. Nothing is scanned
// at start-up beyond the documents already open (just after activation), and nothing leaves
// this machine.
import * as vscode from 'vscode';
import { Disposable, toDisposable } from '../common/lifecycle';
import { ENV_FILE_NAMES, isEnvFileName } from './envFiles';
import { isGitIgnored } from './gitignoreFiles';
import { envFileDiagnostics, keyDiagnostics, type TextSource } from './keyDiagnostics';
import { findKeys } from './keyScanner';

export const KEY_LINTER_SETTING = 'keyLinter.enabled';
/** Typing pauses this long before a changed document is checked again. */
export const CHANGE_DEBOUNCE_MS = 300;
/** The .env-style files and the .gitignore files that say whether they are ignored. */
const WATCHED_FILES = `**/{${ENV_FILE_NAMES},.gitignore}`;
/** Documents of other schemes (output, git history, diff views) are not the user's files. */
const LINTED_SCHEMES = new Set(['file', 'untitled', 'vscode-remote', 'vscode-userdata', 'vscode-vfs']);

export class KeyLinter extends Disposable {
  private readonly diagnostics = this._register(vscode.languages.createDiagnosticCollection('walletConsole.keys'));
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  /** Bumped per file on each check, so a slow .gitignore read cannot overwrite a newer answer. */
  private readonly generation = new Map<string, number>();

  constructor() {
    super();
    this._register(toDisposable(() => this.pending.forEach((timer) => clearTimeout(timer))));
    this._register(vscode.workspace.onDidOpenTextDocument((document) => void this.check(document)));
    this._register(vscode.workspace.onDidChangeTextDocument((event) => this.schedule(event.document)));
    this._register(vscode.workspace.onDidCloseTextDocument((document) => this.closed(document)));
    this._register(
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (isGitignore(document.uri)) void this.recheckEnvFiles();
      }),
    );
    // One watcher for both kinds of file: each costs the editor a round trip at activation.
    const files = this._register(vscode.workspace.createFileSystemWatcher(WATCHED_FILES));
    const onDisk = (uri: vscode.Uri): void => void (isGitignore(uri) ? this.recheckEnvFiles() : this.checkOnDisk(uri));
    this._register(files.onDidCreate(onDisk));
    this._register(files.onDidChange(onDisk));
    this._register(files.onDidDelete((uri) => (isGitignore(uri) ? void this.recheckEnvFiles() : this.diagnostics.delete(uri))));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`walletConsole.${KEY_LINTER_SETTING}`)) void this.checkAll();
      }),
    );
    // The documents already open are checked just after activation, not during it.
    const first = setImmediate(() => void this.checkAll());
    this._register(toDisposable(() => clearImmediate(first)));
  }

  /** Checks `document` now. */
  private async check(document: vscode.TextDocument): Promise<void> {
    if (!LINTED_SCHEMES.has(document.uri.scheme)) return;
    await this.update(document.uri, document, isEnvFileName(document.uri.path));
  }

  private schedule(document: vscode.TextDocument): void {
    if (!LINTED_SCHEMES.has(document.uri.scheme)) return;
    const key = document.uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        void this.check(document);
      }, CHANGE_DEBOUNCE_MS),
    );
  }

  private closed(document: vscode.TextDocument): void {
    clearTimeout(this.pending.get(document.uri.toString()));
    this.pending.delete(document.uri.toString());
    // A .env file's warning is about the file on disk, which stays; other files' go with the editor.
    if (isEnvFileName(document.uri.path) && document.uri.scheme === 'file') void this.checkOnDisk(document.uri);
    else this.diagnostics.delete(document.uri);
  }

  /** A .env-style file that changed on disk; an open one is checked through its document. */
  private async checkOnDisk(uri: vscode.Uri): Promise<void> {
    if (vscode.workspace.textDocuments.some((document) => document.uri.toString() === uri.toString())) return;
    let text: string;
    try {
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      this.diagnostics.delete(uri);
      return;
    }
    await this.update(uri, textSource(text), true);
  }

  private async recheckEnvFiles(): Promise<void> {
    const open = vscode.workspace.textDocuments.filter((document) => isEnvFileName(document.uri.path));
    const closed: vscode.Uri[] = [];
    this.diagnostics.forEach((uri) => {
      if (isEnvFileName(uri.path) && !open.some((document) => document.uri.toString() === uri.toString())) closed.push(uri);
    });
    await Promise.all([...open.map((document) => this.check(document)), ...closed.map((uri) => this.checkOnDisk(uri))]);
  }

  private async checkAll(): Promise<void> {
    if (!enabled(undefined)) this.diagnostics.clear();
    await Promise.all(vscode.workspace.textDocuments.map((document) => this.check(document)));
  }

  private async update(uri: vscode.Uri, text: TextSource, envFile: boolean): Promise<void> {
    const key = uri.toString();
    const generation = (this.generation.get(key) ?? 0) + 1;
    this.generation.set(key, generation);
    if (!enabled(uri)) {
      this.diagnostics.delete(uri);
      return;
    }
    const found = envFile ? envFileDiagnostics(text, await this.ignoredIfHoldingKey(uri, text)) : keyDiagnostics(text, uri.path);
    if (this.generation.get(key) !== generation || this.isDisposed) return;
    this.diagnostics.set(uri, found);
  }

  /** Reads the .gitignore files only for a file that holds a key. */
  private async ignoredIfHoldingKey(uri: vscode.Uri, text: TextSource): Promise<boolean | undefined> {
    if (findKeys(text.getText()).length === 0) return undefined;
    return isGitIgnored(uri);
  }
}

function enabled(uri: vscode.Uri | undefined): boolean {
  return vscode.workspace.getConfiguration('walletConsole', uri).get<boolean>(KEY_LINTER_SETTING, true);
}

function isGitignore(uri: vscode.Uri): boolean {
  return uri.path.endsWith('/.gitignore');
}

/** A file's text read from disk, with positions as a document would give them. */
function textSource(text: string): TextSource {
  const lineStarts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lineStarts.push(index + 1);
  return {
    getText: () => text,
    positionAt: (offset) => {
      let line = lineStarts.length - 1;
      while (lineStarts[line]! > offset) line--;
      return new vscode.Position(line, offset - lineStarts[line]!);
    },
  };
}
