// Issue 39, findings from the code, in a real extension host: a workspace with a careless wallet
// call (a status read, an un-awaited .json(), a float kobo multiply, the token in the body) and a
// component that ships the app key, beside unrelated code that does the same things with other
// APIs and the shop's own prices. The findings appear in the careless files only, each linked to
// its rule; the kobo fix applies; walletConsole.endpointIntelligence.enabled turns them off.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CAREFUL_AND_UNRELATED } from '../unit/endpointIntelligence/corpus';
import { CAREFUL as REAL_CAREFUL } from '../unit/endpointIntelligence/realCode/careful';
import { CARELESS as REAL_CARELESS } from '../unit/endpointIntelligence/realCode/careless';
import { activateExtension, setSetting } from './support/extension';
import { waitFor } from './support/waitFor';

const SOURCE = 'Wallet Console';
const CARELESS = `export async function pay(naira: string, mobile: string, token: string) {
  const res = await fetch(\`\${process.env.WALLET_BASE_URL}/v1/users/transfers/phone\`, {
    method: 'POST',
    headers: { 'X-App-Key': process.env.WALLET_APP_KEY!, 'X-App-Wallet-Access-Token': token },
    body: JSON.stringify({ mobile, amount: Number(naira) * 100, accessToken: token }),
  });
  const body = await res.json();
  if (body.status === 'success') return body.data;
  const again = res.json();
  return again.data;
}
`;
const BANK_TRANSFER = `export async function payout(transfer: object, token: string, markPaid: () => void) {
  const res = await fetch(\`\${process.env.WALLET_BASE_URL}/v1/users/transfers/bank\`, {
    method: 'POST',
    headers: { 'X-App-Key': process.env.WALLET_APP_KEY!, 'X-App-Wallet-Access-Token': token },
    body: JSON.stringify(transfer),
  });
  const body = await res.json();
  if (body.status === 'success') {
    markPaid();
  }
}
`;
const COMPONENT = `export function WalletButton() {
  const pay = () => fetch(\`\${import.meta.env.VITE_WALLET_BASE_URL}/v1/users/balance\`, { headers: { 'X-App-Key': import.meta.env.VITE_WALLET_APP_KEY } });
  return <button onClick={pay}>Pay</button>;
}
`;

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === SOURCE);
const codeOf = (diagnostic: vscode.Diagnostic) =>
  typeof diagnostic.code === 'object' ? String(diagnostic.code.value) : String(diagnostic.code);

async function quickFixes(document: vscode.TextDocument): Promise<vscode.CodeAction[]> {
  const whole = new vscode.Range(0, 0, document.lineCount, 0);
  const kind = vscode.CodeActionKind.QuickFix.value;
  return (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, whole, kind)) ?? [];
}

