import * as vscode from 'vscode';
import { makeValidAccountNumber } from '../../src/sandbox/domain/nuban';
import type { WalletNode, WalletTreeProvider } from '../../src/views/walletTree';
import type { Loadable } from '../../src/views/loadable';
import type { WebviewTestHandle } from '../../src/webview/panelRecorder';
import type { ConnectedWallet } from '../host/support/connectedWallet';
import { runScripted } from '../host/support/extension';
import type { LoggedRequest, RequestsReport } from './report';
import { hideWalletView, log, RequestLog, waitFor } from './support';

/**
 * How long the sandbox may hold each answer while the view opens. It is released (a clock
 * advance) as soon as every request the view is loading has arrived, so requests sent together
 * overlap however slow the machine, and requests sent one after the other never can.
 */
const HOLD_MS = 60_000;
/** How long the view may take to start its loads before the open is taken as done. */
const START_LIMIT_MS = 10_000;

/** Asks the provider for what VS Code asks when it draws the view: roots, the wallet's sections, and the expanded ones' children. */
async function walkTree(tree: WalletTreeProvider): Promise<void> {
  const roots = await tree.getChildren();
  const walletNode = roots.find((node) => node.kind === 'wallet');
  if (!walletNode) throw new Error(`the Wallet view shows no wallet (roots: ${roots.map((node) => node.kind).join(', ')})`);
  const sections = await tree.getChildren(walletNode);
  const expanded: WalletNode[] = [];
  for (const node of [...roots, ...sections]) {
    if (tree.getTreeItem(node).collapsibleState === vscode.TreeItemCollapsibleState.Expanded && node !== walletNode) expanded.push(node);
  }
  await Promise.all(expanded.map((node) => tree.getChildren(node)));
}

interface OpenContext {
  wallet: ConnectedWallet;
  requestLog: RequestLog;
  parts: Loadable<unknown>[];
}

/**
 * Opens the view with every answer held: once as many requests have arrived as the view has parts
 * loading (or the view started none within START_LIMIT_MS), they are released together. Returns
 * what the open asked, in the sandbox's log.
 */
async function heldOpen({ wallet, requestLog, parts }: OpenContext, open: () => Promise<unknown>): Promise<LoggedRequest[]> {
  const { api, admin } = wallet;
  const journal = (await api.localSandbox()).requests;
  const idle = () => parts.every((part) => !part.loading);
  const mark = await requestLog.mark();
  const arrivedBefore = journal.lastId;
  await admin.setKnobs({ latencyMs: HOLD_MS });
  let opening: Promise<unknown> | undefined;
  try {
    opening = open();
    await waitFor(() => {
      const loading = parts.filter((part) => part.loading).length;
      return loading > 0 && journal.lastId - arrivedBefore >= loading;
    }, START_LIMIT_MS);
  } finally {
    await admin.setKnobs({ latencyMs: 0 });
    await admin.advanceClock(HOLD_MS / 1000);
  }
  await opening;
  return requestLog.settle(mark, idle);
}

/**
 * Opens the Wallet view on a connected wallet with nothing loaded (as after a restart), then
 * hides and reopens it; the sandbox's log says what each cost. Then verifies bank accounts from
 * the panel and twice from the palette, and counts bank-list fetches over the whole session.
 */
export async function measureRequests(wallet: ConnectedWallet): Promise<RequestsReport> {
  const { model, walletTree, walletView } = wallet.api.views;
  const requestLog = new RequestLog(wallet.admin);
  const parts = [model.balance, model.accounts, model.transactions] as Loadable<unknown>[];
  const context = { wallet, requestLog, parts };
  const idle = () => parts.every((part) => !part.loading);
  const forget = async () => {
    await waitFor(idle, 10_000);
    parts.forEach((part) => part.clear());
  };

  await hideWalletView(walletView);
  await forget();
  let openedBy: RequestsReport['openedBy'] = 'workbench';
  let open = await heldOpen(context, () => Promise.resolve(vscode.commands.executeCommand('walletConsole.wallet.focus')));
  if (model.balance.value === undefined || model.transactions.value === undefined) {
    // The workbench kept what it drew before and asked again for a part at most: open as it
    // would from nothing, so the figures are one open's.
    log('The workbench did not redraw the Wallet view from its root; walking the tree provider instead.');
    openedBy = 'provider';
    await forget();
    open = await heldOpen(context, () => walkTree(walletTree));
  }
  log(`Opening the Wallet view: ${open.map((request) => `${request.method} ${request.path}`).join(', ') || 'no request'}.`);

  const mark = await requestLog.mark();
  await hideWalletView(walletView);
  await vscode.commands.executeCommand('walletConsole.wallet.focus');
  await walkTree(walletTree);
  const reopen = await requestLog.settle(mark, idle);
  log(`Reopening it: ${reopen.length} request(s).`);

  const bankListFetches = await verifyAccounts(wallet, requestLog);
  const sessionRequests = (await requestLog.all()).length;
  return { openedBy, open, reopen, bankListFetches, sessionRequests };
}

/** Verifies from the panel, then twice from the palette; returns bank-list fetches in the session so far. */
async function verifyAccounts(wallet: ConnectedWallet, requestLog: RequestLog): Promise<number> {
  const accountNumber = makeValidAccountNumber('000014', '207915199');
  await runScripted(wallet.api, 'walletConsole.verifyBankAccount', []);
  const handle = await vscode.commands.executeCommand<WebviewTestHandle | undefined>('walletConsole.test.webview');
  if (!handle) throw new Error('walletConsole.test.webview is not registered');
  await handle.whenIdle();
  await handle.receive({ type: 'verify', bankCode: '000014', accountNumber });
  await handle.whenIdle();
  await runScripted(wallet.api, 'walletConsole.verifyBankAccountQuick', ['ACCESS BANK', accountNumber]);
  await runScripted(wallet.api, 'walletConsole.verifyBankAccountQuick', ['000014', accountNumber]);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const all = await requestLog.all();
  const verifications = all.filter((request) => request.path === '/v1/queries/verify').length;
  if (verifications < 3) throw new Error(`expected 3 verifications in the sandbox log, found ${verifications}`);
  return all.filter((request) => request.path === '/v1/queries/banks' && request.method === 'GET').length;
}
