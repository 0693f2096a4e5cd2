import type * as vscode from 'vscode';
import type { WalletConsoleApi } from '../../../src/extensionApi';
import { waitFor } from './waitFor';

interface Watched {
  name: string;
  tree: vscode.TreeDataProvider<unknown>;
  view: vscode.TreeView<unknown>;
  /** The last change the tree announced (onDidChangeTreeData), by sequence number; 0: none. */
  changed: number;
  /** The last change VS Code has asked the tree's items after (getChildren answered). */
  drawn: number;
  /** How many times VS Code (or anyone) has had the tree's items since following began. */
  asked: number;
}

/**
 * Follows the extension's tree views from now on, so a test can wait until VS Code has drawn
 * every change they announced: a redraw still in flight when the host closes is logged as an
 * error ("Unable to refresh tree view … Canceled"). Call `drawn()` once the test's last change
 * is made; it waits until every visible view that announced a change since has been asked for
 * its items after that change (a change announced meanwhile, as the secret store's echo of a
 * write, is waited for too).
 */
export function followRedraws(api: WalletConsoleApi): { drawn(what?: string): Promise<void>; asked(view: string): number } {
  let sequence = 0;
  const trees: [string, vscode.TreeDataProvider<unknown>, vscode.TreeView<unknown>][] = [
    ['Wallet', api.views.walletTree, api.views.walletView],
    ['Developer', api.views.developerTree, api.views.developerView],
    ['Sandbox', api.sandboxViews.sandboxTree, api.sandboxViews.sandboxView],
    ['Events', api.sandboxViews.eventsTree, api.sandboxViews.eventsView],
    ['Requests', api.requests.view.tree, api.requests.view.view],
    ['Findings', api.findingsView.tree, api.findingsView.view],
  ] as [string, vscode.TreeDataProvider<unknown>, vscode.TreeView<unknown>][];
  const watched: Watched[] = [];
  const undo: (() => void)[] = [];
  for (const [name, tree, view] of trees) {
    const entry: Watched = { name, tree, view, changed: 0, drawn: 0, asked: 0 };
    watched.push(entry);
    const subscription = tree.onDidChangeTreeData?.(() => (entry.changed = ++sequence));
    if (subscription) undo.push(() => subscription.dispose());
    // VS Code calls the provider's getChildren as it redraws: answered, the redraw has its items.
    const original = tree.getChildren;
    // A tree that answers at once still does (tests read some trees' children synchronously).
    tree.getChildren = function (this: unknown, ...args: [unknown]) {
      const asked = sequence;
      const children = original.apply(tree, args);
      const done = () => {
        entry.drawn = Math.max(entry.drawn, asked);
        entry.asked++;
      };
      if (children instanceof Promise) void children.then(done, () => undefined);
      else done();
      return children;
    };
    undo.push(() => (tree.getChildren = original));
    // A change to some items only is not asked for again: the extension host reads those items
    // (getTreeItem) and sends them to the workbench with the refresh.
    const originalItem = tree.getTreeItem;
    tree.getTreeItem = function (this: unknown, element: unknown) {
      const asked = sequence;
      const item = originalItem.call(tree, element);
      const done = () => (entry.drawn = Math.max(entry.drawn, asked));
      if (item instanceof Promise) void item.then(done, () => undefined);
      else done();
      return item;
    };
    undo.push(() => (tree.getTreeItem = originalItem));
  }
  const pending = () => watched.filter((entry) => entry.view.visible && entry.changed > entry.drawn);
  return {
    asked: (name) => watched.find((entry) => entry.name === name)?.asked ?? 0,
    async drawn(what = 'the views to draw their last changes') {
      try {
        await waitFor(
          () =>
            `${what}: ${pending()
              .map((entry) => `${entry.name} (change ${entry.changed}, drawn after ${entry.drawn})`)
              .join(', ')}`,
          () => pending().length === 0,
        );
      } finally {
        for (const step of undo) step();
      }
    },
  };
}