describe('Code findings: only on the careless wallet calls (issue 39)', function () {
  this.timeout(120_000);
  let folder: vscode.Uri;
  const unrelated: vscode.TextDocument[] = [];
  let careless: vscode.TextDocument;
  let component: vscode.TextDocument;
  /** Issue 54: real code as Prettier formats it, a Create React App component (.js with JSX) first. */
  const realCode: vscode.TextDocument[] = [];

  async function open(name: string, text: string): Promise<vscode.TextDocument> {
    const uri = vscode.Uri.joinPath(folder, name);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
    return vscode.workspace.openTextDocument(uri);
  }

  before(async () => {
    await activateExtension();
    const [root] = vscode.workspace.workspaceFolders ?? [];
    assert.ok(root, 'the host tests run with a workspace folder');
    folder = vscode.Uri.joinPath(root.uri, `careless-${Date.now().toString(36)}`);
    for (const file of CAREFUL_AND_UNRELATED) unrelated.push(await open(`src/components/${file.file!}`, file.text));
    for (const file of REAL_CAREFUL) unrelated.push(await open(`careful/${file.file}`, file.text));
    for (const file of REAL_CARELESS) realCode.push(await open(file.file, file.text));
    component = await open('src/components/WalletButton.tsx', COMPONENT);
    // Opened last: once its findings are there, the files opened before it have been checked too.
    careless = await open('src/checkout.ts', CARELESS);
    await vscode.window.showTextDocument(careless);
  });

  after(async () => {
    await setSetting('endpointIntelligence.enabled', undefined);
    // The kobo fix left the file changed: saved, so closing asks nothing.
    if (careless?.isDirty) await careless.save();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (folder) await vscode.workspace.fs.delete(folder, { recursive: true });
  });

  it('finds each mistake of the careless call, linked to its rule in docs/integration-review.md', async () => {
    const found = await waitFor('the careless call’s findings', () => (ours(careless.uri).length >= 4 ? ours(careless.uri) : undefined));
    assert.deepEqual(
      found.map((diagnostic) => `${diagnostic.range.start.line + 1} ${codeOf(diagnostic)} ${careless.getText(diagnostic.range)}`).sort(),
      [
        '9 unawaited-json res.json()',
        '5 float-kobo Number(naira) * 100',
        '5 token-in-body accessToken',
        "8 status-not-success body.status === 'success'",
      ].sort(),
    );
    const kobo = found.find((diagnostic) => codeOf(diagnostic) === 'float-kobo')!;
    const target = (kobo.code as { target: vscode.Uri }).target;
    assert.match(target.toString(true), /docs\/integration-review\.md#float-kobo$/);
    const inComponent = await waitFor('the component’s findings', () =>
      ours(component.uri).length >= 2 ? ours(component.uri) : undefined,
    );
    assert.deepEqual(inComponent.map(codeOf), ['secret-in-browser', 'secret-in-browser']);
    assert.equal(inComponent[0]!.severity, vscode.DiagnosticSeverity.Error);
  });

  it('reads real code: a Create React App component in a .js file, Prettier-wrapped calls (issue 54)', async () => {
    assert.equal(realCode[0]!.languageId, 'javascript');
    for (const [index, document] of realCode.entries()) {
      const expected = REAL_CARELESS[index]!.findings.map((finding) => finding.split(':')[0]!);
      const found = await waitFor(`the findings of ${document.fileName}`, () =>
        ours(document.uri).length >= expected.length ? ours(document.uri) : undefined,
      );
      const codes = found.map((diagnostic) => `${codeOf(diagnostic)} ${diagnostic.range.start.line + 1}`);
      assert.deepEqual(codes.sort(), [...expected].sort(), document.fileName);
    }
  });

  it('gives the unrelated code (other APIs, the shop’s prices, a careful wallet call) no finding and no fix', async () => {
    await waitFor('the careless call’s findings', () => ours(careless.uri).length > 0);
    for (const document of unrelated) {
      assert.deepEqual(
        ours(document.uri).map((diagnostic) => `${document.fileName}:${diagnostic.range.start.line + 1} ${diagnostic.message}`),
        [],
      );
      const fixes = (await quickFixes(document)).filter((action) => action.diagnostics?.some((diagnostic) => diagnostic.source === SOURCE));
      assert.deepEqual(
        fixes.map((action) => action.title),
        [],
      );
    }
  });

  it('applies the preferred kobo fix, and the finding goes', async () => {
    const actions = await quickFixes(careless);
    const round = actions.find((action) => action.title === 'Round to whole kobo: Math.round(Number(naira) * 100)');
    assert.ok(round?.edit, JSON.stringify(actions.map((action) => action.title)));
    assert.equal(round.isPreferred, true);
    assert.ok(await vscode.workspace.applyEdit(round.edit));
    assert.match(careless.lineAt(4).text, /amount: Math\.round\(Number\(naira\) \* 100\)/);
    await waitFor('the kobo finding gone', () => !ours(careless.uri).some((diagnostic) => codeOf(diagnostic) === 'float-kobo'));
    assert.ok(ours(careless.uri).some((diagnostic) => codeOf(diagnostic) === 'status-not-success'));
  });

  it('Read success on a bank transfer gives 000002 a pending branch before the paid one (issue 55)', async () => {
    const transfer = await open('src/payout.ts', BANK_TRANSFER);
    await vscode.window.showTextDocument(transfer);
    const finding = await waitFor('the status finding', () =>
      ours(transfer.uri).find((diagnostic) => codeOf(diagnostic) === 'status-not-success'),
    );
    assert.match(finding.message, /statusCode 000002 is pending, not paid/);
    const actions = await quickFixes(transfer);
    const read = actions.find((action) => action.title === 'Read success and statusCode (000002 is pending, not paid)');
    assert.ok(read?.edit, JSON.stringify(actions.map((action) => action.title)));
    assert.ok(await vscode.workspace.applyEdit(read.edit));
    const text = transfer.getText();
    assert.match(
      text,
      /\n {2}if \(body\.success === true && body\.data\?\.transaction\?\.statusCode === '000002'\) \{\n {4}\/\/ statusCode 000002 is pending, not paid/,
    );
    assert.match(
      text,
      /\n {2}\} else if \(body\.success === true && body\.data\?\.transaction\?\.statusCode === '000001'\) \{\n {4}markPaid\(\);/,
    );
    await waitFor('the status finding gone', () => !ours(transfer.uri).some((diagnostic) => codeOf(diagnostic) === 'status-not-success'));
    await transfer.save();
  });

  it('walletConsole.endpointIntelligence.enabled turns the findings off too', async () => {
    await setSetting('endpointIntelligence.enabled', false);
    await waitFor('the findings gone', () => ours(careless.uri).length === 0 && ours(component.uri).length === 0);
    await setSetting('endpointIntelligence.enabled', undefined);
    await waitFor('the findings back', () => ours(careless.uri).length > 0);
  });
});
