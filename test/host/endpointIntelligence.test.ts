// Endpoint intelligence in a real extension host, on a TypeScript file of a developer's app
// written into the workspace: the hover of a path (headers, kobo, magic values), path completion
// only inside a /v1/ string, the unknown-path and wrong-method diagnostics and the quick fix,
// the CodeLens (Send to Sandbox for a GET, the Send command for a transfer, Copy as cURL) with
// the sent request in the Requests view and the panel, and the setting that turns it all off.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RequestRecord } from '../../src/requests/requestRecord';
import type { WebviewTestHandle } from '../../src/webview/panelRecorder';
import { connectFreshWallet, storedSecrets, type ConnectedWallet } from './support/connectedWallet';
import { setSetting } from './support/extension';
import { waitFor } from './support/waitFor';

const SOURCE = [
  "import axios from 'axios';",
  'export async function balance(BASE: string, headers: Record<string, string>) {',
  '  return fetch(`${BASE}/v1/users/balance`, { headers });',
  '}',
  'export const typo = () => fetch(`${process.env.WALLET_BASE_URL}/v1/users/balanse`);',
  "export const wrongMethod = () => axios.delete('/v1/users/accounts', { headers: { 'X-App-Key': process.env.WALLET_APP_KEY } });",
  "export const pay = (body: unknown) => axios.post('/v1/users/transfers/bank', body);",
  "export const typing = '/v1/';",
  "export const unrelated = 'hello';",
].join('\n');
const LINE = { balance: 2, typo: 4, wrongMethod: 5, pay: 6, typing: 7, unrelated: 8 };

function hoverText(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n');
}

