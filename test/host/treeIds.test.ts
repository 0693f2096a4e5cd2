import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { FRESH_FOR_MS } from '../../src/views/walletModel';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { label } from './support/sandboxSurfaces';
import { waitFor } from './support/waitFor';
import { followRedraws } from './support/redraws';

// Issue 25: the Wallet view logged "Data tree node not found …/0:₦3,617,440.38" each time it
// came back. The balance row had no id, so VS Code named it by its label: a new balance gave it
// a new handle, VS Code queued a redraw of its parent while the view was hidden, and that
// redraw, run when the view came back, raced the section refreshes it set off. The console
// error itself is caught by the launcher's log check (test/host/support/hostLog.ts), which
// fails the run; the test below plays the scenario that produced it.

interface TreeLike<T> {
  getChildren(node?: T): T[] | Promise<T[]>;
  getTreeItem(node: T): vscode.TreeItem;
}

/** Every row of a tree (children of collapsed rows too), with its item. */
async function allItems<T>(tree: TreeLike<T>, parent?: T): Promise<vscode.TreeItem[]> {
  const items: vscode.TreeItem[] = [];
  for (const node of await tree.getChildren(parent)) {
    items.push(tree.getTreeItem(node));
    items.push(...(await allItems(tree, node)));
  }
  return items;
}

describe('Tree rows keep their ids (issue 25)', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;

  before(async () => {
    wallet = await connectFreshWallet('tree-ids');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
  });

  it('every row of the Wallet and Developer views has an id, unique in its view', async () => {
    const { walletTree, developerTree } = wallet.api.views;
    for (const [name, tree] of [
      ['Wallet', walletTree],
      ['Developer', developerTree],
    ] as const) {
      const items = await allItems(tree as TreeLike<unknown>);
      assert.ok(items.length > 2, `${name}: the view shows rows`);
      const missing = items.filter((item) => !item.id).map(label);
      assert.deepEqual(missing, [], `${name}: rows without an id`);
      const ids = items.map((item) => item.id);
      assert.equal(new Set(ids).size, ids.length, `${name}: ids are unique: ${ids.join(', ')}`);
    }
  });

  it('the balance row keeps its id when the balance changes', async () => {
    const { model, walletTree } = wallet.api.views;
    const [walletNode] = await walletTree.getChildren();
    const [balanceNode] = await walletTree.getChildren(walletNode);
    await wallet.admin.setBalance(wallet.mobile, 361_744_038);
    await model.loadBalance(true);
    const before = walletTree.getTreeItem(balanceNode!);
    await wallet.admin.setBalance(wallet.mobile, 250_050);
    await model.loadBalance(true);
    const after = walletTree.getTreeItem(balanceNode!);
    assert.deepEqual([label(before), label(after)], ['₦3,617,440.38', '₦2,500.50']);
    assert.ok(after.id, 'the balance row has an id');
    assert.equal(after.id, before.id);
  });

  it('the view comes back after the balance changed while it was hidden, with no "Data tree node not found"', async () => {
    const { model, walletView } = wallet.api.views;
    const shown = followRedraws(wallet.api);
    await vscode.commands.executeCommand('walletConsole.wallet.focus');
    await waitFor('the Wallet view is visible', () => walletView.visible);
    // The workbench has drawn the view: it asked for its items (and drew every change since).
    await waitFor('the workbench to ask the Wallet view for its items', () => shown.asked('Wallet') > 0);
    await shown.drawn('the Wallet view drawn');
    // A race in the workbench: on the old code two rounds in four logged the error.
    for (let round = 1; round <= 4; round++) {
      await wallet.admin.setBalance(wallet.mobile, 100_000 + round * 1_111);
      await vscode.commands.executeCommand('workbench.view.explorer');
      await waitFor('the Wallet view hidden', () => !walletView.visible);
      // The balance changes while the view is hidden, and a minute passes: the transactions
      // section reloads when the view comes back.
      await model.loadBalance(true);
      model.transactions.updatedAt = Date.now() - FRESH_FOR_MS - 1;
      // Not a wait for a state: the race needs the changes to reach the hidden view before it comes
      // back, and VS Code passes tree changes on after its own 200 ms batching, which the extension
      // host cannot observe. One batch and a half of it, kept as the race's set-up.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const redraws = followRedraws(wallet.api);
      await vscode.commands.executeCommand('walletConsole.wallet.focus');
      await waitFor('the Wallet view is visible again', () => walletView.visible);
      await waitFor('the transactions reloaded', () => model.transactions.isFresh(FRESH_FOR_MS));
      // The workbench redraws the view (the error was logged here): it has asked for the items after the reload.
      await redraws.drawn('the Wallet view redrawn after the reload');
    }
  });
});
