// The key linter in a real extension host, on the fixture files the runner copies into the
// workspace folder (test/host/fixtures/workspace): diagnostics on open and on change, the
// .env file git does not ignore, each quick fix applied, the setting, and an audit that no
// message or fix title carries a key.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { filesBelow } from './support/diskFiles';
import { activateExtension, EXTENSION_ID, revert, setSetting } from './support/extension';
import { waitFor } from './support/waitFor';

/** The made-up keys in the fixture files. */
const KEYS = {
  commentSandbox: 'sk_test_9003bf4ea34871061a7503ed67b42f60',
  tsProduction: 'pk_live_520004eb502e54d3a316ec358d5e2999',
  splitHalves: ['pk_live_7a5403126ecd9d67', 'fc3a85ab771647e3'],
  pySandbox: 'sk_test_599468a38cbe958b906c4107089bbb20',
  shProduction: 'pk_live_546c9eb76b5ea91974585d2ad0f6ba42',
  envSandbox: 'sk_test_4fb8e4b8ab035055ec68648fe9471c62',
};
const ALL_KEYS = [KEYS.commentSandbox, KEYS.tsProduction, KEYS.pySandbox, KEYS.shProduction, KEYS.envSandbox];

function folder(): vscode.Uri {
  const [first] = vscode.workspace.workspaceFolders ?? [];
  assert.ok(first, 'the host tests run with a workspace folder');
  return first.uri;
}

function fixture(relative: string): vscode.Uri {
  return vscode.Uri.joinPath(folder(), relative);
}

function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === 'Wallet Console');
}

/** Waits for this file's Wallet Console diagnostics to satisfy `ready`; returns them. */
async function diagnostics(uri: vscode.Uri, ready: (found: vscode.Diagnostic[]) => boolean, what: string): Promise<vscode.Diagnostic[]> {
  return waitFor(
    () => `${what} in ${path.basename(uri.path)}; have: ${JSON.stringify(ours(uri).map(summary))}; ${documentState(uri)}`,
    () => {
      const found = ours(uri);
      return ready(found) && found;
    },
  );
}

/** What the editor holds for `uri`, for a wait's failure: whether the linter had a document to check. */
function documentState(uri: vscode.Uri): string {
  const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri.toString());
  if (!document) return 'no open document';
  const keys = ALL_KEYS.filter((key) => document.getText().includes(key)).length;
  return `open document: version ${document.version}, ${document.isDirty ? 'dirty' : 'saved'}, ${keys} fixture key(s) in its text`;
}

function summary(diagnostic: vscode.Diagnostic) {
  return { code: diagnostic.code, severity: vscode.DiagnosticSeverity[diagnostic.severity], line: diagnostic.range.start.line };
}

async function open(relative: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(fixture(relative));
  await vscode.window.showTextDocument(document);
  return document;
}

async function quickFixes(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): Promise<vscode.CodeAction[]> {
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
    'vscode.executeCodeActionProvider',
    document.uri,
    diagnostic.range,
    vscode.CodeActionKind.QuickFix.value,
  );
  // Ours by title (other extensions may offer fixes too; the command API drops `diagnostics`).
  const mine = actions.filter((action) => /WALLET_APP_KEY|\.gitignore/.test(action.title));
  assert.ok(mine.length > 0, `Wallet Console quick fixes among ${JSON.stringify(actions.map((action) => action.title))}`);
  return mine;
}

/** Applies a quick fix the way the light bulb does: its edit, then its command. */
async function apply(action: vscode.CodeAction): Promise<void> {
  if (action.edit) assert.ok(await vscode.workspace.applyEdit(action.edit), `applied: ${action.title}`);
  if (action.command) await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
}

const seenTexts: string[] = [];
function remember(found: vscode.Diagnostic[], actions: vscode.CodeAction[] = []): void {
  seenTexts.push(...found.map((diagnostic) => diagnostic.message), ...actions.map((action) => action.title));
}

