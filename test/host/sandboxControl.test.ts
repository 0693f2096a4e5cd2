// The Sandbox view's controls in a real extension host: each one goes through the scripted
// input and changes what the in-process sandbox answers the extension's own API client.
// Ends with the secret audit of the view's items.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Transaction } from '../../src/api';
import { formatMobileForPeople } from '../../src/common/formatMobile';
import type { Fault } from '../../src/sandbox';
import type { SandboxNode } from '../../src/views/sandboxTree';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { runScripted, setVsCodeAiFeatures } from './support/extension';
import { DEFAULT } from './support/scriptedInput';
import { assertReadable, runRecorded } from './support/recordingInput';
import { assertNoSecret, storedSecrets, treeText } from './support/sandboxSurfaces';
import { followRedraws } from './support/redraws';
import { WAIT_MS } from './support/waitFor';

describe('Sandbox view and its controls (local sandbox)', function () {
  this.timeout(180_000);
  let wallet: ConnectedWallet;
  let seeded: { balance: number; references: string[]; shape: string[] };
  /** A history as type and amount in order: a reset re-dates the seeded records (their ids carry the time). */
  const shape = (transactions: Transaction[]) => transactions.map((tx) => `${tx.type}:${tx.amount}`);

  const balance = () => wallet.api.accounts.withWallet((client, credentials) => client.getBalance(credentials)).then((b) => b.balance);
  const history = (): Promise<Transaction[]> =>
    wallet.api.accounts.withWallet((client, credentials) => client.listTransactions(credentials, { limit: 100 }));
  const tree = () => wallet.api.sandboxViews.sandboxTree;
  const node = async (kind: SandboxNode['kind'], parent?: SandboxNode) =>
    (await tree().getChildren(parent)).find((candidate) => candidate.kind === kind)!;
  const description = async (target: SandboxNode) => String((await tree().getTreeItem(target)).description ?? '');
  /** The faults as added (the sandbox gives each an id). */
  const withoutIds = (faults: readonly Fault[]) =>
    faults.map(({ id, ...fault }) => {
      assert.match(id ?? '', /^flt_\d+$/);
      return fault;
    });
  /** The fault rows as the view shows them: "target · effect". */
  const faultRows = async () =>
    Promise.all(
      (await tree().getChildren(await node('faults'))).map(async (row) => {
        const item = await tree().getTreeItem(row);
        return `${String(item.label)} · ${String(item.description)}`;
      }),
    );
  /**
   * Resolves when the view is told to redraw and then shows `rows`: the view follows the sandbox
   * by itself. (Its rows read the sandbox when drawn, so only a redraw proves it follows.)
   */
  const redrawnWith = (rows: () => Promise<unknown>, expected: unknown, what: string, ms = WAIT_MS) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        subscription.dispose();
        reject(new Error(`the Sandbox view did not redraw with ${what} within ${ms} ms`));
      }, ms);
      const subscription = tree().onDidChangeTreeData(() => {
        void rows().then((shown) => {
          if (JSON.stringify(shown) !== JSON.stringify(expected)) return;
          clearTimeout(timer);
          subscription.dispose();
          resolve();
        });
      });
    });

  before(async () => {
    wallet = await connectFreshWallet('control');
    const transactions = await history();
    seeded = { balance: await balance(), references: transactions.map((tx) => tx.reference), shape: shape(transactions) };
    await vscode.commands.executeCommand('walletConsole.sandbox.focus');
  });

  after(async () => {
    const redraws = followRedraws(wallet.api);
    await runScripted(wallet.api, 'walletConsole.clearAllFaults', []);
    // The other files expect no wallet of ours connected.
    await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
    // The views' last redraws (debounced, and the secret store's echo) finish before the host
    // may close: a redraw cut off by the shutdown is logged as an error.
    await redraws.drawn();
  });

  it('lists the clock, the delay, the faults, the wallet the controls act on and what terminals get', async () => {
    await runScripted(wallet.api, 'walletConsole.refresh', []);
    const kinds = (await tree().getChildren()).map((entry) => entry.kind);
    assert.deepEqual(kinds, ['clock', 'latency', 'faults', 'wallet', 'terminals']);
    assert.equal(await description(await node('latency')), 'none');
    assert.equal(await description(await node('faults')), 'none');
    assert.equal(await description(await node('wallet')), formatMobileForPeople(wallet.mobile));
  });

  it('a fault on the balance makes the balance refresh fail with a readable message; clearing it from the tree ends it', async () => {
    // Enter on the phase takes its first item: before the work, the default.
    await runScripted(wallet.api, 'walletConsole.injectFault', [
      'GET /v1/users/balance',
      'Status code',
      '99',
      '503',
      DEFAULT,
      'Every time',
    ]);
    const faults = await tree().getChildren(await node('faults'));
    assert.equal(faults.length, 1);
    const item = await tree().getTreeItem(faults[0]!);
    assert.equal(item.label, 'GET /v1/users/balance');
    assert.equal(item.description, 'before the work · status 503 · every time');
    assert.equal(await description(await node('faults')), '1');

    const failed = await runRecorded(wallet.api, 'walletConsole.refreshBalance', []);
    assert.deepEqual(failed.complaints(), [], 'no notification: the Wallet view and the status bar show the failure');
    const shown = wallet.api.views.model.balance.error;
    assert.ok(shown, 'the balance is marked as failed');
    assertReadable(shown, [], 'balance refresh under an injected 503');

    await runScripted(wallet.api, 'walletConsole.clearFault', [], faults[0]);
    assert.deepEqual((await wallet.api.localSandbox()).knobs.faults, []);
    const fine = await runRecorded(wallet.api, 'walletConsole.refreshBalance', []);
    assert.deepEqual(fine.complaints(), []);
    assert.equal(wallet.api.views.model.balance.error, undefined);
  });

  it('a dropped connection once is used up by the first try (the GET is retried), a typed path with a delay N times stays listed', async () => {
    const sandbox = await wallet.api.localSandbox();
    await runScripted(wallet.api, 'walletConsole.injectFault', ['GET /v1/users/balance', 'Drop the connection', 'Before the work', 'Once']);
    assert.deepEqual(withoutIds(sandbox.knobs.faults), [{ method: 'GET', path: '/v1/users/balance', drop: true, times: 1 }]);
    const before = sandbox.requests.lastId;
    assert.deepEqual((await runRecorded(wallet.api, 'walletConsole.refreshBalance', [])).complaints(), []);
    assert.equal(wallet.api.views.model.balance.error, undefined, 'the retry got the balance');
    const balanceCalls = sandbox.requests.list({ after: before, path: '/v1/users/balance' });
    assert.deepEqual(
      balanceCalls.map((request) => request.status),
      [0, 200],
      'dropped once, then answered',
    );
    assert.deepEqual(sandbox.knobs.faults, []);

    await runScripted(wallet.api, 'walletConsole.injectFault', [
      'Another path…',
      'no slash',
      '/v1/queries/*',
      'Delay',
      '100',
      'Before the work',
      'A number of times…',
      '2',
    ]);
    assert.deepEqual(withoutIds(sandbox.knobs.faults), [{ path: '/v1/queries/*', delayMs: 100, times: 2 }]);
    const [fault] = await tree().getChildren(await node('faults'));
    assert.equal((await tree().getTreeItem(fault!)).description, 'before the work · waits 100 ms · 2 more times');
    await runScripted(wallet.api, 'walletConsole.clearAllFaults', []);
    assert.deepEqual(sandbox.knobs.faults, []);
  });

  it('a fault after the work on a money call asks first, its default moving nothing; the view says which phase a fault has', async () => {
    const sandbox = await wallet.api.localSandbox();
    // Enter on the confirmation takes its first button: the fault stays before the work.
    const kept = await runScripted(wallet.api, 'walletConsole.injectFault', [
      'POST /v1/users/transfers/bank',
      'Drop the connection',
      'After the work',
      DEFAULT,
      'Once',
    ]);
    const asked = kept.asked.find((entry) => entry.kind === 'confirm');
    assert.deepEqual(asked?.buttons, ['Before the Work', 'After the Work: Move the Money'], 'the safe answer first');
    assert.deepEqual(withoutIds(sandbox.knobs.faults), [{ method: 'POST', path: '/v1/users/transfers/bank', drop: true, times: 1 }]);
    await runScripted(wallet.api, 'walletConsole.clearAllFaults', []);
    await runScripted(wallet.api, 'walletConsole.injectFault', [
      'POST /v1/users/transfers/bank',
      'Drop the connection',
      'After the work',
      'After the Work: Move the Money',
      'Once',
    ]);
    assert.deepEqual(withoutIds(sandbox.knobs.faults), [
      { method: 'POST', path: '/v1/users/transfers/bank', phase: 'after', drop: true, times: 1 },
    ]);
    assert.deepEqual(await faultRows(), ['POST /v1/users/transfers/bank · after the work · drops the connection · 1 more time']);
    // A read meets no money: after the work is taken without a question.
    await runScripted(wallet.api, 'walletConsole.injectFault', ['GET /v1/users/balance', 'Status code', '503', 'After the work', 'Once']);
    assert.equal(sandbox.knobs.faults.at(-1)?.phase, 'after');
    await runScripted(wallet.api, 'walletConsole.clearAllFaults', []);
  });

  it('a delay on every request slows the answers down until cleared', async () => {
    const sandbox = await wallet.api.localSandbox();
    await runScripted(wallet.api, 'walletConsole.setSandboxDelay', ['x', '400']);
    assert.equal(sandbox.knobs.latencyMs, 400);
    assert.equal(await description(await node('latency')), '400 ms');
    const started = performance.now();
    await balance();
    assert.ok(performance.now() - started >= 390, 'the balance answer waited for the delay');
    await runScripted(wallet.api, 'walletConsole.clearAllFaults', []);
    // Cleared in the sandbox itself; not timed (a busy machine may be slow without any delay).
    assert.equal(sandbox.knobs.latencyMs, 0);
    await balance();
  });

  it('follows the sandbox by itself: a fault or delay set over the admin API or by an agent tool shows at once, and a fault used up goes', async () => {
    const url = await wallet.api.sandboxUrl();
    await runScripted(wallet.api, 'walletConsole.clearAllFaults', []);
    assert.deepEqual(await faultRows(), []);

    let redrawn = redrawnWith(
      faultRows,
      ['GET /v1/users/balance · before the work · status 503 · 1 more time'],
      'the fault the admin API added',
    );
    await wallet.admin.addFault({ method: 'GET', path: '/v1/users/balance', status: 503, times: 1 });
    await redrawn;
    assert.equal(await description(await node('faults')), '1');

    redrawn = redrawnWith(async () => description(await node('latency')), '150 ms', 'the delay PATCH /__sandbox/knobs set');
    await wallet.admin.setKnobs({ latencyMs: 150 });
    await redrawn;

    redrawn = redrawnWith(
      faultRows,
      [
        'GET /v1/users/balance · before the work · status 503 · 1 more time',
        'any method /v1/transactions · before the work · status 500 · every time',
      ],
      'the fault the agent tool added',
    );
    // The agent tools are registered only while AI features are on (the host's settings turn them off).
    await setVsCodeAiFeatures(true);
    let tool: vscode.LanguageModelToolResult;
    try {
      tool = await vscode.lm.invokeTool('sandbox_inject_fault', {
        input: { path: '/v1/transactions', status: 500 },
        toolInvocationToken: undefined,
      });
    } finally {
      await setVsCodeAiFeatures(false);
    }
    assert.match((tool.content[0] as vscode.LanguageModelTextPart).value, /^Fault added: any method \/v1\/transactions/m);
    await redrawn;

    // A request (any client's: here one without credentials) uses the once-fault up.
    redrawn = redrawnWith(faultRows, ['any method /v1/transactions · before the work · status 500 · every time'], 'the used-up fault gone');
    assert.equal((await fetch(`${url}/v1/users/balance`)).status, 503);
    await redrawn;

    redrawn = redrawnWith(faultRows, [], 'no faults after DELETE /__sandbox/faults');
    await wallet.admin.clearFaults();
    await redrawn;
    redrawn = redrawnWith(async () => description(await node('latency')), 'none', 'the delay gone');
    await wallet.admin.setKnobs({ latencyMs: 0 });
    await redrawn;
  });

  it('Set Sandbox Balance takes naira as typed and the API answers the new balance in kobo', async () => {
    const input = await runScripted(wallet.api, 'walletConsole.setSandboxBalance', ['12,34', '₦1,500.50']);
    assert.match(input.asked[0]!.validation ?? '', /amount in naira/);
    assert.equal(await balance(), 150_050);
    assert.equal(wallet.api.views.model.balance.value?.balance, 150_050, 'the Wallet view’s balance was refreshed');
  });

  it('Add Sandbox Transaction puts a record of the picked type and amount at the top of the history', async () => {
    await runScripted(wallet.api, 'walletConsole.addSandboxTransaction', ['Airtime (VTU)', '0', '250']);
    const [newest] = await history();
    assert.equal(newest?.type, 'vtu');
    assert.equal(newest?.amount, 25_000);
    assert.ok(!seeded.references.includes(newest!.reference));
  });

  it('Expire Wallet Access Token makes the next call renew the token, without asking anything', async () => {
    const { store } = wallet.api.accounts;
    const before = await store.walletSecrets('local', wallet.mobile);
    await runScripted(wallet.api, 'walletConsole.expireWalletToken', []);
    assert.deepEqual((await runRecorded(wallet.api, 'walletConsole.refreshBalance', [])).complaints(), []);
    assert.equal(wallet.api.views.model.balance.error, undefined, 'the renewed token got the balance');
    const after = await store.walletSecrets('local', wallet.mobile);
    assert.notEqual(after?.accessToken, before?.accessToken, 'a new access token');
    assert.equal(after?.refreshToken, before?.refreshToken);
  });

  it('Advance Sandbox Clock moves the clock the view shows', async () => {
    const sandbox = await wallet.api.localSandbox();
    const before = sandbox.now();
    const shown = await description(await node('clock'));
    await runScripted(wallet.api, 'walletConsole.advanceSandboxClock', ['Custom…', 'soon', '2h30m']);
    assert.ok(sandbox.now() - before >= 9000 * 1000);
    assert.notEqual(await description(await node('clock')), shown);
    assert.match(await description(await node('clock')), /ahead\)$/);
  });

  it('Reset Sandbox Wallet asks first, then restores the seeded balance and history', async () => {
    await runScripted(wallet.api, 'walletConsole.resetSandboxWallet', [undefined]);
    assert.equal(await balance(), 150_050, 'dismissing the confirmation changes nothing');
    const input = await runScripted(wallet.api, 'walletConsole.resetSandboxWallet', ['Reset']);
    assert.ok(input.asked.some((entry) => entry.kind === 'confirm' && entry.title.includes(formatMobileForPeople(wallet.mobile))));
    assert.equal(await balance(), seeded.balance);
    assert.deepEqual(shape(await history()), seeded.shape, 'the seeded history, without the added transaction');
  });

  it('no password, token, app key or passcode in the Sandbox view’s items', async () => {
    await runScripted(wallet.api, 'walletConsole.injectFault', [
      'POST /v1/users/accessToken',
      'Status code',
      '500',
      'Before the work',
      'Once',
    ]);
    const secrets = await storedSecrets(wallet);
    assert.ok(secrets.size >= 6);
    const text = (await treeText(tree())).join('\n');
    assert.match(text, /POST \/v1\/users\/accessToken/);
    assertNoSecret(text, secrets, 'the Sandbox view');
    await runScripted(wallet.api, 'walletConsole.clearAllFaults', []);
  });

  it('Revoke Wallet Refresh Tokens (confirmed) makes the sandbox refuse the refresh token', async () => {
    const { store } = wallet.api.accounts;
    const tokens = await store.walletSecrets('local', wallet.mobile);
    const app = await wallet.api.accounts.requireAppKey('local');
    const url = await wallet.api.sandboxUrl();
    const refresh = () =>
      fetch(`${url}/v1/users/accessToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-key': app.appKey },
        body: JSON.stringify({ refreshToken: tokens!.refreshToken }),
      });
    assert.equal((await refresh()).status, 200);
    await runScripted(wallet.api, 'walletConsole.revokeRefreshTokens', ['Revoke']);
    assert.equal((await refresh()).status, 401);
  });
});
