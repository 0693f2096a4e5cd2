import * as assert from 'node:assert/strict';
import type { Transaction } from '../../../src/api';
import { connectFreshWallet, type ConnectedWallet } from './connectedWallet';
import { setSetting } from './extension';

/**
 * The wallet the views tests look at (test/host/views.test.ts, viewsExport.test.ts,
 * viewsStatus.test.ts): a fresh one, with a page size of 25 meanwhile, and its whole history,
 * newest first, which is longer than one page.
 */
export async function openViewsWallet(): Promise<{ wallet: ConnectedWallet; allTransactions: Transaction[] }> {
  const wallet = await connectFreshWallet('views');
  await setSetting('transactions.pageSize', 25);
  const allTransactions: Transaction[] = [];
  for (let page = 1; ; page++) {
    const batch = await wallet.api.accounts.withWallet((client, credentials) =>
      client.listTransactions(credentials, { limit: 100, pages: page }),
    );
    allTransactions.push(...batch);
    if (batch.length < 100) break;
  }
  assert.ok(allTransactions.length > 25, 'the sandbox wallet has a history longer than one page');
  return { wallet, allTransactions };
}

/**
 * Puts the page size back and forgets the wallet (nothing to forget when a test disconnected it).
 * Wallets are listed per environment across developers: the next views file must find the list
 * as this one did, or its active wallet would fall back to this one when it disconnects its own.
 */
export async function closeViewsWallet(wallet: ConnectedWallet | undefined): Promise<void> {
  await setSetting('transactions.pageSize', undefined);
  if (wallet) await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
}
