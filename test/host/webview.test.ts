// The Wallet Console panel in a real extension host, against the local sandbox: transaction
// detail, one reused panel, bank verification (panel and palette), hostile strings, restore.
//
// How the tests read the panel: in test mode the extension registers `walletConsole.test.webview`,
// which returns a handle onto the panel host: the HTML it last set, the detail model, the
// messages it posted, and the text the webview script reported after drawing (when the webview
// runs at all in this workbench). Messages from the page are simulated through the handle; they
// pass the same guard as real ones.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Transaction } from '../../src/api';
import { makeValidAccountNumber } from '../../src/sandbox/domain/nuban';
import type { WebviewTestHandle } from '../../src/webview/panelRecorder';
import type { HostMessage, VerificationOutcome } from '../../src/webview/protocol';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { runScripted } from './support/extension';
import { waitFor } from './support/waitFor';

const TEST_COMMAND = 'walletConsole.test.webview';
const HOSTILE_TAG = '<img src=x onerror=alert(1)>';
const HOSTILE_SCRIPT = '</script><script>alert(1)</script>';
const HOSTILE_QUOTES = `"double" 'single' \`back\``;

async function addTransaction(wallet: ConnectedWallet, body: Record<string, unknown>): Promise<Transaction> {
  const url = `${await wallet.api.sandboxUrl()}/__sandbox/transactions?mobile=${encodeURIComponent(wallet.mobile)}`;
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  assert.ok(response.ok, `adding a sandbox transaction answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: { transaction: Transaction } }).data.transaction;
}

function outcomes(sent: HostMessage[]): VerificationOutcome[] {
  return sent.flatMap((message) => (message.type === 'verifyResult' ? [message.outcome] : []));
}

/** Waits until the webview script reports (message 'rendered') a page text containing `includes`. */
async function renderedText(handle: WebviewTestHandle, includes: string): Promise<string> {
  return waitFor(
    () => `the webview to draw "${includes}"; it last reported: ${handle.snapshot().renderedText}`,
    () => {
      const text = handle.snapshot().renderedText;
      return text?.includes(includes) ? text : undefined;
    },
  );
}

describe('Webview panel: transaction detail and bank verification (local sandbox)', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;
  let handle: WebviewTestHandle;
  let bankTransfer: Transaction;
  let bill: Transaction;
  /** Panels other test files opened before this one (the counter is per extension host). */
  let panelsBefore = 0;
  const accountNumber = makeValidAccountNumber('000014', '207915199');
  const wrongNumber = accountNumber.slice(0, -1) + String((Number(accountNumber.slice(-1)) + 1) % 10);

  async function show(argument: unknown, answers: string[] = []) {
    const input = await runScripted(wallet.api, 'walletConsole.showTransaction', answers, argument);
    await handle.whenIdle();
    return input;
  }

  before(async () => {
    wallet = await connectFreshWallet('webview');
    const found = await vscode.commands.executeCommand<WebviewTestHandle>(TEST_COMMAND);
    assert.ok(found, `${TEST_COMMAND} is not registered: is registerWebview wired into src/extension.ts?`);
    handle = found;
    panelsBefore = handle.snapshot().panelsCreated;
    bankTransfer = await addTransaction(wallet, {
      type: 'bank',
      amount: 150_050,
      recipient: {
        accountNumber,
        accountName: 'DAMBATTA MARYAM LAMI',
        bankCode: '000014',
        bankName: 'ACCESS BANK',
      },
    });
    bill = await addTransaction(wallet, {
      type: 'bills',
      amount: 20_000,
      recipient: { metadata: { billerName: 'mtn', billCustomerID: '2347030000001', billType: 'vtu' } },
    });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens a transaction and shows every field', async () => {
    const input = await show(bankTransfer.reference);
    assert.deepEqual(input.errors, []);
    const snapshot = handle.snapshot();
    assert.equal(snapshot.open, true);
    assert.equal(snapshot.pageKind, 'transaction');
    assert.deepEqual(snapshot.state, { view: 'transaction', reference: bankTransfer.reference, env: 'local' });
    const html = snapshot.html;
    assert.ok(html.includes('₦1,500.50'), 'the amount in naira');
    assert.ok(html.includes('title="150,050 kobo"'), 'the kobo on hover');
    assert.ok(html.includes('Bank transfer (bank)'));
    assert.ok(html.includes(bankTransfer.reference));
    assert.ok(html.includes(`<time datetime="${bankTransfer.createdAt}">`), 'dates in <time> elements');
    const created = snapshot.detail?.summary.find((field) => field.label === 'Created');
    assert.equal(
      created?.value,
      new Intl.DateTimeFormat(vscode.env.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(bankTransfer.createdAt)),
      'in the user’s locale',
    );
    assert.ok(html.includes('DAMBATTA MARYAM LAMI') && html.includes('ACCESS BANK (000014)'));
    assert.ok(html.includes(accountNumber), 'the account number in full: one record, opened on purpose');
    assert.ok(
      html.includes('data-action="copy-reference"') && html.includes('data-action="copy-json"') && html.includes('data-action="open-json"'),
    );
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1]?.replace(/&#39;/g, "'");
    assert.match(csp ?? '', /^default-src 'none'; style-src [^;]+; script-src 'nonce-[A-Za-z0-9+/]{24}'; img-src [^;]+; font-src [^;]+$/);
    assert.doesNotMatch(csp ?? '', /unsafe/);
    assert.equal(snapshot.title, `Transaction ${bankTransfer.reference}`);

    // The page really runs: its script reports what it drew, after 'ready' and the host's 'init'.
    const text = await renderedText(handle, '₦1,500.50');
    assert.ok(text.includes('DAMBATTA MARYAM LAMI') && text.includes(accountNumber), 'the webview drew the page');
    assert.ok(text.includes('150,050 kobo') && text.includes(bankTransfer.createdAt), 'kobo and the exact time are text, not only a hover');
    assert.equal(handle.snapshot().ready, true);
    const init = handle.snapshot().sent.find((message) => message.type === 'init');
    assert.ok(init, 'after ready, the host sent its data');
    assert.equal(init.type === 'init' && init.reportRendered, true, 'under extension tests the page is asked to report what it drew');
  });

  it('reuses the one panel for the next transaction (tree node argument) and shows bill metadata', async () => {
    const before = handle.snapshot().panelsCreated;
    await show({ kind: 'transaction', reference: bill.reference });
    const snapshot = handle.snapshot();
    assert.equal(snapshot.panelsCreated, before, 'no second panel');
    assert.deepEqual(snapshot.state, { view: 'transaction', reference: bill.reference, env: 'local' });
    assert.ok(snapshot.html.includes('₦200.00') && snapshot.html.includes('Bill payment (bills)'));
    for (const text of ['Biller', 'MTN', 'Customer ID', '2347030000001', 'Bill type', 'vtu']) assert.ok(snapshot.html.includes(text), text);
    // The tab model follows the workbench asynchronously: wait for it to show the panel's tab.
    const webviewTabs = () =>
      vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputWebview);
    await waitFor('the tab model to show the webview tab', () => webviewTabs().length > 0);
    assert.equal(webviewTabs().length, 1, 'one webview tab');
  });

  it('asks for a reference from the palette, validated as typed', async () => {
    const input = await show(undefined, ['not a reference!', `  ${bankTransfer.reference}  `]);
    assert.match(input.asked[0]?.validation ?? '', /reference/i);
    assert.equal(input.asked.length, 2);
    assert.deepEqual(handle.snapshot().state, { view: 'transaction', reference: bankTransfer.reference, env: 'local' });
    assert.equal(handle.snapshot().panelsCreated - panelsBefore, 1);
  });

  it('copies and opens the raw record as read-only JSON', async () => {
    await handle.receive({ type: 'copy', what: 'reference' });
    const notice = handle.snapshot().sent.find((message) => message.type === 'notice');
    assert.ok(notice && notice.type === 'notice');
    if (notice.level === 'info') {
      assert.equal(notice.text, 'Reference copied.');
      assert.equal(await vscode.env.clipboard.readText(), bankTransfer.reference);
      await handle.receive({ type: 'copy', what: 'json' });
      assert.equal(JSON.parse(await vscode.env.clipboard.readText()).reference, bankTransfer.reference);
    } else {
      // The browser workbench may refuse clipboard access without a user gesture; the page says so.
      assert.equal(notice.text, 'Could not copy to the clipboard.');
    }

    await handle.receive({ type: 'openJson' });
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor, 'a JSON editor is open');
    assert.equal(editor.document.uri.scheme, 'wallet-console-record');
    assert.equal(editor.document.languageId, 'json');
    const record = JSON.parse(editor.document.getText()) as Transaction;
    assert.deepEqual(record, bankTransfer, 'the raw record, every field');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    await runScripted(wallet.api, 'walletConsole.openTransactionJson', [], bill.reference);
    assert.equal((JSON.parse(vscode.window.activeTextEditor!.document.getText()) as Transaction).reference, bill.reference);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('offers "Verify this recipient" on a bank transfer, filled in; a linked account in the tree opens the same', async () => {
    await show(bankTransfer.reference);
    assert.ok(handle.snapshot().html.includes('data-action="verify-recipient"'));
    await handle.receive({ type: 'verifyRecipient' });
    let snapshot = handle.snapshot();
    assert.deepEqual(snapshot.state, { view: 'verify' });
    assert.ok(snapshot.html.includes('<option value="000014" selected>ACCESS BANK · 000014</option>'), 'the bank chosen');
    assert.match(snapshot.html, new RegExp(`<input id="account"[^>]* value="${accountNumber}"`), 'the number typed in');
    assert.ok(snapshot.html.includes(`Back to transaction ${bankTransfer.reference}`));

    await show(bill.reference);
    assert.doesNotMatch(handle.snapshot().html, /verify-recipient|navigate-verify/, 'a bill has no bank account to verify');

    const { walletTree } = wallet.api.views;
    const [walletNode] = await walletTree.getChildren();
    const [, accountsNode] = await walletTree.getChildren(walletNode);
    const linked = (await walletTree.getChildren(accountsNode)).find((node) => node.kind === 'account');
    assert.ok(linked?.kind === 'account', 'the sandbox wallet has a linked account');
    const row = walletTree.getTreeItem(linked);
    assert.doesNotMatch(String(row.description), /\d{10}/, 'masked in the tree');
    assert.equal(row.command?.command, 'walletConsole.verifyBankAccount', 'Enter or a click opens it');
    await runScripted(wallet.api, row.command.command, [], ...(row.command.arguments ?? []));
    await handle.whenIdle();
    snapshot = handle.snapshot();
    assert.deepEqual(snapshot.state, { view: 'verify' });
    assert.match(
      snapshot.html,
      new RegExp(`<input id="account"[^>]* value="${linked.account.accountNumber}"`),
      'in full, to verify or copy',
    );
  });

  it('after a switch of environment, drops what belongs to the old one, and shows it again on the way back', async () => {
    const settled = async (check: () => boolean, what: string) => {
      await waitFor(what, check);
      await handle.whenIdle();
      assert.ok(check(), what);
    };
    await show(bankTransfer.reference);
    try {
      await runScripted(wallet.api, 'walletConsole.switchEnvironment', ['Staging']);
      await settled(() => handle.snapshot().pageKind === 'error', 'the panel followed the switch');
      let snapshot = handle.snapshot();
      assert.ok(snapshot.html.includes(`Transaction ${bankTransfer.reference} is in Local sandbox`), snapshot.html);
      assert.ok(!snapshot.html.includes('data-action="retry"'), 'no "Try again" that cannot work');

      await handle.receive({ type: 'navigate', view: 'verify' });
      snapshot = handle.snapshot();
      assert.equal(snapshot.pageKind, 'verify');
      assert.ok(!snapshot.html.includes('Back to transaction'), 'no way back to a record of another environment');
      await handle.receive({ type: 'back' });
      assert.deepEqual(handle.snapshot().state, { view: 'verify' }, '"back" goes nowhere');
    } finally {
      await runScripted(wallet.api, 'walletConsole.switchEnvironment', ['Local sandbox']);
    }
    await settled(
      () => handle.snapshot().html.includes(`Back to transaction ${bankTransfer.reference}`),
      'back in the sandbox, the way back to the transaction is offered again',
    );
    await handle.receive({ type: 'back' });
    assert.equal(handle.snapshot().pageKind, 'transaction');
    assert.ok(handle.snapshot().html.includes('DAMBATTA MARYAM LAMI'), 'the transaction is shown again');
  });

  it('shows an unknown reference’s error in the panel, in plain words', async () => {
    const input = await show('0123456789abcdef01234567');
    assert.deepEqual(input.errors, [], 'the panel says it; no second notification');
    const snapshot = handle.snapshot();
    assert.equal(snapshot.pageKind, 'error');
    assert.match(snapshot.html, /no transaction with that reference/);
    assert.match(snapshot.html, /Transaction not found/);
    assert.ok(snapshot.html.includes('data-action="retry"'));
    assert.equal(snapshot.panelsCreated - panelsBefore, 1);
  });

  it('ignores messages that are not in the protocol', async () => {
    await show(bankTransfer.reference);
    const before = handle.snapshot();
    for (const message of [
      { type: 'eval', code: 'alert(1)' },
      { type: 'verify', bankCode: 14 },
      { type: 'copy', what: 'appKey' },
      'ready',
      null,
    ]) {
      await handle.receive(message);
    }
    const after = handle.snapshot();
    assert.deepEqual(after.state, before.state);
    assert.equal(after.html, before.html);
    assert.deepEqual(after.sent, before.sent);
  });

  it('shows hostile strings from the API as text', async () => {
    const hostile = await addTransaction(wallet, {
      type: 'bank',
      amount: 1,
      // The fields the admin API's one recipient schema takes: a bank's name is kept as given.
      recipient: {
        accountName: HOSTILE_TAG,
        bankName: `${HOSTILE_SCRIPT} ${HOSTILE_QUOTES}`,
        bankCode: '000014',
        accountNumber: '0123456789',
      },
    });
    await show(hostile.reference);
    const html = handle.snapshot().html;
    assert.equal(handle.snapshot().pageKind, 'transaction');
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the tag is escaped');
    assert.ok(!html.includes('<img'), 'no img element');
    assert.ok(html.includes('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;'), 'the script tags are escaped');
    assert.equal(html.split('<script').length - 1, 1, 'only our script element');
    assert.equal(html.split('</script>').length - 1, 1, 'only our closing script tag');
    assert.ok(html.includes('&quot;double&quot; &#39;single&#39; &#96;back&#96;'), 'quotes are escaped');
    assert.doesNotMatch(html, /\son[a-z]+=(?!alert\(1\)&gt;)/, 'no event-handler attribute outside escaped text');

    const text = await renderedText(handle, HOSTILE_TAG);
    assert.ok(text.includes(HOSTILE_SCRIPT) && text.includes(HOSTILE_QUOTES), 'the page shows the strings as text');
  });

  it('verifies a valid and an invalid account in the panel: the result in full, the recent list masked', async () => {
    await wallet.admin.clearRequests();
    const input = await runScripted(wallet.api, 'walletConsole.verifyBankAccount', []);
    await handle.whenIdle();
    assert.deepEqual(input.errors, []);
    let snapshot = handle.snapshot();
    assert.equal(snapshot.panelsCreated - panelsBefore, 1, 'the same panel, now on its verification page');
    assert.deepEqual(snapshot.state, { view: 'verify' });
    assert.equal(snapshot.pageKind, 'verify');
    assert.ok(snapshot.html.includes('<option value="000014">ACCESS BANK · 000014</option>'), 'the bank list');
    assert.ok(
      snapshot.html.includes('id="bank-filter"') && snapshot.html.includes('id="account"') && snapshot.html.includes('id="verify-button"'),
    );

    // A person can only press Verify on a page that runs: the page's own 'verify' comes after its
    // 'ready'. Sent sooner (the page still loading on a busy machine), the answers go to a document
    // that is being replaced, and the new one never draws them.
    await waitFor('the verification page to say it is ready', () => handle.snapshot().ready);
    await handle.receive({ type: 'verify', bankCode: '000014', accountNumber });
    await handle.receive({ type: 'verify', bankCode: '000014', accountNumber: wrongNumber });
    snapshot = handle.snapshot();
    const [valid, invalid] = outcomes(snapshot.sent);
    assert.ok(valid?.ok, `the valid account resolves: ${JSON.stringify(valid)}`);
    assert.match(valid.accountName, /\S/);
    assert.equal(valid.bankName, 'ACCESS BANK');
    assert.equal(valid.accountNumber, accountNumber, 'the number the user just typed, in full');
    assert.ok(invalid && !invalid.ok, 'the invalid account does not');
    assert.match(invalid.message, /Could not resolve account name/);
    const lastResult = [...snapshot.sent].reverse().find((message) => message.type === 'verifyResult');
    assert.ok(lastResult?.type === 'verifyResult');
    // Newest first; other test files may have verified accounts earlier in this session.
    assert.ok(lastResult.recent.length >= 2);
    assert.equal(lastResult.recent[0]?.maskedAccount, `******${wrongNumber.slice(-4)}`);
    assert.equal(lastResult.recent[1]?.accountName, valid.accountName);
    const recentText = JSON.stringify(lastResult.recent);
    assert.ok(!recentText.includes(accountNumber) && !recentText.includes(wrongNumber), 'the recent list never holds a full number');
    const drawn = await renderedText(handle, 'Not verified');
    assert.ok(drawn.includes(`ACCESS BANK ******${accountNumber.slice(-4)}: ${valid.accountName}`), 'the recent list, masked, in the page');

    // A malformed number from the page is refused by the host, in words.
    await handle.receive({ type: 'verify', bankCode: '000014', accountNumber: '12' });
    const refused = outcomes(handle.snapshot().sent).at(-1);
    assert.ok(refused && !refused.ok);
    assert.match(refused.message, /10-digit NUBAN/);
  });

  it('verifies from the palette without the panel, reusing the cached bank list', async () => {
    const good = await runScripted(wallet.api, 'walletConsole.verifyBankAccountQuick', ['ACCESS BANK', '12345', accountNumber]);
    assert.deepEqual(good.errors, []);
    assert.equal(good.asked[0]?.kind, 'pick');
    assert.match(good.asked[1]?.validation ?? '', /10-digit NUBAN/);
    const answer = good.asked.find((entry) => entry.kind === 'confirm');
    assert.match(
      answer?.title ?? '',
      new RegExp(`Account ${accountNumber} at ACCESS BANK belongs to \\S`),
      'the number just typed, in full',
    );

    const bad = await runScripted(wallet.api, 'walletConsole.verifyBankAccountQuick', ['000014', wrongNumber]);
    assert.deepEqual(bad.errors, []);
    assert.match(bad.asked.find((entry) => entry.kind === 'confirm')?.title ?? '', /was not verified: Could not resolve account name/);
    assert.ok((await wallet.admin.count('/v1/queries/banks')) <= 1, 'one bank-list fetch for the session');
    assert.equal(await wallet.admin.count('/v1/queries/verify'), 4, 'two panel and two palette verifications reached the server');
  });

  it('restores from its saved state after a reload (view, reference and its environment; nothing else)', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await handle.whenIdle();
    assert.equal(handle.snapshot().open, false);
    const created = handle.snapshot().panelsCreated;

    const restored = vscode.window.createWebviewPanel('walletConsole.detail', 'Wallet Console', vscode.ViewColumn.Active, {});
    await handle.restore(restored, { view: 'transaction', reference: bill.reference, appKey: 'sk_test_00000000000000000000000000000000' });
    let snapshot = handle.snapshot();
    assert.equal(snapshot.panelsCreated, created + 1);
    assert.deepEqual(snapshot.state, { view: 'transaction', reference: bill.reference, env: 'local' });
    assert.equal(snapshot.pageKind, 'transaction');
    assert.ok(snapshot.html.includes(bill.reference));
    assert.equal(restored.webview.options.enableScripts, true);
    assert.equal(restored.webview.options.localResourceRoots?.length, 1);
    assert.match(restored.webview.options.localResourceRoots?.[0]?.path ?? '', /\/media$/);

    // A second panel of our type (not expected) is closed; the first one stays.
    const extra = vscode.window.createWebviewPanel('walletConsole.detail', 'Wallet Console', vscode.ViewColumn.Active, {});
    let extraClosed = false;
    extra.onDidDispose(() => (extraClosed = true));
    await handle.restore(extra, { view: 'verify' });
    assert.equal(extraClosed, true);
    snapshot = handle.snapshot();
    assert.deepEqual(snapshot.state, { view: 'transaction', reference: bill.reference, env: 'local' });

    // Saved in another environment: the panel says where the record is instead of looking it up here.
    restored.dispose();
    const elsewhere = vscode.window.createWebviewPanel('walletConsole.detail', 'Wallet Console', vscode.ViewColumn.Active, {});
    await handle.restore(elsewhere, { view: 'transaction', reference: bill.reference, env: 'staging' });
    snapshot = handle.snapshot();
    assert.deepEqual(snapshot.state, { view: 'transaction', reference: bill.reference, env: 'staging' });
    assert.equal(snapshot.pageKind, 'error');
    assert.ok(snapshot.html.includes(`Transaction ${bill.reference} is in Staging`), 'names the environment it belongs to');
    assert.ok(!snapshot.html.includes('Try again'), 'no retry that could not work here');

    // A state that is not ours falls back to the verification page.
    elsewhere.dispose();
    const odd = vscode.window.createWebviewPanel('walletConsole.detail', 'Wallet Console', vscode.ViewColumn.Active, {});
    await handle.restore(odd, { view: 'transaction', reference: '../../etc/passwd' });
    assert.deepEqual(handle.snapshot().state, { view: 'verify' });
  });

  it('never puts an app key or wallet token in the page, its state or its messages', async () => {
    const env = 'local';
    const app = wallet.api.accounts.activeApp(env)!;
    const keys = await wallet.api.accounts.store.appSecrets(env, app.id);
    const tokens = await wallet.api.accounts.store.walletSecrets(env, wallet.mobile);
    await show(bankTransfer.reference);
    const everything = JSON.stringify(handle.snapshot());
    for (const secret of [keys?.key, keys?.sandboxKey, tokens?.accessToken, tokens?.refreshToken]) {
      assert.ok(secret && secret.length > 8);
      assert.ok(!everything.includes(secret), 'a secret reached the panel');
    }
  });
});
