// The panel's four pages (transaction, verify, event, request) in a real extension host, each
// driven the same ways: "Try again"/Refresh, a switch of environment, "back" to the page the
// user came from; and a webhook attempt arriving in the background while an event is on show
// (no reveal, no focus taken, no reload: the attempts list grows in place).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Sandbox } from '../../src/sandbox';
import type { WebviewTestHandle } from '../../src/webview/panelRecorder';
import type { PanelState } from '../../src/webview/protocol';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { EXTENSION_ID, runScripted } from './support/extension';
import { journalMark, recordedRequest } from './support/recordedRequest';
import { WebhookReceiver } from './support/sandboxSurfaces';
import { waitFor } from './support/waitFor';

describe('Panel pages: retry, environment switch, back, background updates', function () {
  this.timeout(180_000);
  let wallet: ConnectedWallet;
  let handle: WebviewTestHandle;
  let sandbox: Sandbox;
  let reference: string;
  let eventId: string;
  let requestId: number;
  const receiver = new WebhookReceiver();

  const snapshot = () => handle.snapshot();
  /** Waits for the panel to get there, then for its work to finish. */
  async function settled(check: () => boolean, what: string): Promise<void> {
    await waitFor(what, check);
    await handle.whenIdle();
    assert.ok(check(), what);
  }
  async function run(command: string, ...args: unknown[]): Promise<void> {
    await runScripted(wallet.api, command, [], ...args);
    await handle.whenIdle();
  }
  async function show(state: PanelState): Promise<void> {
    if (state.view === 'transaction') await run('walletConsole.showTransaction', state.reference);
    else if (state.view === 'event') await run('walletConsole.showEvent', state.id);
    else if (state.view === 'request') await run('walletConsole.showRequest', state.id);
    else await run('walletConsole.verifyBankAccount');
    assert.deepEqual(snapshot().state, state);
  }
  async function switchTo(environment: 'Staging' | 'Local sandbox'): Promise<void> {
    await runScripted(wallet.api, 'walletConsole.switchEnvironment', [environment]);
    await handle.whenIdle();
  }
  /** Waits for the webview itself to report a drawing containing `text`. */
  async function drawn(text: string): Promise<string> {
    await waitFor(
      () => `the page drew "${text}" (it drew: ${snapshot().renderedText})`,
      () => snapshot().renderedText?.includes(text) ?? false,
    );
    return snapshot().renderedText!;
  }

  const pages = (): PanelState[] => [
    { view: 'transaction', reference, env: 'local' },
    { view: 'verify' },
    { view: 'event', id: eventId },
    { view: 'request', id: requestId },
  ];

  before(async () => {
    wallet = await connectFreshWallet('panel-pages');
    handle = (await vscode.commands.executeCommand<WebviewTestHandle>('walletConsole.test.webview'))!;
    sandbox = await wallet.api.localSandbox();
    await receiver.start();
    await runScripted(wallet.api, 'walletConsole.setWebhookUrl', [receiver.url]);
    // An event whose first three attempts fail: a page long enough to scroll.
    receiver.answer(500, 500, 500);
    eventId = sandbox.sendTestEvent('PHONE_TRANSFER', wallet.api.accounts.activeApp('local')!.id).id;
    await waitFor('the first attempt was made', () => sandbox.event(eventId)?.attempts.length === 1);
    for (const count of [2, 3]) {
      sandbox.redeliverEvent(eventId);
      await waitFor(`attempt ${count} was made`, () => sandbox.event(eventId)?.attempts.length === count);
    }
    const [transaction] = await wallet.api.accounts.withWallet((client, credentials) => client.listTransactions(credentials, { limit: 1 }));
    assert.ok(transaction, 'the sandbox wallet has a transaction');
    reference = transaction.reference;
    const mark = await journalMark(wallet);
    await vscode.commands.executeCommand('walletConsole.refresh');
    requestId = (await recordedRequest(wallet, mark, 'GET', '/v1/users/balance')).id;
  });

  after(async () => {
    if (wallet.api.accounts.env() !== 'local') await switchTo('Local sandbox');
    await runScripted(wallet.api, 'walletConsole.setWebhookUrl', ['']);
    await receiver.stop();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('"Try again" / Refresh redraws the same page, once, on every page', async () => {
    for (const state of pages()) {
      await show(state);
      const kind = snapshot().pageKind;
      const lookups = await wallet.admin.count(`/v1/transactions/${reference}`);
      await handle.receive({ type: 'retry' });
      await handle.whenIdle();
      assert.deepEqual(snapshot().state, state, `retry stays on the ${state.view} page`);
      assert.equal(snapshot().pageKind, kind, `retry redraws the ${state.view} page as it was`);
      const more = (await wallet.admin.count(`/v1/transactions/${reference}`)) - lookups;
      assert.equal(
        more,
        state.view === 'transaction' ? 1 : 0,
        `the transaction is looked up ${more} times by a retry on the ${state.view} page`,
      );
    }
    assert.ok(snapshot().html.includes('GET /v1/users/balance'), 'the request page, drawn again');
  });

  it('a switch of environment: each page says what becomes of it, and comes back on the way back', async () => {
    const expectations: Record<PanelState['view'], { staging: RegExp; kind: string }> = {
      transaction: { staging: new RegExp(`Transaction ${reference} is in Local sandbox`), kind: 'error' },
      verify: { staging: /Staging/, kind: 'verify' },
      event: { staging: /Webhook events come from the local sandbox only/, kind: 'error' },
      request: { staging: /GET \/v1\/users\/balance/, kind: 'request' },
      // Not among pages(): its report comes from a run of the command (test/host/webhookCheck.test.ts).
      webhookCheck: { staging: /Local sandbox/, kind: 'webhookCheck' },
      // Not among pages() either: test/host/findings.test.ts opens a finding the app's traffic made.
      finding: { staging: /Findings come from the local sandbox only/, kind: 'error' },
    };
    for (const state of pages()) {
      await show(state);
      const before = snapshot();
      const expected = expectations[state.view];
      try {
        await switchTo('Staging');
        await settled(() => expected.staging.test(snapshot().html), `the ${state.view} page followed the switch`);
        const inStaging = snapshot();
        assert.equal(inStaging.pageKind, expected.kind, `the ${state.view} page in Staging`);
        assert.deepEqual(inStaging.state, state, `still the ${state.view} page, not another one`);
        if (state.view === 'request') {
          // A wrong redraw (the old panel drew Verify here) would be part of the panel's answer to the
          // switch: settled() saw the Staging page drawn, and whenIdle() bounds the rest of that work.
          await handle.whenIdle();
          assert.deepEqual(snapshot().state, state);
          assert.equal(inStaging.documentsSet, before.documentsSet, 'a recorded request stays as it is');
        } else {
          assert.match(inStaging.html, /Staging/, 'drawn for Staging');
        }
        if (state.view === 'event' || state.view === 'transaction') {
          assert.doesNotMatch(inStaging.html, /data-action="retry"/, 'no "Try again" that cannot work here');
        }
      } finally {
        await switchTo('Local sandbox');
      }
      await settled(() => snapshot().pageKind === before.pageKind, `the ${state.view} page is back in the sandbox`);
      assert.deepEqual(snapshot().state, state);
      assert.match(snapshot().html, /Local sandbox/);
    }
  });

  it('"back" from Verify returns to the page the user came from, within the environment', async () => {
    // From a page's own button (an event, through its error page's link), from a transaction's
    // "Verify this recipient" and from the palette (a request).
    const ways: [PanelState, string, () => Promise<void>][] = [
      [{ view: 'event', id: eventId }, `Back to event ${eventId}`, () => handle.receive({ type: 'navigate', view: 'verify' })],
      [{ view: 'request', id: requestId }, 'Back to request GET /v1/users/balance', () => run('walletConsole.verifyBankAccount')],
      [{ view: 'transaction', reference, env: 'local' }, `Back to transaction ${reference}`, () => run('walletConsole.verifyBankAccount')],
    ];
    for (const [from, words, openVerify] of ways) {
      await show(from);
      await openVerify();
      await handle.whenIdle();
      assert.deepEqual(snapshot().state, { view: 'verify' });
      assert.ok(snapshot().html.includes(`data-action="back">`), `a way back from Verify to the ${from.view} page`);
      assert.ok(snapshot().html.includes(words), `it says where it goes: ${words}`);
      await handle.receive({ type: 'back' });
      await handle.whenIdle();
      assert.deepEqual(snapshot().state, from, `back on the ${from.view} page`);
      assert.notEqual(snapshot().pageKind, 'verify');
    }

    // An event is the local sandbox's: from Staging there is no way back to it; back in the sandbox there is.
    await show({ view: 'event', id: eventId });
    await run('walletConsole.verifyBankAccount');
    try {
      await switchTo('Staging');
      await settled(() => /Staging/.test(snapshot().html) && snapshot().pageKind === 'verify', 'Verify followed the switch');
      assert.doesNotMatch(snapshot().html, /data-action="back"/, 'no way back to a page of another environment');
      await handle.receive({ type: 'back' });
      await handle.whenIdle();
      assert.deepEqual(snapshot().state, { view: 'verify' }, '"back" goes nowhere');
    } finally {
      await switchTo('Local sandbox');
    }
    await settled(() => snapshot().html.includes(`Back to event ${eventId}`), 'back in the sandbox, the way back is offered again');
  });

  it('a webhook attempt in the background grows the event page in place: no reveal, no focus taken, no reload', async () => {
    await show({ view: 'event', id: eventId });
    const attempts = sandbox.event(eventId)!.attempts.length;
    assert.match(await drawn(`Attempt ${attempts}`), /Attempts, newest first/);

    // The user works in an editor beside the panel, with the event page scrolled down.
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(extension.extensionUri, 'package.json'));
    const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false });
    try {
      await waitFor('the panel is in view, the editor has focus', () => snapshot().visible && !snapshot().active);
      handle.postToPage({ type: 'testScroll', y: 100_000 });
      await waitFor(
        () => `the page scrolled (it reports ${snapshot().renderedScrollY})`,
        () => (snapshot().renderedScrollY ?? 0) > 0,
      );
      const before = snapshot();

      receiver.answer(200);
      sandbox.redeliverEvent(eventId);
      const text = await drawn(`Attempt ${attempts + 1}`);
      await handle.whenIdle();
      const after = snapshot();
      assert.equal(after.active, false, 'the panel did not take focus');
      assert.equal(vscode.window.activeTextEditor?.document, editor.document, 'the editor keeps it');
      assert.equal(after.visible, true);
      assert.equal(after.documentsSet, before.documentsSet, 'no new document was set');
      assert.equal(after.html, before.html);
      assert.equal(after.renderedDocument, before.renderedDocument, 'the webview kept its document (no reload)');
      // Scroll anchoring keeps the reader's place: it moves by what changed above it (the summary
      // loses its "Next attempt" row), never back to the top.
      const scroll = `scrolled ${before.renderedScrollY}, now ${after.renderedScrollY}`;
      assert.ok((after.renderedScrollY ?? 0) > Math.max(0, before.renderedScrollY! - 100), `the page kept its place (${scroll})`);
      assert.ok(text.includes(`Attempts, newest first (${attempts + 1})`));
      assert.ok(text.indexOf(`Attempt ${attempts + 1}`) < text.indexOf(`Attempt ${attempts}`), 'the new attempt on top');
      assert.ok(text.includes('delivered'), 'the state follows');
      const updates = () => snapshot().sent.filter((message) => message.type === 'eventLive').length;
      const sentBefore = updates();
      assert.ok(sentBefore >= 1, 'the host sent the new attempt to the page');

      // Hidden behind the editor, the panel stays hidden; shown again, it has caught up.
      const column = vscode.window.tabGroups.all.find((group) =>
        group.tabs.some((tab) => tab.input instanceof vscode.TabInputWebview),
      )!.viewColumn;
      await vscode.window.showTextDocument(document, { viewColumn: column, preserveFocus: false });
      await waitFor('the panel is hidden', () => !snapshot().visible);
      sandbox.redeliverEvent(eventId);
      await waitFor('another attempt was made', () => sandbox.event(eventId)!.attempts.length === attempts + 2);
      await waitFor('the host sent it', () => updates() > sentBefore);
      await handle.whenIdle();
      assert.equal(snapshot().visible, false, 'the panel was not revealed');
      assert.equal(vscode.window.activeTextEditor?.document, document);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await waitFor('the panel is in view again', () => snapshot().visible);
      await drawn(`Attempt ${attempts + 2}`);
      assert.equal(snapshot().documentsSet, before.documentsSet, 'caught up without a new document from the host');
    } finally {
      for (const group of vscode.window.tabGroups.all) {
        const tabs = group.tabs.filter(
          (tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === document.uri.toString(),
        );
        if (tabs.length > 0) await vscode.window.tabGroups.close(tabs);
      }
    }
  });
});
