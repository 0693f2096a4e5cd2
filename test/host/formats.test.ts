// One format per thing (issue 25), where people read it in a real extension host: the wallet's
// mobile as 0903 991 0756 in every view, prompt, confirmation and panel page (the API's form only
// beside it, where it is the value to search or copy); the exact kobo beside a naira amount,
// grouped; one name per airtime network; Buy Airtime's own button; Copy as cURL without the
// headers the extension's HTTP client added on its own.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Transaction } from '../../src/api';
import type { AskOptions, ConfirmOptions, PickItem, PickOptions } from '../../src/common/userInput';
import type { WebviewTestHandle } from '../../src/webview/panelRecorder';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { runScripted } from './support/extension';
import { ScriptedInput, type Answer } from './support/scriptedInput';
import { waitFor } from './support/waitFor';

/** A scripted stand-in that also keeps what each quick pick offered and each question's detail. */
class WatchingInput extends ScriptedInput {
  readonly picks: { title: string; items: { label: string; description?: string }[] }[] = [];
  readonly questions: { message: string; detail?: string; buttons: string[] }[] = [];
  readonly boxes: AskOptions[] = [];

  override async pick<T>(loading: PickItem<T>[] | Promise<PickItem<T>[]>, options: PickOptions): Promise<T> {
    const items = await loading;
    this.picks.push({ title: options.title, items: items.map(({ label, description }) => ({ label, description })) });
    return super.pick(items, options);
  }

  override confirm(message: string, options: ConfirmOptions, ...buttons: string[]): Promise<string | undefined> {
    this.questions.push({ message, detail: options.detail, buttons });
    return super.confirm(message, options, ...buttons);
  }

  override ask(options: AskOptions): Promise<string> {
    this.boxes.push(options);
    return super.ask(options);
  }
}

/** 2348031234567 -> 0803 123 4567, written out here so the test does not lean on the helper it checks. */
function readable(mobile: string): string {
  assert.match(mobile, /^234\d{10}$/);
  return `0${mobile.slice(3, 6)} ${mobile.slice(6, 9)} ${mobile.slice(9)}`;
}

function text(value: string | vscode.TreeItemLabel | vscode.MarkdownString | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return 'label' in value ? value.label : value.value;
}

