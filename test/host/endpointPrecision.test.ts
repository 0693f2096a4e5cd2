// Endpoint intelligence on code that is not the wallet's, in a real extension host: a workspace
// folder with an app's own routes and its calls to other APIs (Express, Fastify, Flask, Go,
// Laravel, Spring, ASP.NET, Sinatra, an .http file; OpenAI, Anthropic, Stripe, Twilio, Google,
// Kubernetes) gets no Wallet Console diagnostic and no quick fix, while a misspelt wallet call
// beside them still does; "Not the wallet API: ignore this file" writes the setting and clears it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { NOT_THE_WALLET } from '../unit/endpointIntelligence/corpus';
import { activateExtension } from './support/extension';
import { waitFor } from './support/waitFor';

const SOURCE = 'Wallet Console';
/** The wallet call each file of the corpus makes (not a route's `/v1/users/balances`). */
const BALANCE = /\/v1\/users\/balance(?!\w)/;
const IGNORED = 'walletConsole.endpointIntelligence.ignoredFiles';
const CONTROL = 'export const typo = () => fetch(`${process.env.WALLET_BASE_URL}/v1/users/balanse`);\n';

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === SOURCE);

async function quickFixes(document: vscode.TextDocument): Promise<vscode.CodeAction[]> {
  const whole = new vscode.Range(0, 0, document.lineCount, 0);
  return (
    (await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      whole,
      vscode.CodeActionKind.QuickFix.value,
    )) ?? []
  );
}

const isOurs = (action: vscode.CodeAction) => action.title.startsWith('Change to /v1/') || action.title.startsWith('Not the wallet API');

describe('Endpoint intelligence: only on calls to the wallet API', function () {
  this.timeout(120_000);
  let folder: vscode.Uri;
  const documents: vscode.TextDocument[] = [];
  let control: vscode.TextDocument;

  before(async () => {
    await activateExtension();
    const [root] = vscode.workspace.workspaceFolders ?? [];
    assert.ok(root, 'the host tests run with a workspace folder');
    folder = vscode.Uri.joinPath(root.uri, `shop-${Date.now().toString(36)}`);
    for (const file of NOT_THE_WALLET) {
      const uri = vscode.Uri.joinPath(folder, file.file!);
      await vscode.workspace.fs.writeFile(uri, Buffer.from(file.text));
      documents.push(await vscode.workspace.openTextDocument(uri));
    }
    // Opened last: once its warning is there, the files opened before it have been checked too.
    const controlUri = vscode.Uri.joinPath(folder, 'wallet.ts');
    await vscode.workspace.fs.writeFile(controlUri, Buffer.from(CONTROL));
    control = await vscode.workspace.openTextDocument(controlUri);
    await vscode.window.showTextDocument(control);
  });

  after(async () => {
    await vscode.workspace.getConfiguration(undefined, folder).update(IGNORED, undefined, vscode.ConfigurationTarget.WorkspaceFolder);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (folder) await vscode.workspace.fs.delete(folder, { recursive: true });
  });

  it('warns on the misspelt wallet call, with a preferred fix (its own line shows WALLET_BASE_URL)', async () => {
    const [warning] = await waitFor('the wallet call’s warning', () => (ours(control.uri).length > 0 ? ours(control.uri) : undefined));
    assert.match(warning!.message, /Did you mean \/v1\/users\/balance\?/);
    const actions = await quickFixes(control);
    const rename = actions.find((action) => action.title === 'Change to /v1/users/balance');
    assert.ok(rename, JSON.stringify(actions.map((action) => action.title)));
    assert.equal(rename.isPreferred, true);
    assert.ok(actions.some((action) => action.title === 'Not the wallet API: ignore this file'));
  });

  it('gives the app’s own routes and other APIs’ calls no diagnostic and no quick fix, in every language', async () => {
    await waitFor('the wallet call’s warning', () => ours(control.uri).length > 0);
    for (const document of documents) {
      // The file is one the features read: its own wallet call has the hover.
      const line = document
        .getText()
        .split('\n')
        .findIndex((text) => BALANCE.test(text));
      const at = new vscode.Position(line, document.lineAt(line).text.search(BALANCE) + 3);
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, at);
      const text = hovers.flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value)));
      assert.ok(text.join('\n').includes('Wallet API'), `${document.fileName} (${document.languageId}) is read`);
      assert.deepEqual(
        ours(document.uri).map((diagnostic) => `${document.fileName}:${diagnostic.range.start.line + 1} ${diagnostic.message}`),
        [],
      );
      const fixes = (await quickFixes(document)).filter(isOurs);
      assert.deepEqual(
        fixes.map((action) => `${document.fileName}: ${action.title}`),
        [],
      );
    }
  });

  it('"Not the wallet API: ignore this file" adds the file to the setting and its warning goes', async () => {
    const ignore = (await quickFixes(control)).find((action) => action.title === 'Not the wallet API: ignore this file');
    assert.ok(ignore?.command);
    await vscode.commands.executeCommand(ignore.command.command, ...(ignore.command.arguments ?? []));
    const ignored = vscode.workspace.getConfiguration(undefined, control.uri).get<string[]>(IGNORED, []);
    assert.ok(ignored.includes(vscode.workspace.asRelativePath(control.uri, false)), JSON.stringify(ignored));
    await waitFor('the warning gone', () => (ours(control.uri).length === 0 ? true : undefined));
  });
});
