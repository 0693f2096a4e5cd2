// The fault matrix's machinery, shared by its test files (test/host/faultsGet.test.ts,
// faultsPost.test.ts, faultsRecovery.test.ts): every endpoint the extension calls × every way
// the network or the server goes wrong, driven through the real commands in a real extension
// host against the local sandbox's failure knobs. For each cell it checks what a person gets
// (one readable message), how many requests reached the sandbox (GETs retried within a bound,
// POSTs never), that the tree and the status bar keep their last good data marked stale, and
// that nothing rejects unhandled. Each file's matrix is printed at the end of its suite.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { formatNaira } from '../../../src/api';
import type { WalletConsoleApi } from '../../../src/extensionApi';
import type { WalletPart } from '../../../src/views/walletModel';
import type { WebviewTestHandle } from '../../../src/webview/panelRecorder';
import { connectFreshWallet, sandboxPasscode, type ConnectedWallet } from './connectedWallet';
import { runScripted, setSetting } from './extension';
import { assertReadable, RecordingInput, setBackgroundInput, type ShownMessage } from './recordingInput';
import { report, table } from './report';
import { label } from './sandboxSurfaces';

/** What can go wrong with any request, whatever its credentials. */
export const TRANSPORT_FAULTS = ['timeout', '500', '502 html', '429', 'drop', 'malformed', 'success:false'] as const;
export const FAULTS = [...TRANSPORT_FAULTS, 'expired token', 'revoked refresh'] as const;
export type FaultName = (typeof FAULTS)[number];

// The setting bounds one action, all attempts together (issue 17 item 3): long enough for a
// GET's retries after quick failures (two Retry-After waits of 1 s) to fit in it.
const TIMEOUT_S = 4;
const RETRY_AFTER_S = 1;
/** The client's defaults: 2 retries for a GET, 300 ms doubling backoff, 5 s cap. */
export const GET_ATTEMPTS = 3;
const BACKOFF_MS = [300, 600];
// A timeout uses up the whole bound in one attempt: nothing is left to retry in.
const RETRYABLE: readonly FaultName[] = ['500', '502 html', '429', 'drop'];
const HTML_502 =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

type Method = 'GET' | 'POST';

export interface Trial {
  input: RecordingInput;
  /** The error the panel shows instead of a notification (transaction detail). */
  panelMessage?: string;
  /** The error the Wallet view shows instead of a notification (a refresh). */
  viewMessage?: string;
  /** The command got what it went for. */
  succeeded: boolean;
  /** The user typed the passcode again after a message under the box. */
  reentered?: boolean;
}

export interface Row {
  name: string;
  method: Method;
  /** Path as the sandbox logs it (and the fault matches it). */
  path: string;
  /** Faults that make sense here; the others print as n/a. */
  faults: readonly FaultName[];
  /** The view part whose last good data must survive a failure. */
  part?: WalletPart;
  /** Runs the command(s) that reach the endpoint; `fault` is added by the trigger when `lateFault`. */
  trigger(fault: Record<string, unknown> | undefined): Promise<Trial>;
  lateFault?: boolean;
}

interface Cell {
  outcome: string;
  attempts: number;
  elapsedMs: number;
}

function faultSpec(name: FaultName, method: Method, path: string): Record<string, unknown> | undefined {
  // GET faults stay for every attempt; a POST fault is there once, so a (forbidden) retry would succeed and show.
  const base = method === 'GET' ? { method, path } : { method, path, times: 1 };
  switch (name) {
    case 'timeout':
      return { ...base, delayMs: TIMEOUT_S * 1000 + 700 };
    case '500':
      return { ...base, status: 500 };
    case '502 html':
      return { ...base, status: 502, body: HTML_502, contentType: 'text/html' };
    case '429':
      return { ...base, status: 429, retryAfterSeconds: RETRY_AFTER_S };
    case 'drop':
      return { ...base, drop: true };
    case 'malformed':
      return { ...base, status: 200, body: '{"success":true,"data":{"user":{"id":"OKHN8E4SS","bal' };
    case 'success:false':
      return { ...base, success2xxFalse: true };
    default:
      return undefined;
  }
}

/**
 * Unhandled rejections in the extension host while a fault suite runs. One list for all of them
 * in a run, so the check at the end (faultsRecovery.test.ts, whose file sorts last) covers the
 * matrix files run before it too.
 */
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

/**
 * One fault suite's wallet and checks: `setUp` and `tearDown` are its before and after hooks,
 * `describeRows` declares the matrix's cells (a row × a fault), and the other helpers are for tests
 * that inject faults of their own.
 */
