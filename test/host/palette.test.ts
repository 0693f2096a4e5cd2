// Issue 38: the palette lists at most 30 of the extension's commands in any one state. VS Code
// has no API that reads context keys, so the test takes the ones the extension set (its
// ContextKeys, live), evaluates every `commandPalette` when clause of the installed manifest
// against each state, and fails on a clause it cannot read rather than guess.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';

type Context = Record<string, unknown>;

/** One term: `key`, `!key`, `key == value` (quoted or not), `key != value`, `key > n`, `true`, `false`. */
function term(text: string, context: Context): boolean {
  const negated = text.startsWith('!');
  const body = negated ? text.slice(1).trim() : text;
  const comparison = /^([\w.]+)\s*(==|!=|>)\s*'?([\w.-]+)'?$/.exec(body);
  let value: boolean;
  if (comparison?.[2] === '>') value = Number(context[comparison[1]!] ?? 0) > Number(comparison[3]);
  else if (comparison) value = (String(context[comparison[1]!]) === comparison[3]) === (comparison[2] === '==');
  else if (/^[\w.]+$/.test(body)) value = body === 'true' ? true : body === 'false' ? false : Boolean(context[body]);
  else throw new Error(`The palette test cannot read the when clause term "${text}": teach it, do not skip it`);
  return negated ? !value : value;
}

function shown(when: string | undefined, context: Context): boolean {
  if (when === undefined) return true;
  return when.split('||').some((clause) => clause.split('&&').every((part) => term(part.trim(), context)));
}

interface Manifest {
  contributes: { commands: { command: string }[]; menus: { commandPalette: { command: string; when?: string }[] } };
}

function paletteCount(manifest: Manifest, context: Context): string[] {
  const when = new Map(manifest.contributes.menus.commandPalette.map((entry) => [entry.command, entry.when]));
  return manifest.contributes.commands.map((command) => command.command).filter((id) => shown(when.get(id), context));
}

const keyed = (values: Record<string, unknown>): Context =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [`walletConsole.${key}`, value]));

