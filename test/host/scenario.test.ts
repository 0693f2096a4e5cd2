// A scenario file in a real VS Code: the JSON Schema the extension contributes checks
// wallet-sandbox.json as it is typed (VS Code's own JSON language features), and the key linter
// leaves its sandbox keys alone while still flagging a production key.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { activateExtension, revert } from './support/extension';
import { waitFor } from './support/waitFor';

const SANDBOX_KEY = 'sk_test_5c0e4a7d1b2f3e4a5b6c7d8e9f0a1b2c';
const PRODUCTION_KEY = 'pk_live_0f1e2d3c4b5a69788796a5b4c3d2e1f0';

describe('Scenario files in the editor', function () {
  this.timeout(60_000);
  let file: vscode.Uri;

  before(async () => {
    await activateExtension();
    const [folder] = vscode.workspace.workspaceFolders ?? [];
    assert.ok(folder, 'the host tests run with a workspace folder');
    file = vscode.Uri.joinPath(folder.uri, 'wallet-sandbox.json');
    const scenario = {
      developers: [{ email: 'ci@example.ng', password: 'ci-password', apps: [{ name: 'ci', sandboxKey: SANDBOX_KEY }] }],
      wallets: [{ mobile: '08031112222', balance: 10.5 }],
    };
    await fs.writeFile(file.fsPath, `${JSON.stringify(scenario, null, 2)}\n`);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fs.rm(file.fsPath, { force: true });
  });

  it('checks the file against the contributed schema: a balance that is not whole kobo is marked where it is', async () => {
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    const problem = await waitFor('the JSON schema diagnostic on the balance', () =>
      vscode.languages.getDiagnostics(file).find((diagnostic) => /integer/i.test(diagnostic.message)),
    );
    assert.equal(document.getText(problem.range), '10.5');
  });

  it('leaves the sandbox key alone, and flags a production key in the same file', async () => {
    const document = await vscode.workspace.openTextDocument(file);
    const ours = () => vscode.languages.getDiagnostics(file).filter((diagnostic) => diagnostic.source === 'Wallet Console');
    // The linter checks each document as it opens, in order: once a document opened after this one
    // shows its production-key warning, the linter has been through this one, and said nothing.
    const marker = await vscode.workspace.openTextDocument({ language: 'typescript', content: `const key = '${PRODUCTION_KEY}';\n` });
    await waitFor('the production key warning on a document opened after the scenario', () =>
      vscode.languages.getDiagnostics(marker.uri).some((diagnostic) => diagnostic.source === 'Wallet Console'),
    );
    assert.deepEqual(ours(), [], 'no diagnostic for the sandbox key in a scenario');

    const edit = new vscode.WorkspaceEdit();
    const at = document.getText().indexOf(SANDBOX_KEY);
    edit.insert(file, document.positionAt(at + SANDBOX_KEY.length + 1), `, "key": "${PRODUCTION_KEY}"`);
    assert.ok(await vscode.workspace.applyEdit(edit));
    const flagged = await waitFor('the production key diagnostic', () => (ours().length > 0 ? ours() : undefined));
    assert.equal(flagged.length, 1);
    assert.equal(flagged[0]?.code, 'production-key');
    assert.equal(document.getText(flagged[0]!.range), PRODUCTION_KEY);
    // So the next file's wallet-sandbox.json meets no edit of ours.
    await revert(document);
    assert.ok(!(await fs.readFile(file.fsPath, 'utf8')).includes(PRODUCTION_KEY), 'the edit never reached the disk');
  });
});