describe('Key linter (fixture files in the workspace)', function () {
  this.timeout(120_000);

  /** Each fixture the runner copies into the workspace folder, as the repository has it. */
  const originals = new Map<string, string>();

  before(async () => {
    await activateExtension();
    await setSetting('keyLinter.enabled', undefined);
    const repository = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'test', 'host', 'fixtures', 'workspace');
    for (const file of await filesBelow(repository)) originals.set(path.relative(repository, file), await fs.readFile(file, 'utf8'));
    assert.ok(originals.has('deploy.sh'), `the fixtures are read from ${repository}`);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fs.rm(fixture('.gitignore').fsPath, { force: true });
  });

  // The quick fixes edit open documents only; a fixture changed on disk (VS Code saving an edit by
  // itself) would change what every later test opens.
  afterEach(async () => {
    for (const [relative, original] of originals)
      assert.equal(await fs.readFile(fixture(relative).fsPath, 'utf8'), original, `${relative} on disk is as the repository has it`);
  });

  it('flags the production key (error) and the key in a comment (warning), not the key split across lines', async () => {
    const document = await open('src/payments.ts');
    const found = await diagnostics(document.uri, (list) => list.length >= 2, 'two key diagnostics');
    remember(found);
    const text = document.getText();
    assert.deepEqual(
      found.map((diagnostic) => [document.getText(diagnostic.range), diagnostic.severity, diagnostic.code]),
      [
        [KEYS.commentSandbox, vscode.DiagnosticSeverity.Warning, 'sandbox-key'],
        [KEYS.tsProduction, vscode.DiagnosticSeverity.Error, 'production-key'],
      ],
    );
    assert.ok(text.includes(KEYS.splitHalves[0]!) && text.includes(KEYS.splitHalves[1]!), 'the split key is in the fixture');
    assert.ok(found[1]!.message.includes('pk_live_…2999'), `the message names the key masked: ${found[1]!.message}`);
  });

  it('flags a key typed into a document once the typing pauses, and clears it when it is gone', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'javascript', content: 'const a = 1;\n' });
    await vscode.window.showTextDocument(document);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(1, 0), `const key = "${KEYS.tsProduction}";\n`);
    await vscode.workspace.applyEdit(edit);
    const [found] = await diagnostics(document.uri, (list) => list.length === 1, 'the typed key');
    assert.equal(found!.range.start.line, 1);
    const removal = new vscode.WorkspaceEdit();
    removal.delete(document.uri, new vscode.Range(1, 0, 2, 0));
    await vscode.workspace.applyEdit(removal);
    await diagnostics(document.uri, (list) => list.length === 0, 'no diagnostic after the key was deleted');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('quick fix (TypeScript): reads the key from process.env.WALLET_APP_KEY', async () => {
    const document = await open('src/payments.ts');
    const [, production] = await diagnostics(document.uri, (list) => list.length === 2, 'two key diagnostics');
    const actions = await quickFixes(document, production!);
    remember([], actions);
    const fix = actions.find((action) => action.title.includes('process.env.WALLET_APP_KEY'));
    assert.ok(fix, `a process.env fix among ${JSON.stringify(actions.map((action) => action.title))}`);
    await apply(fix);
    assert.ok(document.getText().includes('export const appKey = process.env.WALLET_APP_KEY;'), document.getText());
    assert.equal(document.getText().includes(KEYS.tsProduction), false);
    await diagnostics(document.uri, (list) => list.length === 1 && list[0]!.code === 'sandbox-key', 'only the comment key left');
    // The key in the comment becomes the placeholder (a comment reads no variable).
    const [comment] = ours(document.uri);
    const [placeholder] = await quickFixes(document, comment!);
    assert.ok(placeholder?.title.includes('${WALLET_APP_KEY}'), placeholder?.title);
    await apply(placeholder!);
    assert.ok(document.getText().includes('// The old sandbox key, left in a comment: ${WALLET_APP_KEY}'), document.getText());
    await diagnostics(document.uri, (list) => list.length === 0, 'no key left');
    await revert(document);
  });

  it('quick fix (Python): reads the key from os.environ, adding import os after the docstring', async () => {
    const document = await open('app.py');
    const [found] = await diagnostics(document.uri, (list) => list.length === 1, 'the Python key');
    assert.equal(found!.severity, vscode.DiagnosticSeverity.Warning);
    const actions = await quickFixes(document, found!);
    remember([found!], actions);
    const fix = actions.find((action) => action.title.includes('os.environ["WALLET_APP_KEY"]'));
    assert.ok(fix, JSON.stringify(actions.map((action) => action.title)));
    await apply(fix);
    assert.equal(
      document.getText(),
      [
        '"""Fixture for test/host/keyLinter.test.ts: a sandbox key in Python (made up)."""',
        'import os',
        '',
        'SANDBOX_KEY = os.environ["WALLET_APP_KEY"]',
        '',
      ].join('\n'),
    );
    await diagnostics(document.uri, (list) => list.length === 0, 'no key left');
    await revert(document);
  });

  it('quick fix (other languages): writes the placeholder ${WALLET_APP_KEY}', async () => {
    const document = await open('deploy.sh');
    const [found] = await diagnostics(document.uri, (list) => list.length === 1, 'the shell key');
    assert.equal(found!.severity, vscode.DiagnosticSeverity.Error);
    const actions = await quickFixes(document, found!);
    remember([found!], actions);
    assert.equal(actions.length, 1, JSON.stringify(actions.map((action) => action.title)));
    await apply(actions[0]!);
    assert.ok(document.getText().includes('export WALLET_APP_KEY=${WALLET_APP_KEY}\n'), document.getText());
    await diagnostics(document.uri, (list) => list.length === 0, 'no key left');
    await revert(document);
  });

  it('warns when a .env file holding a key is not git-ignored; the quick fix adds it to a new .gitignore', async () => {
    await fs.rm(fixture('.gitignore').fsPath, { force: true });
    const document = await open('.env');
    const [found] = await diagnostics(document.uri, (list) => list.length === 1, 'the not-ignored warning');
    assert.equal(found!.code, 'env-not-ignored');
    assert.equal(found!.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(document.getText(found!.range), KEYS.envSandbox);
    const actions = await quickFixes(document, found!);
    remember([found!], actions);
    assert.deepEqual(
      actions.map((action) => action.title),
      ['Add .env to .gitignore'],
      'in a .env file there is nothing to replace',
    );
    await apply(actions[0]!);
    assert.equal(await fs.readFile(fixture('.gitignore').fsPath, 'utf8'), '/.env\n', 'a saved .gitignore at the folder root');
    await diagnostics(document.uri, (list) => list.length === 0, 'no warning once ignored');

    // Rules that stop covering it bring the warning back (read from disk, through the watcher).
    await fs.writeFile(fixture('.gitignore').fsPath, 'node_modules/\n');
    await diagnostics(document.uri, (list) => list.length === 1, 'the warning back');
    // Adding to an existing .gitignore appends one line.
    await apply((await quickFixes(document, ours(document.uri)[0]!))[0]!);
    assert.equal(await fs.readFile(fixture('.gitignore').fsPath, 'utf8'), 'node_modules/\n/.env\n');
    await diagnostics(document.uri, (list) => list.length === 0, 'no warning once ignored again');

    // A .gitignore with unsaved edits in an editor: the line joins them and both are saved.
    await fs.writeFile(fixture('.gitignore').fsPath, 'node_modules/\n');
    await diagnostics(document.uri, (list) => list.length === 1, 'the warning back again');
    const gitignore = await vscode.workspace.openTextDocument(fixture('.gitignore'));
    const unsaved = new vscode.WorkspaceEdit();
    unsaved.insert(gitignore.uri, new vscode.Position(0, 0), 'dist/\n');
    await vscode.workspace.applyEdit(unsaved);
    assert.equal(gitignore.isDirty, true);
    await apply((await quickFixes(document, ours(document.uri)[0]!))[0]!);
    assert.equal(gitignore.isDirty, false, 'saved');
    assert.equal(await fs.readFile(fixture('.gitignore').fsPath, 'utf8'), 'dist/\nnode_modules/\n/.env\n');
    await diagnostics(document.uri, (list) => list.length === 0, 'no warning once saved');
  });

  it('reads the rules of the repository the file is in: a nested repository does not use the outer .gitignore', async () => {
    const nested = fixture('nested');
    await fs.mkdir(path.join(nested.fsPath, '.git'), { recursive: true });
    await fs.writeFile(path.join(nested.fsPath, '.env'), `WALLET_APP_KEY=${KEYS.envSandbox}\n`);
    await fs.writeFile(fixture('.gitignore').fsPath, '.env\n');
    try {
      const document = await open('nested/.env');
      const found = await diagnostics(
        document.uri,
        (list) => list.length === 1,
        'the warning: the outer rule does not reach into the nested repository',
      );
      remember(found);
      await fs.writeFile(path.join(nested.fsPath, '.gitignore'), '.env\n');
      await diagnostics(document.uri, (list) => list.length === 0, "no warning once the nested repository's .gitignore covers it");
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    } finally {
      await fs.rm(nested.fsPath, { recursive: true, force: true });
    }
  });

  it('checks a .env-style file written to disk without opening it', async () => {
    // In a folder that exists already: a file written right after its folder was created can
    // come before the watcher watches the new folder (inotify), and no event is sent for it.
    const staging = fixture('src/staging.env');
    await fs.writeFile(staging.fsPath, `WALLET_APP_KEY=${KEYS.shProduction}\n`);
    try {
      const [found] = await diagnostics(staging, (list) => list.length === 1, 'the warning on a file never opened');
      remember([found!]);
      assert.equal(found!.code, 'env-not-ignored');
      await fs.writeFile(staging.fsPath, 'WALLET_APP_KEY=\n');
      await diagnostics(staging, (list) => list.length === 0, 'no warning once the key is gone');
    } finally {
      await fs.rm(staging.fsPath, { force: true });
    }
  });

  it('turns off with walletConsole.keyLinter.enabled and back on', async () => {
    const document = await open('deploy.sh');
    await diagnostics(document.uri, (list) => list.length === 1, 'the shell key');
    try {
      await setSetting('keyLinter.enabled', false);
      await diagnostics(document.uri, (list) => list.length === 0, 'nothing while turned off');
      // The linter still looks at an edited document once its debounce ends; turned off, it clears
      // the document's diagnostics (an event naming the document) instead of checking it. That event
      // bounds the check below.
      let looked = false;
      const listener = vscode.languages.onDidChangeDiagnostics((event) => {
        if (event.uris.some((uri) => uri.toString() === document.uri.toString())) looked = true;
      });
      const edit = new vscode.WorkspaceEdit();
      edit.insert(document.uri, new vscode.Position(0, 0), `# ${KEYS.tsProduction}\n`);
      try {
        await vscode.workspace.applyEdit(edit);
        await waitFor('the linter to look at the edit', () => looked);
      } finally {
        listener.dispose();
      }
      assert.deepEqual(ours(document.uri), [], 'an edit while turned off is not checked');
    } finally {
      await setSetting('keyLinter.enabled', undefined);
    }
    await diagnostics(document.uri, (list) => list.length === 2, 'both keys once turned back on');
    await revert(document);
  });

  it('secret audit: no message or quick-fix title carries a key, and the log names none', async () => {
    assert.ok(seenTexts.length >= 10, `the tests above collected the linter's texts (${seenTexts.length})`);
    const bodies = ALL_KEYS.map((key) => key.slice(8, 36));
    const leaks = seenTexts.filter((text) => bodies.some((body) => text.includes(body)));
    assert.deepEqual(leaks, []);
    const api = await activateExtension();
    const logs = await fs.readdir(api.storagePaths.logs, { recursive: true, encoding: 'utf8' }).catch(() => [] as string[]);
    for (const file of logs) {
      const content = await fs.readFile(path.join(api.storagePaths.logs, file), 'utf8').catch(() => '');
      for (const body of bodies) assert.equal(content.includes(body), false, `a key in the log file ${file}`);
    }
  });
});
