// Exporting the Wallet view's transactions against the local sandbox: every page, not only the
// loaded one, as quoted CSV or as JSON, and what the type filter shows. The wallet comes from
// test/host/support/viewsWallet.ts.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Transaction } from '../../src/api';
import { type ConnectedWallet } from './support/connectedWallet';
import { runScripted } from './support/extension';
import { waitFor } from './support/waitFor';
import { CANCEL } from './support/scriptedInput';
import { closeViewsWallet, openViewsWallet } from './support/viewsWallet';

describe('Wallet views and the status-bar balance (local sandbox) — export', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;

  before(async () => ({ wallet } = await openViewsWallet()));
  after(() => closeViewsWallet(wallet));

  it('exports every page (not only the loaded one) as properly quoted CSV and as JSON, in the format chosen (issue 17 item 9)', async () => {
    await wallet.admin.addTransaction(wallet.mobile, {
      type: 'phone',
      amount: 150_000,
      recipient: { mobile: '2348031234567', name: 'Ade, "Tunde" Bello' },
    });
    await vscode.commands.executeCommand('walletConsole.refresh', { kind: 'transactions' });
    const loaded = wallet.api.views.model.transactions.value!.items;
    const everything = [
      ...(await wallet.api.accounts.withWallet((client, credentials) => client.listTransactions(credentials, { limit: 100 }))),
    ];
    for (let page = 2; everything.length === (page - 1) * 100; page++)
      everything.push(
        ...(await wallet.api.accounts.withWallet((client, credentials) =>
          client.listTransactions(credentials, { limit: 100, pages: page }),
        )),
      );
    assert.ok(everything.length > loaded.length, 'the history is longer than the loaded page');
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-export-'));
    const csvUri = vscode.Uri.file(path.join(folder, 'out.csv'));
    const jsonUri = vscode.Uri.file(path.join(folder, 'out.json'));
    const csvRun = await runScripted(wallet.api, 'walletConsole.exportTransactions', ['CSV', CANCEL], csvUri);
    await runScripted(wallet.api, 'walletConsole.exportTransactions', ['JSON', CANCEL], jsonUri);
    assert.equal(csvRun.asked[0]?.kind, 'pick', 'the format is offered explicitly');
    assert.deepEqual(csvRun.asked.at(-1)?.buttons, ['Open', 'Reveal'], 'the finishing message lets the user open the file');
    const csv = await fs.readFile(csvUri.fsPath, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines.length, everything.length + 1);
    assert.match(lines[0]!, /^reference,type,amountKobo,amountNaira,createdAt/);
    assert.ok(lines[1]!.includes('"Ade, ""Tunde"" Bello"'), `quoted: ${lines[1]}`);
    assert.ok(lines[1]!.includes(',150000,1500,'));
    const json = JSON.parse(await fs.readFile(jsonUri.fsPath, 'utf8')) as Transaction[];
    assert.deepEqual(
      json.map((transaction) => transaction.reference),
      everything.map((transaction) => transaction.reference),
    );
  });

  it('exports what the filter shows, and Open opens the file (issue 17 item 9)', async () => {
    await runScripted(wallet.api, 'walletConsole.filterTransactions', ['Bill payment']);
    try {
      const bills = await wallet.api.accounts.withWallet((client, credentials) =>
        client.listTransactions(credentials, { limit: 100, type: 'bills' }),
      );
      assert.ok(bills.length > 0 && bills.length < 100);
      const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-export-'));
      const jsonUri = vscode.Uri.file(path.join(folder, 'bills.json'));
      const run = await runScripted(wallet.api, 'walletConsole.exportTransactions', ['JSON', 'Open'], jsonUri);
      assert.match(run.asked.at(-1)?.title ?? '', new RegExp(`^Exported ${bills.length} bill payment transactions to `));
      const json = JSON.parse(await fs.readFile(jsonUri.fsPath, 'utf8')) as Transaction[];
      assert.deepEqual(
        json.map((transaction) => transaction.reference),
        bills.map((transaction) => transaction.reference),
      );
      await waitFor('Open shows the file in an editor', () => vscode.window.activeTextEditor?.document.uri.fsPath === jsonUri.fsPath);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await runScripted(wallet.api, 'walletConsole.filterTransactions', ['All types']);
    }
  });
});
