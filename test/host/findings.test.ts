// Issue 39, where a developer sees findings: a careless app's traffic to the local sandbox (a
// money POST sent again after its connection dropped, the app key in a query string) makes
// findings appear in the Findings view with the badge's count; a row opens its page in the
// panel, whose request button opens that request; the agents' tool lists them; no surface shows
// a secret; Clear Findings empties the view.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FindingRow } from '../../src/requests/findingRows';
import type { WebviewTestHandle } from '../../src/webview/panelRecorder';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { assertNoSecret, storedSecrets, treeText, until } from './support/sandboxSurfaces';

const PHONE = '/v1/users/transfers/phone';

/** A tiny careless app: what public integrations of this API did wrong, sent over real HTTP. */
async function carelessApp(wallet: ConnectedWallet): Promise<void> {
  const { accounts } = wallet.api;
  const app = accounts.activeApp('local')!;
  const appKey = (await accounts.store.appSecrets('local', app.id))!.sandboxKey!;
  const token = (await accounts.store.walletSecrets('local', wallet.mobile))!.accessToken;
  const url = await wallet.api.sandboxUrl();
  const headers = { 'content-type': 'application/json', 'x-app-key': appKey, 'x-app-wallet-access-token': token };
  const body = JSON.stringify({ mobile: '2349090000000', amount: 2500 });
  // The first attempt's connection drops; the app sends the same payment again at once.
  await wallet.admin.addFault({ path: PHONE, method: 'POST', drop: true, times: 1 });
  await assert.rejects(fetch(`${url}${PHONE}`, { method: 'POST', headers, body }), TypeError);
  const retry = await fetch(`${url}${PHONE}`, { method: 'POST', headers, body });
  assert.equal(retry.status, 200, await retry.text());
  // The app key in a URL.
  await fetch(`${url}/v1/users/balance?appKey=${encodeURIComponent(appKey)}`, { headers: { 'x-app-wallet-access-token': token } });
}

describe('Findings view (issue 39)', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;

  before(async () => {
    wallet = await connectFreshWallet('findings');
  });

  it('shows the careless app’s findings with a badge, opens one in the panel, lists them for agents, and clears them', async () => {
    const { tree, view } = wallet.api.findingsView;
    await vscode.commands.executeCommand('walletConsole.findings.focus');
    await vscode.commands.executeCommand('walletConsole.clearFindings');
    assert.equal(tree.shown.length, 0, 'Clear Findings emptied the view');

    await carelessApp(wallet);
    const rules = () => tree.shown.map((row) => row.description);
    await until(
      () => rules().includes('retried-money-post') && rules().includes('secret-in-url'),
      `the findings appear in the view (it shows ${rules().join(', ') || 'none'})`,
    );
    assert.equal(view.badge?.value, tree.shown.length, 'the badge counts the findings');
    assert.match(view.badge?.tooltip ?? '', /findings?: /);
    assert.equal(tree.shown[0]?.severity, 'error', 'errors first');

    const secrets = await storedSecrets(wallet);
    assertNoSecret((await treeText(tree)).join('\n'), secrets, 'the Findings view');

    // A click on the row runs its command: the finding's page in the panel.
    const retried = tree.shown.find((row) => row.description === 'retried-money-post') as FindingRow;
    const item = await tree.getTreeItem(retried);
    assert.ok(item.command, 'the row opens something');
    const handle = (await vscode.commands.executeCommand<WebviewTestHandle>('walletConsole.test.webview'))!;
    await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
    await handle.whenIdle();
    const page = handle.snapshot();
    assert.equal(page.pageKind, 'finding', page.html.slice(0, 500));
    assert.deepEqual(page.state, { view: 'finding', id: retried.id });
    for (const words of ['Why it costs money', 'How to fix it', 'How to silence it', 'retried-money-post'])
      assert.ok(page.html.includes(words), `the page says "${words}"`);
    assertNoSecret(page.html, secrets, 'the finding page');
    const requestId = Number(/data-action="open-request" data-id="(\d+)"/.exec(page.html)?.[1]);
    assert.ok(requestId > 0, 'the page has a button per request');

    // The request button opens the request's own page; back returns to the finding.
    await handle.receive({ type: 'openRequest', id: requestId });
    await handle.whenIdle();
    assert.equal(handle.snapshot().pageKind, 'request');
    assert.ok(handle.snapshot().html.includes(`POST ${PHONE}`), 'the request of the finding');
    await handle.receive({ type: 'back' });
    await handle.whenIdle();
    assert.equal(handle.snapshot().pageKind, 'finding');

    // The agents' tool lists the same findings, masked.
    const result = await vscode.lm.invokeTool('wallet_findings', { input: {}, toolInvocationToken: undefined });
    const answer = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    assert.match(answer, /^error retried-money-post: /m);
    assert.match(answer, /^error secret-in-url: GET \/v1\/users\/balance carries a secret in its query string \(appKey\)/m);
    assertNoSecret(answer, secrets, 'the wallet_findings tool');

    await vscode.commands.executeCommand('walletConsole.clearFindings');
    assert.equal(tree.shown.length, 0, 'cleared');
    assert.equal(view.badge, undefined, 'no badge without findings');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
