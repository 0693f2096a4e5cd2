// Concurrency in the real extension host: a burst of calls on an expired token shares one
// refresh; commands fired twice while the first still runs are joined, not run twice; a
// connection that fails or is cancelled half-way leaves the stored state as it was.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WalletConsoleApi } from '../../src/extensionApi';
import { connectFreshWallet, sandboxPasscode, type ConnectedWallet } from './support/connectedWallet';
import { runScripted } from './support/extension';
import { report, table } from './support/report';
import { CANCEL, ScriptedInput } from './support/scriptedInput';

const DEMO_MOBILE = '2349090000000';

describe('Concurrency: one refresh for many calls, commands joined, no half-written state', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;
  let api: WalletConsoleApi;
  const figures: string[][] = [];

  before(async () => {
    wallet = await connectFreshWallet('concurrency');
    api = wallet.api;
  });

  after(async () => {
    await wallet?.admin.setKnobs({ latencyMs: 0 });
    await wallet?.admin.clearFaults();
    // Wallets are listed per environment across developers: leave the list as it was found.
    if (wallet) await api.accounts.store.disconnectWallet('local', wallet.mobile);
    if (figures.length > 0)
      report('', 'Concurrency figures (real extension host, local sandbox):', ...table(['scenario', 'result'], figures), '');
  });

  it('50 concurrent calls with an expired access token make exactly one refresh, and all 50 succeed', async () => {
    // The views redraw when the tokens change below, and load what is not fresh: load it now,
    // so no load of theirs lands among the requests counted (a loaded machine showed 51).
    const { model } = api.views;
    await Promise.all([model.loadBalance(true), model.loadAccounts(true), model.loadTransactions(true)]);
    const tokens = await api.accounts.store.walletSecrets('local', wallet.mobile);
    await api.accounts.store.saveWalletTokens('local', wallet.mobile, { ...tokens!, expiresAt: Date.now() - 1000 });
    await wallet.admin.clearRequests();
    const started = performance.now();
    const calls = Array.from({ length: 50 }, (_, index) =>
      api.accounts.withWallet<unknown>((client, credentials) =>
        index % 3 === 0
          ? client.getBalance(credentials)
          : index % 3 === 1
            ? client.listAccounts(credentials)
            : client.listTransactions(credentials, { limit: 5 }),
      ),
    );
    const results = await Promise.allSettled(calls);
    const elapsed = performance.now() - started;
    const failed = results.filter((result) => result.status === 'rejected');
    assert.deepEqual(
      failed.map((result) => String((result as PromiseRejectedResult).reason)),
      [],
      'every call succeeds',
    );
    const requests = await wallet.admin.requests();
    const refreshes = requests.filter((request) => request.path === '/v1/users/accessToken').length;
    const queries = requests.filter((request) => request.path !== '/v1/users/accessToken');
    assert.equal(refreshes, 1, 'exactly one refresh at the sandbox');
    assert.equal(queries.length, 50, 'each call reached the sandbox once, with the new token');
    assert.ok(queries.every((request) => request.status === 200));
    figures.push([
      '50 concurrent calls, expired access token',
      `${results.length - failed.length}/50 succeeded, ${refreshes} refresh request, ${queries.length} queries, ${Math.round(elapsed)} ms`,
    ]);
  });

  it('Refresh fired twice quickly (and Refresh Balance on top) loads each part once', async () => {
    const { model } = api.views;
    await Promise.all([model.loadBalance(true), model.loadAccounts(true), model.loadTransactions(true)]);
    await wallet.admin.setKnobs({ latencyMs: 300 });
    await wallet.admin.clearRequests();
    const input = new ScriptedInput();
    api.setUserInput!(input);
    try {
      await Promise.all([
        vscode.commands.executeCommand('walletConsole.refresh'),
        vscode.commands.executeCommand('walletConsole.refresh'),
        vscode.commands.executeCommand('walletConsole.refreshBalance'),
      ]);
    } finally {
      api.setUserInput!(undefined);
      await wallet.admin.setKnobs({ latencyMs: 0 });
    }
    assert.deepEqual(input.errors, []);
    const paths = (await wallet.admin.requests()).map((request) => request.path).sort();
    assert.deepEqual(paths, ['/v1/transactions', '/v1/users/accounts', '/v1/users/balance'], 'one request per part, not one per click');
    assert.ok(model.balance.value && model.accounts.value && model.transactions.value && !model.balance.error);
    figures.push([
      'Refresh ×2 + Refresh Balance within 300 ms latency',
      `${paths.length} requests (balance, accounts, transactions once each), no error`,
    ]);
  });

  it('Connect Wallet fired while one is in progress joins it: asked once, connected once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let passcodeAsked!: () => void;
    const atPasscode = new Promise<void>((resolve) => (passcodeAsked = resolve));
    const input = new ScriptedInput(wallet.mobile, async (options) => {
      passcodeAsked();
      await gate;
      return sandboxPasscode(options.prompt);
    });
    const walletsBefore = api.accounts.accounts('local').wallets.length;
    await wallet.admin.clearRequests();
    api.setUserInput!(input);
    try {
      const first = vscode.commands.executeCommand('walletConsole.connectWallet');
      await atPasscode;
      // The second click: if it started a run of its own, it would ask for a mobile the script does not have.
      const second = vscode.commands.executeCommand('walletConsole.connectWallet');
      const third = vscode.commands.executeCommand('walletConsole.connectWallet', wallet.mobile);
      release();
      await Promise.all([first, second, third]);
    } finally {
      api.setUserInput!(undefined);
    }
    input.assertDone();
    assert.deepEqual(input.errors, []);
    assert.equal(input.asked.length, 2, 'one mobile prompt and one passcode prompt in all');
    const accounts = api.accounts.accounts('local');
    assert.equal(accounts.wallets.filter((candidate) => candidate.mobile === wallet.mobile).length, 1, 'the wallet is listed once');
    assert.equal(accounts.wallets.length, walletsBefore);
    assert.equal(api.accounts.activeWallet('local')?.status, 'connected');
    const requests = await wallet.admin.requests();
    const count = (path: string) => requests.filter((request) => request.path === path).length;
    assert.equal(count('/v1/users/auth/validate'), 1);
    assert.equal(count('/v1/users/auth'), 2, 'one send and one verify');
    figures.push([
      'Connect Wallet ×3 while the first waits for its passcode',
      `1 run: ${input.asked.length} prompts, validate ${count('/v1/users/auth/validate')}×, send+verify ${count('/v1/users/auth')}×, wallet listed once`,
    ]);
  });

  it('a connection that fails at the verify step or is cancelled leaves the stored state as it was', async () => {
    const snapshot = async () => ({
      accounts: structuredClone(api.accounts.accounts('local')),
      demoTokens: await api.accounts.store.walletSecrets('local', DEMO_MOBILE),
    });
    const before = await snapshot();
    assert.ok(!before.accounts.wallets.some((candidate) => candidate.mobile === DEMO_MOBILE), 'the demo wallet is not connected yet');

    const failing = await runScripted(api, 'walletConsole.connectWallet', [
      DEMO_MOBILE,
      async (options) => {
        await wallet.admin.addFault({ method: 'POST', path: '/v1/users/auth', status: 500, times: 1 });
        return sandboxPasscode(options.prompt);
      },
    ]);
    assert.equal(failing.errors.length, 1, 'one message');
    assert.deepEqual(await snapshot(), before, 'nothing was written for the failed connection');

    const cancelled = await runScripted(api, 'walletConsole.connectWallet', [DEMO_MOBILE, CANCEL]);
    assert.deepEqual(cancelled.errors, [], 'cancelling is silent');
    assert.deepEqual(await snapshot(), before, 'nothing was written for the cancelled connection');

    await wallet.admin.addFault({ method: 'POST', path: '/v1/resource/app', drop: true, times: 1 });
    const appsBefore = api.accounts.accounts('local').apps.length;
    const dropped = await runScripted(api, 'walletConsole.createApp', ['Dropped app']);
    assert.equal(dropped.errors.length, 1);
    assert.equal(api.accounts.accounts('local').apps.length, appsBefore, 'no app half-saved');
    figures.push([
      'Connect Wallet failing at verify / cancelled; Create App dropped',
      'stored accounts, tokens and apps unchanged; one message for each failure, none for the cancel',
    ]);
  });
  it('Disconnect Wallet clicked on two wallets in quick succession disconnects both; the same click twice asks once', async () => {
    const other = '2348000000000';
    await runScripted(api, 'walletConsole.connectWallet', [other, (options) => sandboxPasscode(options.prompt)]);
    const input = new ScriptedInput('Disconnect', 'Disconnect');
    api.setUserInput!(input);
    try {
      await Promise.all([
        vscode.commands.executeCommand('walletConsole.disconnectWallet', { kind: 'otherWallet', mobile: wallet.mobile }),
        vscode.commands.executeCommand('walletConsole.disconnectWallet', { kind: 'otherWallet', mobile: other }),
        vscode.commands.executeCommand('walletConsole.disconnectWallet', { kind: 'otherWallet', mobile: other }),
      ]);
    } finally {
      api.setUserInput!(undefined);
    }
    input.assertDone();
    assert.deepEqual(input.errors, []);
    assert.equal(input.asked.filter((prompt) => prompt.kind === 'confirm').length, 2, 'one question per wallet');
    const left = api.accounts.accounts('local').wallets.map((candidate) => candidate.mobile);
    assert.ok(!left.includes(wallet.mobile) && !left.includes(other), `both wallets are disconnected (left: ${left.join(', ')})`);
  });
});
