// The status-bar balance, the words the views show and speak, the sidebar's split and its
// welcome views, against the local sandbox; then the Wallet view's auto-refresh timer. The
// wallet comes from test/host/support/viewsWallet.ts; the last test here disconnects it and
// signs out.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { maskMobile } from '../../src/masking/masking';
import type { WalletNode } from '../../src/views/walletTree';
import { AutoRefresh } from '../../src/views/autoRefresh';
import { type ConnectedWallet } from './support/connectedWallet';
import { activateExtension, runScripted, setSetting } from './support/extension';
import { label } from './support/sandboxSurfaces';
import { waitFor } from './support/waitFor';
import { closeViewsWallet, openViewsWallet } from './support/viewsWallet';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('Wallet views and the status-bar balance (local sandbox) — status bar, labels and welcome views', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;

  before(async () => ({ wallet } = await openViewsWallet()));
  after(() => closeViewsWallet(wallet));

  it('shows the balance in the status bar and updates it on refresh', async () => {
    const status = wallet.api.views.balanceStatus;
    await vscode.commands.executeCommand('walletConsole.refreshBalance');
    const before = status.text;
    assert.match(before ?? '', /^\$\(credit-card\) ₦[\d,]+\.\d{2}$/);
    await wallet.admin.setBalance(wallet.mobile, 1_234_000);
    await vscode.commands.executeCommand('walletConsole.refreshBalance');
    assert.equal(status.text, '$(credit-card) ₦12,340.00');
    // Screen readers hear what it is, in naira, not the icon's name (issue 17 item 5).
    assert.equal(status.accessibleLabel, 'Wallet balance 12,340.00 naira. Refresh balance');
    const balanceRow = wallet.api.views.walletTree.getTreeItem({ kind: 'balance' });
    assert.match(balanceRow.accessibilityInformation?.label ?? '', /^Balance, 12,340\.00 naira, updated \d/);
    const [firstRow] = (await wallet.api.views.walletTree.getChildren({ kind: 'transactions' })).filter(
      (node) => node.kind === 'transaction',
    );
    const spoken = firstRow ? wallet.api.views.walletTree.getTreeItem(firstRow).accessibilityInformation?.label : undefined;
    assert.match(spoken ?? '', /^(Bank transfer|Phone transfer|Bill payment|BVN check|Airtime \(VTU\)) [\d,]+\.\d{2} naira, /);
    // A passive surface: the wallet's mobile masked (src/masking/masking.ts).
    assert.match(
      status.tooltip ?? '',
      new RegExp(`Wallet ${escapeRegExp(maskMobile(wallet.mobile))}[\\s\\S]*Local sandbox[\\s\\S]*Updated`),
    );
    assert.ok(!status.tooltip?.includes(wallet.mobile), 'never the full mobile in the status bar');
    await setSetting('statusBar.showBalance', false);
    assert.equal(status.text, undefined, 'the setting hides it');
    await setSetting('statusBar.showBalance', undefined);
    assert.ok(status.text);
  });

  it('no row, description or status text starts or ends with a space or holds two in a row (issue 17 item 5)', async () => {
    // Server strings arrive untrimmed (a name padded to a fixed width, as banks send them).
    await wallet.admin.addTransaction(wallet.mobile, {
      type: 'bank',
      amount: 250_000,
      // The admin API trims an account name (its one schema); a bank's name is kept as given.
      recipient: { accountName: 'OGUNLEYE BLESSING', accountNumber: '2891740466', bankName: '  OPAY  DIGITAL ', bankCode: '100004' },
    });
    await vscode.commands.executeCommand('walletConsole.refresh');
    const texts: string[] = [];
    const collect = (where: string, item: vscode.TreeItem) => {
      texts.push(`${where} label: ${JSON.stringify(label(item))}`);
      if (typeof item.description === 'string') texts.push(`${where} description: ${JSON.stringify(item.description)}`);
      if (item.accessibilityInformation) texts.push(`${where} spoken: ${JSON.stringify(item.accessibilityInformation.label)}`);
    };
    const { walletTree, developerTree, balanceStatus } = wallet.api.views;
    const walk = async (node?: WalletNode): Promise<void> => {
      for (const child of await walletTree.getChildren(node)) {
        collect(child.kind, walletTree.getTreeItem(child));
        await walk(child);
      }
    };
    await walk();
    for (const node of await developerTree.getChildren()) {
      collect(node.kind, developerTree.getTreeItem(node));
      for (const child of await developerTree.getChildren(node)) collect(child.kind, developerTree.getTreeItem(child));
    }
    texts.push(`status text: ${JSON.stringify(balanceStatus.text)}`, `status spoken: ${JSON.stringify(balanceStatus.accessibleLabel)}`);
    assert.ok(
      texts.some((text) => text.includes('OGUNLEYE BLESSING, OPAY')),
      `the padded recipient is shown, tidied: ${texts
        .filter((text) => text.startsWith('transaction'))
        .slice(2, 6)
        .join(' | ')}`,
    );
    const untidy = texts.filter((text) => /: "(\s|.*\s")|\s\s/.test(text));
    assert.deepEqual(untidy, []);
  });

  it('gives the Developer view (a few rows) a small share of the sidebar and the Wallet view the rest (issue 17 item 11)', () => {
    const manifest = vscode.extensions.getExtension('wallet-console.wallet-console')!.packageJSON as {
      contributes: { views: Record<string, { id: string; initialSize?: number }[]> };
    };
    const size = (id: string) => manifest.contributes.views.walletConsole!.find((view) => view.id === id)?.initialSize ?? 0;
    assert.ok(size('walletConsole.developer') > 0, 'an initial size is given');
    assert.ok(size('walletConsole.wallet') >= 3 * size('walletConsole.developer'), 'the Wallet view gets at least three quarters');
  });

  it('sets the context keys that pick each welcome view', async () => {
    const keys = wallet.api.views.contextKeys.values;
    const manifest = vscode.extensions.getExtension('wallet-console.wallet-console')!.packageJSON as {
      contributes: { viewsWelcome: { view: string; when: string; contents: string }[] };
    };
    const welcomeFor = (when: RegExp) => manifest.contributes.viewsWelcome.find((entry) => when.test(entry.when));
    assert.deepEqual([keys.signedIn, keys.hasApp, keys.walletConnected], [true, true, true]);
    assert.match(welcomeFor(/^walletConsole.walletLoadFailed$/)!.contents, /command:walletConsole.refresh/, 'the error state offers Retry');
    // Signed out on staging or production, the welcome does not speak of the local sandbox.
    const signedOutWallet = (env: '==' | '!=') =>
      welcomeFor(new RegExp(`^!walletConsole.signedIn && !walletConsole.hasApp && walletConsole.environment ${env} local$`))!;
    assert.match(signedOutWallet('==').contents, /local sandbox/);
    assert.doesNotMatch(signedOutWallet('!=').contents, /sandbox/i);

    await runScripted(wallet.api, 'walletConsole.disconnectWallet', ['Disconnect'], wallet.mobile);
    assert.equal(keys.walletConnected, false);
    assert.equal(wallet.api.views.balanceStatus.text, undefined, 'no wallet, no balance item');
    // Wallets other test files left connected stay one click away; with none, the tree is empty and the welcome shows.
    const others = wallet.api.accounts.accounts('local').wallets.length > 0 ? [{ kind: 'otherWallets' }] : [];
    assert.deepEqual(await wallet.api.views.walletTree.getChildren(), others, 'no active wallet: only the other wallets, or the welcome');
    assert.match(welcomeFor(/^walletConsole.hasApp && !walletConsole.walletConnected/)!.contents, /command:walletConsole.connectWallet/);

    await runScripted(wallet.api, 'walletConsole.signOut', []);
    assert.equal(keys.signedIn, false);
    // The Developer view is sized for three signed-in rows: signed out it shows a line and Sign In;
    // the Wallet view below explains, with Sign Up too.
    const signedOutDeveloper = welcomeFor(/^!walletConsole.signedIn$/)!;
    assert.equal(signedOutDeveloper.view, 'walletConsole.developer');
    assert.match(signedOutDeveloper.contents, /command:walletConsole.signIn/);
    assert.ok(signedOutDeveloper.contents.split('\n').length <= 2, 'the Developer view welcome fits its height');
    assert.equal(signedOutWallet('==').view, 'walletConsole.wallet');
    assert.match(signedOutWallet('==').contents, /command:walletConsole.signIn[\s\S]*command:walletConsole.signUp/);
  });
});

