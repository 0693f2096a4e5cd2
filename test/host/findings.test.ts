// Issue 39, "Proof": docs/examples/careless-shop, run as written against the extension's local
// sandbox with the connected wallet, makes findings appear in the Findings view while it runs
// (they are there before its day is over), and by its end every rule it trips, with the badge's
// count; a row opens its page in the panel, whose request button opens that request; the agents'
// tool lists them; no surface shows a secret; Clear Findings empties the view.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FindingRow } from '../../src/requests/findingRows';
import { FINDING_RULES } from '../../src/sandbox/findings/finding';
import type { WebviewTestHandle } from '../../src/webview/panelRecorder';
import { loadShop } from '../unit/support/exampleShop';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { invokeToolAsAgent } from './support/extension';
import { assertNoSecret, storedSecrets, treeText } from './support/sandboxSurfaces';
import { waitFor } from './support/waitFor';

const BANK = '/v1/users/transfers/bank';
const PHONE = '/v1/users/transfers/phone';

/**
 * Runs the careless shop with the connected wallet's app key and mobile, the network on a bad
 * day as runShopByHand.mjs plays it (the first bank and the first phone transfer get no answer),
 * the passcode the sandbox just sent, and the day passing on the sandbox's clock; `whileTimePasses`
 * runs while the shop waits for its day to go by, in the middle of its run.
 */
async function runCarelessShop(wallet: ConnectedWallet, whileTimePasses: () => Promise<void>): Promise<string[]> {
  const { accounts } = wallet.api;
  const app = accounts.activeApp('local')!;
  const appKey = (await accounts.store.appSecrets('local', app.id))!.sandboxKey!;
  const sandbox = await wallet.api.localSandbox();
  sandbox.setBalance(wallet.mobile, 10_000_000); // enough for the shop's day of payments
  await wallet.admin.addFault({ method: 'POST', path: BANK, drop: true, times: 1 });
  await wallet.admin.addFault({ method: 'POST', path: PHONE, drop: true, times: 1 });
  const { runShop } = await loadShop('careless-shop');
  return runShop({
    baseUrl: await wallet.api.sandboxUrl(),
    appKey,
    mobile: wallet.mobile,
    askPasscode: async (mobile) => sandbox.lastPasscode(mobile) ?? assert.fail(`no passcode was sent to ${mobile}`),
    letTimePass: async (seconds) => {
      await whileTimePasses();
      await sandbox.advanceClock(seconds);
    },
  });
}