describe('One format per thing (issue 25, local sandbox)', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;
  let people: string;

  before(async () => {
    wallet = await connectFreshWallet('formats');
    people = readable(wallet.mobile);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Leave the host as the other files expect it: no extra wallet.
    await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
  });

  async function watched(command: string, answers: Answer[], ...args: unknown[]): Promise<WatchingInput> {
    const input = new WatchingInput(...answers);
    wallet.api.setUserInput!(input);
    try {
      await vscode.commands.executeCommand(command, ...args);
    } finally {
      wallet.api.setUserInput!(undefined);
    }
    input.assertDone();
    return input;
  }

  it('the Wallet, Developer and Sandbox views name the wallet 0803 123 4567, never 2348031234567', async () => {
    const { walletTree, developerTree } = wallet.api.views;
    const [root] = await walletTree.getChildren();
    const walletItem = walletTree.getTreeItem(root!);
    assert.equal(text(walletItem.label), people);
    assert.ok(text(walletItem.tooltip).includes(people), text(walletItem.tooltip));

    const developer = developerTree.getTreeItem((await developerTree.getChildren())[0]!);
    assert.ok(text(developer.tooltip).includes(`Sandbox wallet: ${people}`), text(developer.tooltip));

    const { sandboxTree } = wallet.api.sandboxViews;
    const walletRow = (await sandboxTree.getChildren()).find((node) => node.kind === 'wallet');
    assert.ok(walletRow, 'the Sandbox view has its wallet row');
    assert.equal((await sandboxTree.getTreeItem(walletRow)).description, people);

    const shown = [walletItem, developer].flatMap((item) => [text(item.label), String(item.description ?? ''), text(item.tooltip)]);
    assert.ok(!shown.join('\n').includes(wallet.mobile), 'the API form is not shown');
  });

  it('the balance reads in naira, with the exact kobo grouped on hover', async () => {
    const { walletTree } = wallet.api.views;
    const [root] = await walletTree.getChildren();
    const balanceNode = (await walletTree.getChildren(root)).find((node) => node.kind === 'balance')!;
    const balance = await wallet.api.accounts.withWallet((client, credentials) => client.getBalance(credentials));
    const item = walletTree.getTreeItem(balanceNode);
    const grouped = balance.balance.toLocaleString('en-US');
    assert.equal(text(item.tooltip), `${grouped} kobo`);
  });

  it('Select Wallet lists wallets as 0803 123 4567', async () => {
    // Picks this file's wallet by its label: other files may leave wallets of their own connected.
    const input = await watched('walletConsole.selectWallet', [people]);
    const labels = input.picks[0]!.items.map((item) => item.label);
    assert.ok(labels.includes(people), labels.join(', '));
    for (const label of labels) assert.match(label, /^0\d{3} \d{3} \d{4}$/);
  });

  it('Buy Airtime: one name per network, the line and the sending wallet as people read them, its own button', async () => {
    const input = await watched('walletConsole.buyAirtime', ['9mobile', '08030000000', '100', "Don't Send"]);
    assert.deepEqual(
      input.picks[0]!.items,
      [
        { label: 'MTN', description: undefined },
        { label: 'Glo', description: undefined },
        { label: 'Airtel', description: undefined },
        { label: '9mobile', description: undefined },
      ],
      'no "MTN mtn", no "Etisalat"',
    );
    const question = input.questions.find((entry) => entry.buttons.length > 1)!;
    assert.equal(question.message, 'Buy Airtime: buy ₦100.00 of airtime for 9mobile line 0803 000 0000 in Local sandbox?');
    assert.deepEqual(question.buttons, ["Don't Send", 'Buy ₦100.00 of Airtime']);
    assert.ok(question.detail?.startsWith(`From wallet ${people} in Local sandbox.`), question.detail);
  });

  it('the transaction page: the context line and a phone recipient as people read them, the API form under it; kobo grouped', async () => {
    const url = `${await wallet.api.sandboxUrl()}/__sandbox/transactions?mobile=${encodeURIComponent(wallet.mobile)}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'phone', amount: 250_050, recipient: { mobile: '2348039876543', name: 'ADA' } }),
    });
    assert.ok(response.ok, `adding a sandbox transaction answered ${response.status}`);
    const { reference } = ((await response.json()) as { data: { transaction: Transaction } }).data.transaction;
    await runScripted(wallet.api, 'walletConsole.showTransaction', [], reference);
    const handle = (await vscode.commands.executeCommand<WebviewTestHandle>('walletConsole.test.webview'))!;
    await handle.whenIdle();
    const html = handle.snapshot().html;
    assert.ok(html.includes(`Local sandbox · wallet ${people}`), 'the context line names the wallet as people read it');
    assert.match(html, /<dd class="mono">0803 987 6543<span class="exact">2348039876543<\/span><\/dd>/);
    assert.ok(html.includes('<span class="exact">250,050 kobo</span>'));
  });

  it('Copy as cURL leaves out the headers the extension’s HTTP client added on its own', async () => {
    await vscode.commands.executeCommand('walletConsole.refresh');
    const own = await waitFor('the extension’s balance request is recorded', () =>
      wallet.api.requests.history.visible().find((record) => record.fromExtension && record.path === '/v1/users/balance'),
    );
    const sent = own.template.headers.map(([name]) => name.toLowerCase());
    assert.ok(sent.includes('sec-fetch-mode'), `Node's fetch sent its own headers: ${sent.join(', ')}`);
    await vscode.commands.executeCommand('walletConsole.showRequest', own.id);
    const handle = (await vscode.commands.executeCommand<WebviewTestHandle>('walletConsole.test.webview'))!;
    await handle.whenIdle();
    await vscode.env.clipboard.writeText('');
    await handle.receive({ type: 'copySnippet', format: 'curl' });
    const curl = (await vscode.env.clipboard.readText()).toLowerCase();
    assert.ok(curl.startsWith('curl -x get'), curl);
    for (const noise of ['sec-fetch-mode', 'accept-language', 'accept-encoding', 'user-agent'])
      assert.ok(!curl.includes(noise), `${noise}:\n${curl}`);
    assert.match(curl, /-h 'x-app-key: '"\$wallet_app_key"/, `the key stays, as a placeholder:\n${curl}`);
  });
});
