// The Events view and the webhook commands in a real extension host against the in-process
// sandbox, with a real local HTTP receiver standing in for the developer's webhook handler.
// Ends with the secret audit of the view's items and the event panel's HTML.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PublicWebhookEvent } from '../../src/sandbox';
import type { EventNode } from '../../src/views/eventsTree';
import type { WebviewTestHandle } from '../../src/webview/panelRecorder';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { runScripted, setSetting } from './support/extension';
import { DEFAULT } from './support/scriptedInput';
import { assertNoSecret, storedSecrets, treeText, WebhookReceiver } from './support/sandboxSurfaces';
import { waitFor } from './support/waitFor';
import { followRedraws } from './support/redraws';

describe('Events view and webhook commands (local sandbox)', function () {
  this.timeout(180_000);
  let wallet: ConnectedWallet;
  const receiver = new WebhookReceiver();

  before(async () => {
    wallet = await connectFreshWallet('events');
    await receiver.start();
    await vscode.commands.executeCommand('walletConsole.events.focus');
  });

  after(async () => {
    // Leave the host as the other files expect it: no webhook URL to a closed receiver, no extra wallet.
    const redraws = followRedraws(wallet.api);
    await runScripted(wallet.api, 'walletConsole.setWebhookUrl', ['']);
    await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
    await receiver.stop();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The views' last redraws (debounced, and the secret store's echo) finish before the host
    // may close: a redraw cut off by the shutdown is logged as an error.
    await redraws.drawn();
  });

  const tree = () => wallet.api.sandboxViews.eventsTree;
  const eventNodes = async () =>
    (await tree().getChildren()).filter((node): node is EventNode & { kind: 'event' } => node.kind === 'event');
  const shownEvent = async (id: string): Promise<PublicWebhookEvent | undefined> =>
    (await eventNodes()).find((node) => node.id === id)?.event;
  const description = async (node: EventNode) => String((await tree().getTreeItem(node)).description ?? '');

  it('Set Webhook URL checks the URL as it is typed and sets the active app’s callbackURL', async () => {
    const input = await runScripted(wallet.api, 'walletConsole.setWebhookUrl', ['ftp://example.com/hook', 'not a url', receiver.url]);
    const asks = input.asked.filter((entry) => entry.kind === 'ask');
    assert.equal(asks.length, 3, 'two refusals, then the good URL');
    assert.match(asks[0]!.validation ?? '', /http\(s\) URL/);
    assert.match(asks[1]!.validation ?? '', /http\(s\) URL/);
    assert.equal(asks[2]!.validation, undefined);
    assert.ok(
      input.asked.some((entry) => entry.kind === 'confirm' && entry.title.includes(receiver.url)),
      'the notice names the new URL',
    );
    // The sandbox now sends this app's events there.
    const sandbox = await wallet.api.localSandbox();
    const app = wallet.api.accounts.activeApp('local')!;
    const probe = sandbox.sendTestEvent('PHONE_TRANSFER', app.id);
    assert.equal(probe.url, receiver.url);
    await waitFor('the probe event reached the receiver', () => receiver.received.length >= 1);
  });

  it('Set Webhook URL starts from the current URL: Enter keeps it (issue 55)', async () => {
    const input = await runScripted(wallet.api, 'walletConsole.setWebhookUrl', [DEFAULT]);
    const [ask] = input.asked.filter((entry) => entry.kind === 'ask');
    assert.equal(ask!.value, receiver.url, 'the box holds the URL set before');
    assert.ok(ask!.prompt?.includes(`now ${receiver.url}`), ask!.prompt);
    const sandbox = await wallet.api.localSandbox();
    assert.equal(sandbox.sendTestEvent('PHONE_TRANSFER', wallet.api.accounts.activeApp('local')!.id).url, receiver.url, 'unchanged');
    await waitFor('the probe event reached the receiver', () => receiver.received.length >= 2);
  });

  it('a test event is marked as one in the Events view (title, hover, screen reader); an event a transfer caused is not', async () => {
    await runScripted(wallet.api, 'walletConsole.triggerTestEvent', ['Bank transfer']);
    const sandbox = await wallet.api.localSandbox();
    const testId = sandbox.events()[0]!.id;
    await wallet.api.accounts.withWallet((client, credentials) =>
      client.sendToPhone(credentials, { mobile: '2349090000000', amount: 1_00 }),
    );
    const realId = sandbox.events()[0]!.id;
    assert.notEqual(realId, testId, 'the transfer caused an event');
    await waitFor('the view lists the transfer’s event', async () => (await shownEvent(realId)) !== undefined);
    const item = async (id: string) => tree().getTreeItem((await eventNodes()).find((node) => node.id === id)!);
    const test = await item(testId);
    assert.equal(test.label, 'Bank transfer (test event)');
    assert.match(String(test.tooltip), /A test event \(Trigger Test Event, .*\): the integration review makes no finding of it\./);
    assert.match(test.accessibilityInformation!.label, /^Bank transfer \(test event\), /);
    const real = await item(realId);
    assert.equal(real.label, 'Phone transfer');
    assert.doesNotMatch(`${String(real.tooltip)} ${real.accessibilityInformation!.label}`, /test event|Trigger Test Event/i);
  });

  it('a receiver answering 500 then 200 shows in the Events view with two attempts (the clock advanced between)', async () => {
    const before = receiver.received.length;
    receiver.answer(500, 200);
    await runScripted(wallet.api, 'walletConsole.triggerTestEvent', ['Bank transfer']);
    const sandbox = await wallet.api.localSandbox();
    const id = sandbox.events()[0]!.id;
    await waitFor('the view shows the event retrying', async () => (await shownEvent(id))?.state === 'retrying');
    assert.equal(receiver.received.length, before + 1);
    const retrying = (await eventNodes()).find((node) => node.id === id)!;
    assert.match(await description(retrying), /retrying/);
    assert.equal((await tree().getChildren(retrying)).length, 1);
    const once = (await tree().getTreeItem(retrying)).tooltip;
    assert.match(String(once), /^1 attempt$/m, `one attempt, in the singular (issue 25): ${String(once)}`);

    await runScripted(wallet.api, 'walletConsole.advanceSandboxClock', ['1 min']);
    await waitFor('the view shows the event delivered', async () => (await shownEvent(id))?.state === 'delivered');
    const delivered = (await eventNodes()).find((node) => node.id === id)!;
    assert.match(await description(delivered), /delivered/);
    assert.equal((await eventNodes())[0]!.id, id, 'newest first');
    const attempts = await tree().getChildren(delivered);
    assert.equal(attempts.length, 2, 'two attempts below the event');
    const [latest, first] = await Promise.all(attempts.map(async (node) => description(node)));
    assert.match(latest!, /^200 · \d+ ms$/);
    assert.match(first!, /^500 · \d+ ms$/);
    assert.equal(receiver.received.at(-1)?.attempt, '2', 'the receiver saw attempt 2');
  });

  it('the badge counts failed deliveries, and Redeliver (from the tree) brings one back', async () => {
    const view = wallet.api.sandboxViews.eventsView;
    const failedBefore = view.badge?.value ?? 0;
    receiver.answer(500, 500, 500, 500, 500, 500);
    await runScripted(wallet.api, 'walletConsole.triggerTestEvent', ['Phone transfer']);
    const sandbox = await wallet.api.localSandbox();
    const id = sandbox.events()[0]!.id;
    await waitFor('first attempt failed', async () => (await shownEvent(id))?.state === 'retrying');
    // Each retry waits longer, counted from the attempt before it: one day past each attempt, five times.
    for (let retry = 2; retry <= 6; retry++) {
      await runScripted(wallet.api, 'walletConsole.advanceSandboxClock', ['1 day']);
      await waitFor(`attempt ${retry} was made`, async () => ((await shownEvent(id))?.attempts.length ?? 0) >= retry);
    }
    await waitFor('the event failed after its last retry', async () => (await shownEvent(id))?.state === 'failed');
    await waitFor('the badge counts it', () => (view.badge?.value ?? 0) === failedBefore + 1);
    assert.match(view.badge?.tooltip ?? '', /failed webhook deliveries/);
    assert.equal((await shownEvent(id))?.attempts.length, 6);

    const node = (await eventNodes()).find((candidate) => candidate.id === id)!;
    await runScripted(wallet.api, 'walletConsole.redeliverEvent', [], node);
    await waitFor('the redelivery succeeded', async () => (await shownEvent(id))?.state === 'delivered');
    assert.equal((await shownEvent(id))?.attempts.length, 7, 'a new attempt, the old ones kept');
    await waitFor('the badge went back down', () => (view.badge?.value ?? 0) === failedBefore);
  });

  it('Redeliver from the palette picks an event; Trigger Test Event without a URL says what to do', async () => {
    const sandbox = await wallet.api.localSandbox();
    const latest = sandbox.events()[0]!;
    const count = latest.attempts.length;
    await runScripted(wallet.api, 'walletConsole.redeliverEvent', [latest.id]);
    await waitFor('one more attempt', async () => ((await shownEvent(latest.id))?.attempts.length ?? 0) === count + 1);

    await runScripted(wallet.api, 'walletConsole.setWebhookUrl', ['']);
    const input = await runScripted(wallet.api, 'walletConsole.triggerTestEvent', ['Bank transfer']);
    assert.equal(input.errors.length, 1);
    assert.match(input.errors[0]!, /has no webhook URL yet/);
    assert.ok(input.errorButtons[0]?.includes('Set Webhook URL'), 'the error offers Set Webhook URL');
    await runScripted(wallet.api, 'walletConsole.setWebhookUrl', [receiver.url]);
  });

  it('an event opens in the panel with its payload and every attempt’s answer; Redeliver there sends it again', async () => {
    const sandbox = await wallet.api.localSandbox();
    const event = sandbox.events().find((candidate) => candidate.attempts.some((attempt) => attempt.status === 500))!;
    await runScripted(wallet.api, 'walletConsole.showEvent', [], event.id);
    const handle = (await vscode.commands.executeCommand<WebviewTestHandle>('walletConsole.test.webview'))!;
    await handle.whenIdle();
    let snapshot = handle.snapshot();
    assert.equal(snapshot.pageKind, 'event');
    assert.deepEqual(snapshot.state, { view: 'event', id: event.id });
    const reference = String(event.payload.payload.data['transactionReference']);
    assert.ok(snapshot.html.includes(reference), 'the payload is on the page');
    assert.ok(snapshot.html.includes('receiver says 500'), 'the failed attempt’s answer is on the page');
    assert.match(snapshot.html, /Attempt 1/);
    assert.match(snapshot.html, /script-src &#39;nonce-/);

    const attempts = sandbox.event(event.id)!.attempts.length;
    await handle.receive({ type: 'redeliver' });
    await waitFor('the redelivery from the panel was attempted', () => sandbox.event(event.id)!.attempts.length === attempts + 1);
    // The page adds the attempt in place (the host sends it; no new document).
    await waitFor('the panel drew the new attempt', async () => {
      await handle.whenIdle();
      return handle.snapshot().renderedText?.includes(`Attempt ${attempts + 1}`) ?? false;
    });
    snapshot = handle.snapshot();
    assert.ok(snapshot.renderedText?.includes('thanks'));
  });

  it('Send Webhooks as Production Does: a withheld event never comes; copies at once and an older event show as such', async () => {
    const sandbox = await wallet.api.localSandbox();
    await runScripted(wallet.api, 'walletConsole.sendWebhooksAsProduction', ['Withhold the Next Event', 'Phone transfer']);
    const before = receiver.received.length;
    await wallet.api.accounts.withWallet((client, credentials) =>
      client.sendToPhone(credentials, { mobile: '2349090000000', amount: 1_00 }),
    );
    const withheld = sandbox.events()[0]!;
    assert.equal(withheld.state, 'withheld');
    await waitFor('the view shows it withheld', async () => (await shownEvent(withheld.id))?.state === 'withheld');
    const row = async (id: string) => (await eventNodes()).find((node) => node.id === id)!;
    assert.match(await description(await row(withheld.id)), /· withheld, never sent$/);
    assert.match(String((await tree().getTreeItem(await row(withheld.id))).tooltip), /your app never got it/);
    assert.equal(receiver.received.length, before, 'nothing was sent');

    // From its row: three copies at once, each an attempt under it.
    await runScripted(wallet.api, 'walletConsole.sendWebhooksAsProduction', ['Copies at Once', '3 copies'], await row(withheld.id));
    await waitFor('the view shows the copies delivered', async () => (await shownEvent(withheld.id))?.attempts.length === 3);
    const copies = await Promise.all((await tree().getChildren(await row(withheld.id))).map((node) => description(node)));
    assert.equal(copies.length, 3);
    for (const text of copies) assert.match(text, /^200 · \d+ ms · one of 3 copies sent at once$/);
    assert.equal(receiver.received.length, before + 3);

    // A bank transfer that succeeds at once, then its older PENDING after it, from the palette.
    await wallet.api.accounts.withWallet((client, credentials) =>
      client.sendToBank(credentials, {
        accountNumber: '1000000001',
        bankCode: '000014',
        accountName: 'SANDBOX INSTANT SUCCESS',
        amount: 1_00,
      }),
    );
    const success = sandbox.events()[0]!;
    await waitFor('the SUCCESS was delivered', () => sandbox.event(success.id)?.state === 'delivered');
    await runScripted(wallet.api, 'walletConsole.sendWebhooksAsProduction', ['Older Event After the Newer'], success.id);
    const older = sandbox.events()[0]!;
    assert.equal(older.outOfOrderAfter, success.id);
    await waitFor('the view lists the older event delivered', async () => (await shownEvent(older.id))?.state === 'delivered');
    const item = await tree().getTreeItem(await row(older.id));
    assert.equal(item.label, 'Bank transfer (older, sent out of order)');
    assert.match(String(item.description), /· PENDING · delivered$/);
    assert.match(String(item.tooltip), new RegExp(`sent after the newer one \\(${success.id}\\)`));
  });

  it('outside the local environment the view is empty (its welcome says why) and the sandbox commands refuse', async () => {
    await setSetting('environment', 'staging');
    try {
      assert.deepEqual(await tree().getChildren(), []);
      const input = await runScripted(wallet.api, 'walletConsole.triggerTestEvent', []);
      assert.match(input.errors[0] ?? '', /local sandbox only/);
    } finally {
      await setSetting('environment', 'local');
    }
    assert.ok((await tree().getChildren()).length > 0, 'back in the local sandbox the events are back');
  });

  it('no password, token, app key or passcode in the Events view’s items or the event panel’s HTML', async () => {
    const secrets = await storedSecrets(wallet);
    assert.ok(secrets.size >= 6, 'the audit knows the secrets of the flow');
    assertNoSecret((await treeText(tree())).join('\n'), secrets, 'the Events view');
    const handle = (await vscode.commands.executeCommand<WebviewTestHandle>('walletConsole.test.webview'))!;
    for (const event of (await wallet.api.localSandbox()).events().slice(0, 5)) {
      await runScripted(wallet.api, 'walletConsole.showEvent', [], event.id);
      await handle.whenIdle();
      assertNoSecret(handle.snapshot().html, secrets, `the panel of event ${event.id}`);
    }
  });
});
