import * as vscode from 'vscode';
import { makeValidAccountNumber } from '../../src/sandbox/domain/nuban';
import type { WalletNode, WalletTreeProvider } from '../../src/views/walletTree';
import type { WebviewTestHandle } from '../../src/webview/panelRecorder';
import type { ConnectedWallet } from '../host/support/connectedWallet';
import { runScripted } from '../host/support/extension';
import type { LoggedRequest, RequestsReport } from './report';
import { hideWalletView, log, RequestLog, waitFor } from './support';

/** Added to every sandbox request while the view opens: requests started closer together than this were in flight together. */
const LATENCY_MS = 100;

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

/**
 * Opens the Wallet view on a connected wallet with nothing loaded (as after a restart), then
 * hides and reopens it; the sandbox's log says what each cost. Then verifies bank accounts from
 * the panel and twice from the palette, and counts bank-list fetches over the whole session.
 */
export async function measureRequests(wallet: ConnectedWallet): Promise<RequestsReport> {
  const { api, admin } = wallet;
  const { model, walletTree, walletView } = api.views;
  const requestLog = new RequestLog(admin);
  const parts = [model.balance, model.accounts, model.transactions];
  const idle = () => parts.every((part) => !part.loading);

  await hideWalletView(walletView);
  await waitFor(idle, 10_000);
  parts.forEach((part) => part.clear());
  await admin.setKnobs({ latencyMs: LATENCY_MS });
  let openedBy: RequestsReport['openedBy'] = 'workbench';
  let open: LoggedRequest[];
  let reopen: LoggedRequest[];
  try {
    let mark = await requestLog.mark();
    await vscode.commands.executeCommand('walletConsole.wallet.focus');
    const drawn = await waitFor(() => idle() && model.balance.value !== undefined && model.transactions.value !== undefined, 10_000);
    if (!drawn) {
      // The workbench kept what it drew before and did not ask again: ask as it would.
      log('The workbench did not redraw the Wallet view; walking the tree provider instead.');
      openedBy = 'provider';
      await walkTree(walletTree);
    }
    open = await requestLog.settle(mark, idle);
    log(`Opening the Wallet view: ${open.map((request) => `${request.method} ${request.path}`).join(', ') || 'no request'}.`);

    mark = await requestLog.mark();
    await hideWalletView(walletView);
    await vscode.commands.executeCommand('walletConsole.wallet.focus');
    await walkTree(walletTree);
    reopen = await requestLog.settle(mark, idle);
    log(`Reopening it: ${reopen.length} request(s).`);
  } finally {
    await admin.setKnobs({ latencyMs: 0 });
  }

  const bankListFetches = await verifyAccounts(wallet, requestLog);
  const sessionRequests = (await requestLog.all()).length;
  return { openedBy, latencyMs: LATENCY_MS, open, reopen, bankListFetches, sessionRequests };
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