describe('Findings view (issue 39)', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;

  before(async () => {
    wallet = await connectFreshWallet('findings');
  });

  it('shows the careless shop’s findings while it runs, every rule it trips with a badge, opens one in the panel, lists them for agents, and clears them', async () => {
    const { tree, view } = wallet.api.findingsView;
    await vscode.commands.executeCommand('walletConsole.findings.focus');
    await vscode.commands.executeCommand('walletConsole.clearFindings');
    assert.equal(tree.shown.length, 0, 'Clear Findings emptied the view');

    const rules = () => tree.shown.map((row) => row.description);
    let shownMidRun: ReturnType<typeof rules> = [];
    const told = await runCarelessShop(wallet, async () => {
      // The shop has paid and refunded and now waits for its day to pass: the view already shows it.
      let inSandbox = '';
      let transfers = '';
      await waitFor(
        () =>
          `the findings to appear in the view while the shop runs (the view: ${rules().join(', ') || 'none'}; ` +
          `the sandbox: ${inSandbox || 'none'}; its transfers: ${transfers || 'none'})`,
        async () => {
          if (rules().includes('retried-money-post') && rules().includes('secret-in-url')) return true;
          // What a failure message needs: whether the sandbox made the findings, and what it journalled.
          inSandbox = (await (await wallet.api.localSandbox()).findings()).map((finding) => finding.rule).join(', ');
          transfers = (await wallet.admin.requests())
            .filter((entry) => entry.path === BANK || entry.path === PHONE)
            .map((entry) => `${entry.path.slice(-5)} ${entry.status}`)
            .join(', ');
          return false;
        },
      );
      assert.equal(view.badge?.value, tree.shown.length, 'the badge counts the findings as they come');
      shownMidRun = rules();
    });
    assert.ok(told.includes('refund of ₦1000 failed'), `the dropped refund was taken for a failure: ${told.join('; ')}`);
    assert.ok(shownMidRun.length > 0 && !shownMidRun.includes('expired-token-loop'), `before the day passed: ${shownMidRun.join(', ')}`);

    // By its end, every rule the shop trips (all of them: exampleShops.test.ts) is in the view.
    const tripped = [...new Set((await (await wallet.api.localSandbox()).findings()).map((finding) => finding.rule))].sort();
    assert.deepEqual(tripped, [...FINDING_RULES].sort(), 'the careless shop trips every rule');
    await waitFor(`every rule the shop tripped (${tripped.join(', ')}) is in the view`, () =>
      tripped.every((rule) => rules().includes(rule)),
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

    // What happened: what this app did, from the records (issue 55), not the rule's words again.
    const happened = page.html.slice(page.html.indexOf('What happened'), page.html.indexOf('Why it costs money'));
    assert.match(
      happened,
      new RegExp(`POST ${BANK.replaceAll('/', '\\/')}</span> · [^·<]+ · ₦[\\d,.]+ \\([\\d,]+ kobo\\) to account \\*+\\d{4}, bank \\d{6}`),
      happened,
    );

    // The request button opens the request's own page, with a way back (issue 55); back returns to the finding.
    await handle.receive({ type: 'openRequest', id: requestId });
    await handle.whenIdle();
    assert.equal(handle.snapshot().pageKind, 'request');
    assert.ok(handle.snapshot().html.includes(`POST ${BANK}`), 'the request of the finding: the bank transfer sent twice');
    assert.ok(handle.snapshot().html.includes(`data-action="back">`), 'the request page has Back');
    assert.ok(handle.snapshot().html.includes(`Back to finding ${retried.id}`), 'Back names the finding');
    await handle.receive({ type: 'back' });
    await handle.whenIdle();
    assert.deepEqual(handle.snapshot().state, { view: 'finding', id: retried.id }, 'back on the finding');

    // So does an event's page opened from a finding about a webhook.
    const hook = tree.shown.find((row) => row.description === 'webhook-not-acknowledged') as FindingRow;
    await vscode.commands.executeCommand('walletConsole.showFinding', hook.id);
    await handle.whenIdle();
    const eventId = /data-action="open-event" data-id="([^"]+)"/.exec(handle.snapshot().html)?.[1];
    assert.ok(eventId, 'the webhook finding has a button per event');
    assert.match(handle.snapshot().html, /sent to http:\/\/127\.0\.0\.1:\d+/, 'what happened names the URL');
    await handle.receive({ type: 'openEvent', id: eventId });
    await handle.whenIdle();
    assert.equal(handle.snapshot().pageKind, 'event');
    assert.ok(handle.snapshot().html.includes(`Back to finding ${hook.id}`), 'the event page has Back');
    await handle.receive({ type: 'back' });
    await handle.whenIdle();
    assert.deepEqual(handle.snapshot().state, { view: 'finding', id: hook.id });

    // The agents' tool lists the same findings, masked.
    // Every one (the shop trips more errors than the default 10 lines show).
    const answer = await invokeToolAsAgent('wallet_findings', { limit: 50 });
    assert.match(answer, /^error retried-money-post: /m);
    assert.match(answer, /^error secret-in-url: GET \/v1\/users\/balance carries a secret in its query string \(token\)/m);
    assertNoSecret(answer, secrets, 'the wallet_findings tool');

    await vscode.commands.executeCommand('walletConsole.clearFindings');
    assert.equal(tree.shown.length, 0, 'cleared');
    assert.equal(view.badge, undefined, 'no badge without findings');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