export function faultSuite() {
  let wallet: ConnectedWallet;
  let api: WalletConsoleApi;
  let handle: WebviewTestHandle;
  let expiredAccessToken: string;
  let reference: string;
  const secrets = new Set<string>();
  const matrix = new Map<string, Map<FaultName, Cell>>();
  /** Takes prompts raised between commands (background loads); they count for the cell they happen in. */
  const background = new RecordingInput();

  async function collectSecrets(): Promise<void> {
    const env = 'local';
    const developer = await api.accounts.store.developerSecrets(env);
    const app = api.accounts.activeApp(env);
    const keys = app ? await api.accounts.store.appSecrets(env, app.id) : undefined;
    const tokens = await api.accounts.store.walletSecrets(env, wallet.mobile);
    for (const value of [
      wallet.password,
      developer?.loginToken,
      developer?.resourceToken,
      keys?.key,
      keys?.sandboxKey,
      tokens?.accessToken,
      tokens?.refreshToken,
      expiredAccessToken,
    ]) {
      if (value) secrets.add(value);
    }
  }

  async function saveTokens(change: { accessToken?: string; expiresAt: number }): Promise<void> {
    const tokens = await api.accounts.store.walletSecrets('local', wallet.mobile);
    assert.ok(tokens, 'the wallet has tokens');
    await api.accounts.store.saveWalletTokens('local', wallet.mobile, { ...tokens, ...change });
  }

  async function reconnect(): Promise<void> {
    await runScripted(api, 'walletConsole.connectWallet', [wallet.mobile, (options) => sandboxPasscode(options.prompt)]);
    setBackgroundInput(api, background);
    assert.equal(api.accounts.activeWallet('local')?.status, 'connected');
    await collectSecrets();
  }

  /** Loads the part afresh without faults, so a failure has last good data to keep. */
  async function loadGood(part: WalletPart): Promise<unknown> {
    const { model } = api.views;
    if (part === 'balance') await model.loadBalance(true);
    else if (part === 'accounts') await model.loadAccounts(true);
    else await model.loadTransactions(true);
    const loadable = model[part];
    assert.equal(loadable.error, undefined, `${part} loads without faults`);
    assert.ok(loadable.value, `${part} has a value`);
    return structuredClone(loadable.value);
  }

  /** The tree and the status bar show the last good value, marked stale. */
  async function assertStaleKept(part: WalletPart, good: unknown, context: string): Promise<void> {
    const { model, walletTree, balanceStatus } = api.views;
    const loadable = model[part];
    assert.deepEqual(loadable.value, good, `${context}: the last good ${part} is kept`);
    assert.ok(loadable.error && loadable.stale, `${context}: ${part} is marked stale`);
    const item = walletTree.getTreeItem(walletTree.sections[part]);
    if (part === 'balance') {
      const balance = (good as { balance: number }).balance;
      assert.equal(label(item), formatNaira(balance), `${context}: the tree still shows the balance`);
      assert.match(String(item.description), /^stale/, `${context}: the balance node says stale`);
      assert.equal(balanceStatus.text, `$(warning) ${formatNaira(balance)}`, `${context}: the status bar keeps the amount with a warning`);
      assert.match(balanceStatus.tooltip ?? '', /Last refresh failed/, `${context}: the status-bar tooltip says why`);
    } else {
      assert.match(String(item.description), /^stale · /, `${context}: the ${part} node says stale`);
      const children = await walletTree.getChildren(walletTree.sections[part]);
      assert.equal(children[0]?.kind, 'message', `${context}: a stale note heads the ${part}`);
      assert.ok(children.length > 1, `${context}: the ${part} are still listed`);
    }
  }

  /** The suite's before hook: a fresh wallet, an access token the server has let expire, the timeout setting. */
  async function setUp(): Promise<{ wallet: ConnectedWallet; api: WalletConsoleApi }> {
    process.on('unhandledRejection', onUnhandled);
    wallet = await connectFreshWallet('faults');
    api = wallet.api;
    const found = await vscode.commands.executeCommand<WebviewTestHandle>('walletConsole.test.webview');
    assert.ok(found, 'the webview test handle is registered');
    handle = found;
    setBackgroundInput(api, background);
    await setSetting('requestTimeoutSeconds', TIMEOUT_S);
    await wallet.admin.clearFaults();

    // An access token the client believes good for an hour but the server has let expire.
    await wallet.admin.setKnobs({ tokenLifetimeSeconds: 1 });
    await saveTokens({ expiresAt: Date.now() - 1000 });
    await api.accounts.withWallet((client, credentials) => client.getBalance(credentials));
    expiredAccessToken = (await api.accounts.store.walletSecrets('local', wallet.mobile))!.accessToken;
    await wallet.admin.setKnobs({ tokenLifetimeSeconds: 86_400 });
    await saveTokens({ expiresAt: Date.now() - 1000 });
    await api.accounts.withWallet((client, credentials) => client.getBalance(credentials));
    // Let the 1-second token expire: on the sandbox's virtual clock, which judges it.
    await wallet.admin.advanceClock(2);

    const transactions = await api.accounts.withWallet((client, credentials) => client.listTransactions(credentials, { limit: 1 }));
    reference = transactions[0]!.reference;
    await collectSecrets();
    return { wallet, api };
  }

  /** The suite's after hook: everything put back as it was found, then the matrix printed. */
  async function tearDown(): Promise<void> {
    process.off('unhandledRejection', onUnhandled);
    if (api) setBackgroundInput(api, undefined);
    await wallet?.admin.clearFaults();
    await wallet?.admin.setKnobs({ tokenLifetimeSeconds: 86_400, latencyMs: 0 });
    await setSetting('requestTimeoutSeconds', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Wallets are listed per environment across developers: leave the list as it was found.
    if (wallet) await api.accounts.store.disconnectWallet('local', wallet.mobile);
    printMatrix();
  }

  function printMatrix(): void {
    if (matrix.size === 0) return;
    const rows = [...matrix.entries()].map(([row, cells]) => [row, ...FAULTS.map((fault) => cells.get(fault)?.outcome ?? 'n/a')]);
    const tested = [...matrix.values()].reduce((sum, cells) => sum + cells.size, 0);
    report(
      '',
      `Fault matrix: ${tested} cells, endpoint × fault → what the user got. Timeout ${TIMEOUT_S} s per action (all attempts), Retry-After ${RETRY_AFTER_S} s; N× = requests that reached the sandbox.`,
      ...table(['endpoint', ...FAULTS], rows),
      'msg = exactly one readable message (notification, panel page, Wallet view or input box), no stack, no undefined, no [object Object], no secret.',
      'stale kept = the tree and the status bar keep the last good data, marked stale. GETs retry 2× (300/600 ms backoff, or Retry-After); POSTs never.',
      'refreshed = 401, one token refresh, the call retried once, data shown, no message. disconnected = refresh refused, wallet marked disconnected, one reconnect prompt.',
      `Unhandled rejections in the extension host during the fault suites so far: ${unhandled.length}.`,
      '',
    );
  }

  function record(row: string, fault: FaultName, cell: Cell): void {
    if (!matrix.has(row)) matrix.set(row, new Map());
    matrix.get(row)!.set(fault, cell);
  }

  /** Declares the matrix: a describe per row, and in it a test per fault that makes sense there. */
  function describeRows(rows: readonly Row[]): void {
    for (const rowTemplate of rows) {
      describe(rowTemplate.name, () => {
        for (const fault of rowTemplate.faults) {
          it(`${rowTemplate.method} ${rowTemplate.name} × ${fault}`, async () => {
            const row = rowTemplate;
            const path = row.path;
            const context = `${row.name} × ${fault}`;
            await wallet.admin.clearFaults();
            if (api.accounts.activeWallet('local')?.status !== 'connected') await reconnect();
            const good = row.part ? await loadGood(row.part) : undefined;

            let spec = faultSpec(fault, row.method, path);
            if (fault === 'expired token') {
              if (row.name === 'create app') {
                // What the server answers for an expired x-auth-token (it cannot be forged here).
                spec = {
                  method: 'POST',
                  path,
                  status: 401,
                  times: 1,
                  body: JSON.stringify({ success: false, error: 'The x-auth-token has expired; authenticate again', errorCode: '20003' }),
                };
              } else {
                await saveTokens({ accessToken: expiredAccessToken, expiresAt: Date.now() + 3_600_000 });
              }
            }
            if (fault === 'revoked refresh') {
              await wallet.admin.revoke(wallet.mobile);
              await saveTokens({ expiresAt: Date.now() - 1000 });
            }
            await wallet.admin.clearRequests();
            if (spec && !row.lateFault) await wallet.admin.addFault(spec);
            const backgroundMark = background.shown.length;

            const started = performance.now();
            const trial = await row.trigger(row.lateFault ? spec : undefined);
            const elapsedMs = performance.now() - started;
            await wallet.admin.clearFaults();

            const complaints: ShownMessage[] = [
              ...trial.input.complaints(),
              ...background.shown.slice(backgroundMark).filter((message) => message.where !== 'info'),
              ...(trial.panelMessage ? [{ where: 'panel' as const, text: trial.panelMessage }] : []),
              ...(trial.viewMessage ? [{ where: 'view' as const, text: trial.viewMessage }] : []),
            ];
            for (const message of complaints) assertReadable(message.text, [...secrets], `${context} (${message.where})`);
            const retried = row.method === 'GET' && RETRYABLE.includes(fault);

            let outcome: string;
            let attempts: number;
            if (fault === 'expired token' && row.name !== 'create app') {
              attempts = await wallet.admin.settledCount(path, row.method, 2);
              const refreshes = await wallet.admin.count('/v1/users/accessToken');
              assert.deepEqual(complaints, [], `${context}: recovered silently`);
              assert.ok(trial.succeeded, `${context}: the command got its data`);
              assert.equal(refreshes, 1, `${context}: one refresh`);
              assert.equal(attempts, 2, `${context}: the call is retried once after the refresh`);
              if (row.part) assert.equal(api.views.model[row.part].stale, false, `${context}: fresh data`);
              outcome = '401→refreshed, 2×, ok';
            } else if (fault === 'revoked refresh') {
              attempts = await wallet.admin.settledCount('/v1/users/accessToken', 'POST', 1);
              const reached = row.path === '/v1/users/accessToken' ? 0 : await wallet.admin.count(path, row.method);
              assert.equal(attempts, 1, `${context}: one refresh attempt`);
              assert.equal(reached, 0, `${context}: no call with a token that cannot be renewed`);
              assert.equal(
                api.accounts.accounts('local').wallets.find((candidate) => candidate.mobile === wallet.mobile)?.status,
                'disconnected',
                `${context}: marked disconnected`,
              );
              const notifications = complaints.filter((message) => message.where !== 'panel' && message.where !== 'view');
              assert.equal(notifications.length, 1, `${context}: one notification: ${JSON.stringify(complaints)}`);
              assert.match(notifications[0]!.text, /was disconnected/, `${context}: the reconnect prompt`);
              // The panel, when it was asked for something, says so on its page instead of a blank.
              if (trial.panelMessage !== undefined) assert.match(trial.panelMessage, /disconnected/);
              outcome = `disconnected, 1 prompt${trial.panelMessage ? ' (+page)' : ''}`;
            } else {
              const expected = retried ? GET_ATTEMPTS : 1;
              const userEntries = trial.reentered ? 2 : 1;
              attempts = await wallet.admin.settledCount(path, row.method, expected * userEntries);
              assert.equal(attempts, expected * userEntries, `${context}: ${expected} request(s) per try reached the sandbox`);
              assert.equal(complaints.length, 1, `${context}: exactly one message, got ${JSON.stringify(complaints)}`);
              if (row.part) await assertStaleKept(row.part, good, context);
              if (retried) {
                const waits = fault === '429' ? (GET_ATTEMPTS - 1) * RETRY_AFTER_S * 1000 : BACKOFF_MS.reduce((a, b) => a + b, 0);
                assert.ok(elapsedMs >= waits - 50, `${context}: backed off (${Math.round(elapsedMs)} ms)`);
                assert.ok(elapsedMs <= waits + 2500, `${context}: within the bound (${Math.round(elapsedMs)} ms)`);
              }
              if (fault === 'timeout') {
                // What the user waits for one action is the setting, and the message says so.
                assert.ok(elapsedMs >= TIMEOUT_S * 1000 - 50, `${context}: waited the bound (${Math.round(elapsedMs)} ms)`);
                assert.ok(elapsedMs <= TIMEOUT_S * 1000 + 2500, `${context}: and no longer (${Math.round(elapsedMs)} ms)`);
                assert.match(complaints[0]!.text, new RegExp(`within ${TIMEOUT_S} s`), `${context}: says the bound`);
              }
              const where = complaints[0]!.where;
              const said =
                where === 'input box'
                  ? 'box msg, re-typed → connected'
                  : where === 'panel'
                    ? 'msg in panel'
                    : where === 'view'
                      ? 'msg in view'
                      : 'msg';
              if (trial.reentered) assert.ok(trial.succeeded, `${context}: connected after typing the passcode again`);
              else assert.equal(trial.succeeded, false, `${context}: the command did not pretend to succeed`);
              outcome = [`${attempts}×`, said, row.part ? 'stale kept' : ''].filter(Boolean).join(', ');
            }
            record(row.name, fault, { outcome, attempts, elapsedMs });
          });
        }
      });
    }
  }

  return {
    setUp,
    tearDown,
    describeRows,
    saveTokens,
    reconnect,
    loadGood,
    assertStaleKept,
    /** The secrets no message may show; a row adds those it makes up. */
    secrets,
    unhandled: unhandled as readonly unknown[],
    get handle(): WebviewTestHandle {
      return handle;
    },
    /** A transaction of the wallet's, for the rows that look one up. */
    get reference(): string {
      return reference;
    },
  };
}
