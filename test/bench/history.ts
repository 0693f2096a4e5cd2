import * as vscode from 'vscode';
import type { ConnectedWallet } from '../host/support/connectedWallet';
import { setSetting } from '../host/support/extension';
import type { HistoryReport } from './report';
import { heapUsed, log, sleep } from './support';

export const HISTORY_PAGES = 20;
/** The largest page the setting allows: the heaviest way to fill the tree. */
export const HISTORY_PAGE_SIZE = 100;
const GENERATED = 5_000;

/**
 * Loads 20 pages of a long history into the Wallet tree, as "Load more…" does, with the view
 * open. Per page: how long building the tree's children and every item took once the response
 * was in; over all pages: how much the extension host's heap grew.
 */
export async function measureHistory(wallet: ConnectedWallet): Promise<HistoryReport> {
  const { api, admin, mobile } = wallet;
  const { model, walletTree } = api.views;
  const url = await api.sandboxUrl();
  const generated = await fetch(`${url}/__sandbox/generate?mobile=${encodeURIComponent(mobile)}&count=${GENERATED}`, { method: 'POST' });
  if (!generated.ok) throw new Error(`generating ${GENERATED} transactions answered ${generated.status}`);
  await admin.setKnobs({ latencyMs: 0 });
  await setSetting('transactions.pageSize', HISTORY_PAGE_SIZE);
  try {
    await vscode.commands.executeCommand('walletConsole.wallet.focus');
    model.transactions.clear();
    // Let the sandbox write its state file and the workbench redraw before the baseline.
    await sleep(1500);
    const before = await heapUsed();

    const transactionsNode = walletTree.sections.transactions;
    const buildMs: number[] = [];
    const fetchMs: number[] = [];
    for (let page = 1; page <= HISTORY_PAGES; page++) {
      const asked = performance.now();
      await (page === 1 ? model.loadTransactions(true) : model.loadMoreTransactions());
      const arrived = performance.now();
      if (model.transactions.error) throw new Error(`page ${page} failed: ${model.transactions.error}`);
      const children = await walletTree.getChildren(transactionsNode);
      for (const child of children) walletTree.getTreeItem(child);
      buildMs.push(performance.now() - arrived);
      fetchMs.push(arrived - asked);
      if (page < HISTORY_PAGES && !model.transactions.value?.nextPage) throw new Error(`the history ended after ${page} pages`);
    }
    const items = model.transactions.value?.items.length ?? 0;
    // The workbench draws the last page through its own calls; let it finish.
    await sleep(1500);
    const after = await heapUsed();
    log(`Loaded ${HISTORY_PAGES} pages (${items} transactions); heap ${mb(before.bytes)} -> ${mb(after.bytes)} (${after.method}).`);
    return {
      pageSize: HISTORY_PAGE_SIZE,
      pages: HISTORY_PAGES,
      items,
      buildMs,
      fetchMs,
      heapBeforeBytes: before.bytes,
      heapAfterBytes: after.bytes,
      heapMethod: after.method,
    };
  } finally {
    await setSetting('transactions.pageSize', undefined);
  }
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