describe('Command palette: at most 30 of our commands in any one state', function () {
  this.timeout(60_000);
  let wallet: ConnectedWallet;
  let manifest: Manifest;

  before(async () => {
    wallet = await connectFreshWallet('palette');
    manifest = vscode.extensions.getExtension('wallet-console.wallet-console')!.packageJSON as Manifest;
  });

  after(async () => {
    if (wallet) await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
  });

  it('local sandbox with a wallet (the keys as the extension set them)', () => {
    // The state this test names (one app, one wallet), whatever earlier files left connected.
    const live = keyed({ ...wallet.api.views.contextKeys.values, appCount: 1, walletCount: 1, sandboxHasFaults: false });
    assert.equal(live['walletConsole.environment'], 'local');
    assert.equal(live['walletConsole.walletConnected'], true);
    const listed = paletteCount(manifest, live);
    assert.ok(listed.length <= 30, `${listed.length} commands: ${listed.join(', ')}`);
    // Item-only commands and the duplicates' second halves are not among them.
    for (const hidden of ['showRequest', 'copyReference', 'verifyBankAccountQuick', 'filterRequestsByPath', 'setSandboxBalance'])
      assert.ok(!listed.includes(`walletConsole.${hidden}`), hidden);
    for (const kept of ['filterRequests', 'changeSandboxWallet', 'sendToBank', 'verifyBankAccount'])
      assert.ok(listed.includes(`walletConsole.${kept}`), kept);
    // Issue 55: Check Webhook Handler where it can work (the docs call it a command); a pick of one
    // app or one wallet is not offered (nothing else to pick).
    assert.ok(listed.includes('walletConsole.checkWebhookHandler'), 'Check Webhook Handler');
    for (const hidden of ['selectApp', 'selectWallet']) assert.ok(!listed.includes(`walletConsole.${hidden}`), hidden);
    assert.ok(listed.length <= 29, `one fewer than before, Check Webhook Handler in: ${listed.length}: ${listed.join(', ')}`);
    const two = paletteCount(manifest, { ...live, 'walletConsole.appCount': 2, 'walletConsole.walletCount': 2 });
    assert.ok(two.includes('walletConsole.selectApp') && two.includes('walletConsole.selectWallet'), 'with another to pick');
    // The fullest local state: another app and wallet to pick, and a fault to clear (Clear All
    // Sandbox Faults shows only then: SandboxWatch sets walletConsole.sandboxHasFaults).
    assert.ok(!listed.includes('walletConsole.clearAllFaults'), 'no fault to clear');
    const fullest = paletteCount(manifest, {
      ...live,
      'walletConsole.appCount': 2,
      'walletConsole.walletCount': 2,
      'walletConsole.sandboxHasFaults': true,
    });
    assert.ok(fullest.includes('walletConsole.clearAllFaults'), 'a fault to clear');
    assert.ok(fullest.length <= 30, `${fullest.length} commands: ${fullest.join(', ')}`);
  });

  it('signed out, and staging with a wallet', () => {
    const live = wallet.api.views.contextKeys.values;
    const signedOut = keyed({ ...live, signedIn: false, hasApp: false, walletConnected: false });
    const staging = keyed({ ...live, environment: 'staging' });
    for (const [state, context] of [
      ['signed out', signedOut],
      ['staging with a wallet', staging],
    ] as const) {
      const listed = paletteCount(manifest, context);
      assert.ok(listed.length <= 30, `${state}: ${listed.length} commands: ${listed.join(', ')}`);
      assert.ok(listed.length >= 10, `${state}: the palette still offers the way in (${listed.join(', ')})`);
    }
    assert.ok(paletteCount(manifest, signedOut).includes('walletConsole.signIn'));
    assert.ok(!paletteCount(manifest, staging).includes('walletConsole.injectFault'), 'sandbox controls only where the sandbox is');
    for (const local of ['checkWebhookHandler', 'copySandboxSettings'])
      assert.ok(!paletteCount(manifest, staging).includes(`walletConsole.${local}`), `${local}: the local sandbox's only`);
    assert.ok(!paletteCount(manifest, signedOut).includes('walletConsole.copySandboxSettings'), 'no app: nothing to copy');
  });

  it('every command the palette hides is still reachable from a view, a menu or another command', () => {
    const menus = (manifest.contributes.menus as unknown as Record<string, { command?: string }[]>) ?? {};
    const inMenus = new Set(
      Object.entries(menus)
        .filter(([name]) => name !== 'commandPalette')
        .flatMap(([, entries]) => entries.map((entry) => entry.command)),
    );
    const hidden = manifest.contributes.menus.commandPalette.filter((entry) => entry.when === 'false').map((entry) => entry.command);
    // Reached by clicking a row (a tree item's command), from another command's pick, from the
    // status bar (refreshBalance) or an error message's button (renewSandboxKey, openSettings).
    const byRowOrPick = new Set([
      'walletConsole.refreshBalance',
      'walletConsole.renewSandboxKey',
      'walletConsole.openSettings',
      'walletConsole.ignoreFileForEndpoints', // a quick fix of endpoint intelligence
      'walletConsole.showRequest',
      'walletConsole.showEvent',
      'walletConsole.showFinding',
      'walletConsole.loadMoreTransactions',
      'walletConsole.sendEndpointToSandbox',
      'walletConsole.copyEndpointAsCurl',
      'walletConsole.filterRequestsByStatus',
      'walletConsole.filterRequestsByPath',
      'walletConsole.setSandboxBalance',
      'walletConsole.addSandboxTransaction',
      'walletConsole.expireWalletToken',
      'walletConsole.revokeRefreshTokens',
      'walletConsole.resetSandboxWallet',
    ]);
    const unreachable = hidden.filter((command) => !inMenus.has(command) && !byRowOrPick.has(command));
    assert.deepEqual(unreachable, []);
  });
});