describe('Endpoint intelligence', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;
  let document: vscode.TextDocument;
  let handle: WebviewTestHandle;

  const ours = () => vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.source === 'Wallet Console');
  const hover = async (line: number, text: string) =>
    hoverText(
      await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        document.uri,
        new vscode.Position(line, document.lineAt(line).text.indexOf(text) + 3),
      ),
    );
  const lenses = async () =>
    (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)) ?? [];

  before(async () => {
    wallet = await connectFreshWallet('endpoints');
    handle = (await vscode.commands.executeCommand<WebviewTestHandle>('walletConsole.test.webview'))!;
    const [folder] = vscode.workspace.workspaceFolders ?? [];
    assert.ok(folder, 'the host tests run with a workspace folder');
    const uri = vscode.Uri.joinPath(folder.uri, 'src', `walletCalls-${Date.now().toString(36)}.ts`);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(SOURCE));
    document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
  });

  after(async () => {
    await setSetting('endpointIntelligence.enabled', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (document) await vscode.workspace.fs.delete(document.uri);
  });

  it('hovers a path with its methods, headers, body in kobo, answer, errors and the sandbox magic values', async () => {
    const balance = await waitFor('the hover of /v1/users/balance', async () => {
      const text = await hover(LINE.balance, '/v1/users/balance');
      return text.includes('Wallet balance in kobo') ? text : undefined;
    });
    for (const part of ['GET', 'POST', 'X-App-Key', 'X-App-Wallet-Access-Token', '`401`', '`data.user.balance` *integer (kobo)*'])
      assert.ok(balance.includes(part), `the hover has ${part}`);
    const transfer = await hover(LINE.pay, '/v1/users/transfers/bank');
    for (const part of [
      'Send money to a bank account',
      '`amount` *integer (kobo)*',
      '`accountNumber`',
      '`5XX`',
      '1000000001',
      'X-Sandbox-Outcome',
    ]) {
      assert.ok(transfer.includes(part), `the transfer hover has ${part}`);
    }
    for (const [label, value] of await storedSecrets(wallet))
      assert.ok(!transfer.includes(value) && !balance.includes(value), `no ${label} in a hover`);
  });

  it('completes paths inside a /v1/ string, each with its method and summary, and nowhere else', async () => {
    const inString = new vscode.Position(LINE.typing, document.lineAt(LINE.typing).text.indexOf('/v1/') + 4);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      inString,
    );
    const paths = list.items.filter((item) => typeof item.label !== 'string' && item.label.label.startsWith('/v1/'));
    const balance = paths.find((item) => (item.label as vscode.CompletionItemLabel).label === '/v1/users/balance');
    assert.ok(balance, `/v1/users/balance among ${paths.length} path items`);
    assert.equal((balance.label as vscode.CompletionItemLabel).description, 'GET, POST');
    assert.equal(balance.detail, 'GET: Wallet balance in kobo');
    // Issue 55: each summary once; the documentation holds only the other methods' (none for a path of one).
    const label = (item: vscode.CompletionItem) => (item.label as vscode.CompletionItemLabel).label;
    const documentation = (item: vscode.CompletionItem) =>
      item.documentation instanceof vscode.MarkdownString ? item.documentation.value : (item.documentation ?? '');
    assert.match(documentation(balance), /^POST:/);
    assert.doesNotMatch(documentation(balance), /GET:/);
    const transfer = paths.find((item) => label(item) === '/v1/users/transfers/bank');
    assert.ok(transfer, 'the bank transfer among the paths');
    assert.equal(documentation(transfer), '', 'one method: its summary is the detail only');
    // A shop's paths (/v1/users/…) before the developer account's (/v1/auth/…, /v1/resource/…).
    const sorted = [...paths].sort((a, b) => (a.sortText ?? label(a)).localeCompare(b.sortText ?? label(b))).map(label);
    const lastUsers = sorted.map((path) => path.startsWith('/v1/users/')).lastIndexOf(true);
    assert.ok(lastUsers < sorted.findIndex((path) => path.startsWith('/v1/auth/')), sorted.join(' '));
    assert.ok(lastUsers < sorted.findIndex((path) => path.startsWith('/v1/resource/')), sorted.join(' '));

    const elsewhere = new vscode.Position(LINE.unrelated, document.lineAt(LINE.unrelated).text.indexOf('hello') + 2);
    const other = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      elsewhere,
    );
    assert.ok(
      !other.items.some((item) => typeof item.label !== 'string' && item.label.label.startsWith('/v1/')),
      'no path items outside a /v1/ string',
    );
  });

  it('flags an unknown path with "did you mean" and a method the path does not take; the quick fix writes the path', async () => {
    const found = await waitFor('both diagnostics', () => (ours().length >= 2 ? ours() : undefined));
    const unknown = found.find((diagnostic) => diagnostic.code === 'unknown-path');
    const method = found.find((diagnostic) => diagnostic.code === 'wrong-method');
    assert.ok(unknown && method, JSON.stringify(found.map((diagnostic) => diagnostic.code)));
    assert.equal(unknown.range.start.line, LINE.typo);
    assert.match(unknown.message, /Did you mean \/v1\/users\/balance\?/);
    assert.equal(method.range.start.line, LINE.wrongMethod);
    assert.equal(document.getText(method.range), 'delete');
    assert.match(method.message, /takes GET/);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      unknown.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((action) => action.title === 'Change to /v1/users/balance');
    assert.ok(fix?.edit, `the quick fix among ${JSON.stringify(actions.map((action) => action.title))}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(document.lineAt(LINE.typo).text, 'export const typo = () => fetch(`${process.env.WALLET_BASE_URL}/v1/users/balance`);');
    await waitFor('the unknown path gone', () => (ours().some((diagnostic) => diagnostic.code === 'unknown-path') ? undefined : true));
  });

  it('CodeLens: Send to Sandbox for a GET opens the answer in the panel and shows in Requests; a transfer only opens Send to Bank', async () => {
    const all = await waitFor('the lenses', async () => {
      const found = await lenses();
      return found.some((lens) => lens.range.start.line === LINE.pay) ? found : undefined;
    });
    const on = (line: number) => all.filter((lens) => lens.range.start.line === line).map((lens) => lens.command!);
    const send = on(LINE.balance).find((command) => command.command === 'walletConsole.sendEndpointToSandbox');
    assert.ok(send, JSON.stringify(on(LINE.balance)));
    assert.ok(on(LINE.balance).some((command) => command.command === 'walletConsole.copyEndpointAsCurl'));
    const pay = on(LINE.pay).map((command) => command.command);
    assert.ok(pay.includes('walletConsole.sendToBank'), `the transfer opens Send to Bank: ${JSON.stringify(pay)}`);
    assert.ok(!pay.includes('walletConsole.sendEndpointToSandbox'), 'a money-moving call is never sent from a CodeLens');

    const history = wallet.api.requests.history;
    const before = Math.max(0, ...history.newest(1).map((record) => record.id));
    await vscode.commands.executeCommand(send.command, ...(send.arguments ?? []));
    const sent = await waitFor('the request in the Requests view', () =>
      history.visible().find((record: RequestRecord) => record.id > before && record.path === '/v1/users/balance' && record.fromExtension),
    );
    assert.equal(sent.method, 'GET');
    assert.equal(sent.status, 200, 'sent with the active app and wallet');
    assert.ok(
      wallet.api.requests.view.tree.getChildren().some((record) => record.id === sent.id),
      'a row of the Requests view',
    );
    await handle.whenIdle();
    const page = handle.snapshot();
    assert.equal(page.pageKind, 'request');
    assert.deepEqual(page.state, { view: 'request', id: sent.id });
  });

  it('Copy as cURL copies placeholders, never the key or the token', async () => {
    const copy = (await lenses()).find(
      (lens) => lens.range.start.line === LINE.pay && lens.command?.command === 'walletConsole.copyEndpointAsCurl',
    )!.command!;
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand(copy.command, ...(copy.arguments ?? []));
    const curl = await vscode.env.clipboard.readText();
    assert.match(curl, /^curl -X POST '.*\/v1\/users\/transfers\/bank'/);
    assert.ok(curl.includes('"$WALLET_APP_KEY"') && curl.includes('"$WALLET_ACCESS_TOKEN"'), curl);
    assert.ok(curl.includes('"amount":0'), 'an unedited copy moves no money');
    for (const [label, value] of await storedSecrets(wallet)) assert.ok(!curl.includes(value), `no ${label} in the copy`);
  });

  it('walletConsole.endpointIntelligence.enabled turns hover, checks and lenses off', async () => {
    await setSetting('endpointIntelligence.enabled', false);
    await waitFor('no diagnostics', () => (ours().length === 0 ? true : undefined));
    assert.ok(!(await hover(LINE.balance, '/v1/users/balance')).includes('Wallet API'), 'no hover of ours');
    assert.equal((await lenses()).filter((lens) => lens.command?.command.startsWith('walletConsole.')).length, 0);
    await setSetting('endpointIntelligence.enabled', undefined);
    await waitFor('the diagnostics back', () => (ours().length > 0 ? true : undefined));
  });
});