describe('Auto-refresh', () => {
  it('refreshes on its timer only while the view is visible, never on top of itself, and not when off', async function () {
    this.timeout(30_000);
    const api = await activateExtension();
    const view = api.views.walletView;
    // The mocha timeout above is 30 s: every wait stays below it.
    const LIMIT = 20_000;
    // A second timer of the same period, on a view that is always visible: its ticks measure the
    // windows below in periods of the timer under test, not in wall-clock time (a busy machine
    // slows both alike).
    let ticks = 0;
    const alwaysVisible = { visible: true, onDidChangeVisibility: () => ({ dispose() {} }) } as unknown as vscode.TreeView<unknown>;
    const metronome = new AutoRefresh(
      alwaysVisible,
      () => 0.1,
      async () => void ticks++,
      0.1,
    );
    const periods = (count: number, what: string) => {
      const from = ticks;
      return waitFor(`${count} periods of the timer (${what})`, () => ticks >= from + count, LIMIT, 10);
    };
    let calls = 0;
    let overlapping = 0;
    let running = false;
    // A refresh that lasts three periods of its timer: the timer fires on top of it twice.
    const slowRefresh = async () => {
      if (running) overlapping++;
      running = true;
      calls++;
      await periods(3, 'a slow refresh');
      running = false;
    };
    let seconds = 0.1;
    // Each step waits for the visibility change to reach the extension host (a moment after the
    // command, longer on a busy machine); the windows in which nothing may happen last a few
    // periods of the metronome.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await waitFor('the Wallet view hidden', () => !view.visible, LIMIT);
    const auto = new AutoRefresh(view, () => seconds, slowRefresh, 0.1);
    try {
      await periods(3, 'hidden');
      assert.equal(calls, 0, 'hidden: no refresh');

      await vscode.commands.executeCommand('walletConsole.wallet.focus');
      await waitFor(
        () => `visible (${view.visible}) and refreshed on the timer twice (${calls})`,
        () => view.visible && calls >= 2,
        LIMIT,
      );
      assert.equal(overlapping, 0, 'a slow refresh is not started again while it runs');

      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await waitFor('the Wallet view hidden again', () => !view.visible, LIMIT);
      // A refresh under way when it was hidden may finish; none may start.
      const whenHidden = calls;
      await periods(6, 'hidden again');
      assert.equal(calls, whenHidden, 'hidden again: the timer stopped');

      seconds = 0;
      await vscode.commands.executeCommand('walletConsole.wallet.focus');
      await waitFor('the Wallet view shown', () => view.visible, LIMIT);
      await periods(6, 'turned off');
      assert.equal(calls, whenHidden, 'turned off: no refresh even while visible');
    } finally {
      auto.dispose();
      metronome.dispose();
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
    }
  });
});
