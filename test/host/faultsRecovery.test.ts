// After failures (the machinery is test/host/support/faultMatrix.ts): a failing part shown in
// the Wallet view is not fetched again in a loop, a refresh the server answers 408 leaves the
// wallet connected, and nothing in the fault suites rejected unhandled. This file sorts after
// the matrix files (faultsGet, faultsPost), so run with them, its last check covers them too.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WalletConsoleApi } from '../../src/extensionApi';
import type { ConnectedWallet } from './support/connectedWallet';
import { faultSuite, GET_ATTEMPTS } from './support/faultMatrix';
import { followRedraws } from './support/redraws';
import { waitFor } from './support/waitFor';
import { runRecorded } from './support/recordingInput';

describe('Fault matrix: every endpoint × every failure (local sandbox) — recovery', function () {
  this.timeout(600_000);
  const faults = faultSuite();
  let wallet: ConnectedWallet;
  let api: WalletConsoleApi;

  before(async () => ({ wallet, api } = await faults.setUp()));
  after(() => faults.tearDown());

  describe('afterwards', () => {
    it('does not refetch a failing part in a loop while the Wallet view shows it', async () => {
      await wallet.admin.clearFaults();
      if (api.accounts.activeWallet('local')?.status !== 'connected') await faults.reconnect();
      await faults.loadGood('transactions');
      await vscode.commands.executeCommand('walletConsole.wallet.focus');
      await waitFor('the Wallet view on screen', () => api.views.walletView.visible);
      await wallet.admin.addFault({ method: 'GET', path: '/v1/transactions', status: 500 });
      await wallet.admin.clearRequests();
      const redraws = followRedraws(api);
      await runRecorded(api, 'walletConsole.refresh', [], { kind: 'transactions' });
      // The view redraws the failed part; it must not take that as a cue to fetch again. Bounded by
      // the redraw itself (VS Code asked the Wallet view for its items after the failure), then by
      // any load that redraw started, then by a marker request the sandbox logs after it.
      await redraws.drawn('the Wallet view to draw the failed transactions');
      await waitFor('the transactions not loading', () => !api.views.model.transactions.loading);
      await wallet.admin.caughtUp();
      const reached = await wallet.admin.count('/v1/transactions', 'GET');
      await wallet.admin.clearFaults();
      assert.equal(reached, GET_ATTEMPTS, `one refresh is ${GET_ATTEMPTS} attempts, not a retry storm (${reached} requests)`);
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
    });

    it('does not refetch a failing balance in a loop while the Wallet view shows it', async () => {
      await wallet.admin.clearFaults();
      if (api.accounts.activeWallet('local')?.status !== 'connected') await faults.reconnect();
      await faults.loadGood('balance');
      await vscode.commands.executeCommand('walletConsole.wallet.focus');
      await waitFor('the Wallet view on screen', () => api.views.walletView.visible);
      await wallet.admin.addFault({ method: 'GET', path: '/v1/users/balance', status: 500 });
      await wallet.admin.clearRequests();
      const redraws = followRedraws(api);
      await runRecorded(api, 'walletConsole.refreshBalance', []);
      // The tree and the status bar redraw the failed balance; neither may fetch it again. Bounded as
      // above: the Wallet view drew the failure, no load of the balance is under way, a marker came after.
      await redraws.drawn('the Wallet view to draw the failed balance');
      await waitFor('the balance not loading', () => !api.views.model.balance.loading);
      await wallet.admin.caughtUp();
      const reached = await wallet.admin.count('/v1/users/balance', 'GET');
      await wallet.admin.clearFaults();
      assert.equal(reached, GET_ATTEMPTS, `one refresh is ${GET_ATTEMPTS} attempts, not a retry storm (${reached} requests)`);
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
    });

    it('a 408 from the refresh is "try again", not a refusal: the wallet stays connected', async () => {
      await wallet.admin.clearFaults();
      if (api.accounts.activeWallet('local')?.status !== 'connected') await faults.reconnect();
      const good = await faults.loadGood('balance');
      await wallet.admin.addFault({ method: 'POST', path: '/v1/users/accessToken', status: 408, times: 1 });
      await faults.saveTokens({ expiresAt: Date.now() - 1000 });
      const input = await runRecorded(api, 'walletConsole.refreshBalance', []);
      assert.deepEqual(input.complaints(), [], 'no notification: the view says it');
      assert.ok(api.views.model.balance.error, 'the failed refresh shows in the view');
      assert.equal(api.accounts.activeWallet('local')?.status, 'connected');
      await faults.assertStaleKept('balance', good, 'refresh × 408');
      const again = await runRecorded(api, 'walletConsole.refreshBalance', []);
      assert.deepEqual(again.complaints(), [], 'the next refresh works with the same refresh token');
    });

    it('leaves no unhandled rejection in the extension host', async () => {
      // No wait: Node reports an unhandled rejection once the microtasks of the turn that made it
      // have run, before the next turn; mocha starts this test on a later turn than the last one's work.
      assert.deepEqual(faults.unhandled.map(String), []);
    });
  });
});
