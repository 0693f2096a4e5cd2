// The secret audit of the money commands (issue 15): after sends of every kind, a requery, a
// refusal and an outcome-unknown answer, no password, token or app key appears in what the
// flows showed (prompts, confirmations, notices, errors), in the Wallet view's items, in the
// log, or in the files VS Code keeps for this session (settings and state). The full flow's
// audit is test/host/security.test.ts; this one covers the surfaces the money commands add.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { makeValidAccountNumber } from '../../src/sandbox/domain/nuban';
import type { WalletNode } from '../../src/views/walletTree';
import { connectFreshWallet, storedSecrets } from './support/connectedWallet';
import { runScripted } from './support/extension';
import { ancestorNamed, filesBelow } from './support/diskFiles';
import { report } from './support/report';
import type { ScriptedInput } from './support/scriptedInput';
import { runScriptedUntil } from './support/scriptedUntil';
import { waitFor } from './support/waitFor';
import { followRedraws } from './support/redraws';

function shownBy(input: ScriptedInput): string[] {
  return [
    ...input.asked.flatMap((entry) => [entry.title, entry.prompt ?? '', entry.validation ?? '', ...(entry.buttons ?? [])]),
    ...input.errors,
    ...input.errorButtons.flat(),
  ];
}

describe('Security: the money commands show and keep no secret', function () {
  this.timeout(120_000);

  it('finds no password, token or app key in prompts, notices, tree items, the log, settings or state', async () => {
    const wallet = await connectFreshWallet('money-audit');
    const { api, admin, mobile } = wallet;
    const sandbox = await api.localSandbox();
    sandbox.setBalance(mobile, 5_000_000);
    const labelled = await storedSecrets(wallet);
    const secrets = new Map(labelled.map(([label, value]) => [value, label]));

    await vscode.commands.executeCommand('walletConsole.wallet.focus');
    const shown: string[] = [];
    const account = makeValidAccountNumber('000014', '555666777');
    shown.push(...shownBy(await runScripted(api, 'walletConsole.sendToPhone', ['0909 000 0000', '12', 'Send ₦12.00'])));
    shown.push(...shownBy(await runScripted(api, 'walletConsole.sendToBank', ['ACCESS BANK', account, '34', 'Send ₦34.00'])));
    shown.push(...shownBy(await runScripted(api, 'walletConsole.buyAirtime', ['Glo', '0805 000 0000', '56', 'Buy ₦56.00 of Airtime'])));
    shown.push(...shownBy(await runScripted(api, 'walletConsole.sendToPhone', ['0909 000 0000', '402', 'Send ₦402.00'])));
    const pending = api.views.model.transactions.value!.items.find((tx) => tx.type === 'bank' && tx.amount === 3_400)!;
    shown.push(...shownBy(await runScripted(api, 'walletConsole.requeryTransfer', [], pending.reference)));
    await admin.addFault({ method: 'POST', path: '/v1/users/payments/bills/vtu', drop: true, times: 1 });
    const requeried = (input: ScriptedInput) => input.asked.some((entry) => /^No send of ₦78\.00/.test(entry.title));
    shown.push(
      ...shownBy(
        await runScriptedUntil(
          api,
          'walletConsole.buyAirtime',
          ['Glo', '0805 000 0000', '78', 'Buy ₦78.00 of Airtime', 'Requery'],
          requeried,
        ),
      ),
    );
    await admin.clearFaults();
    const settled = followRedraws(api);
    await sandbox.advanceClock(11);
    // What the advance settled reaches the views: they have drawn what changed, and nothing loads.
    await settled.drawn('the views to draw what the clock advance settled');
    const { model } = api.views;
    await waitFor(
      'the Wallet view’s parts to load',
      () => ![model.balance, model.accounts, model.transactions].some((part) => part.loading),
    );

    // Every item of the Wallet view, with its tooltip.
    const tree = api.views.walletTree;
    const items: string[] = [];
    const walk = async (node?: WalletNode): Promise<void> => {
      for (const child of await tree.getChildren(node)) {
        const item = tree.resolveTreeItem(tree.getTreeItem(child), child);
        const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : (item.tooltip ?? '');
        items.push(
          `${String(typeof item.label === 'object' ? item.label.label : item.label)} ${String(item.description ?? '')} ${tooltip}`,
        );
        if (item.collapsibleState !== vscode.TreeItemCollapsibleState.None) await walk(child);
      }
    };
    await walk();
    assert.ok(
      items.some((text) => /₦34\.00/.test(text)),
      'the audit read the transaction rows',
    );

    const storage = api.storagePaths;
    const logs = ancestorNamed(storage.logs, 'logs');
    const readLog = async () => {
      const files = logs ? (await filesBelow(logs)).filter((file) => path.basename(file).includes('Wallet Console')) : [];
      return { files, text: (await Promise.all(files.map((file) => fs.readFile(file, 'utf8')))).join('\n') };
    };
    // VS Code writes the log a moment after the fact: the audit reads it once the sends are in it.
    const sends = /Sent bank transfer of ₦34\.00 to \*{6}\d{4} at ACCESS BANK/;
    const { files: logFiles, text: logText } = await waitFor('the sends in the log, numbers masked', async () => {
      const log = await readLog();
      return sends.test(log.text) ? log : undefined;
    });
    assert.ok(!logText.includes(account), 'never the full account number in the log');

    const userData = ancestorNamed(storage.globalStorage, 'User');
    assert.ok(userData, 'found the user-data folder');
    const stateFiles = await filesBelow(userData);
    const found: string[] = [];
    const surfaces: [string, string][] = [
      ['prompts and notices', shown.join('\n')],
      ['Wallet view items', items.join('\n')],
      ['log', logText],
    ];
    for (const [name, text] of surfaces)
      for (const [secret, label] of secrets) if (text.includes(secret)) found.push(`${label} in ${name}`);
    // A control: the e-mail is stored on purpose (global state), so the search must find it.
    let controlSeen = false;
    for (const file of stateFiles) {
      const content = await fs.readFile(file).catch(() => undefined);
      if (!content) continue;
      controlSeen ||= content.includes(Buffer.from(wallet.email, 'utf8')) || content.includes(Buffer.from(wallet.email, 'utf16le'));
      for (const [secret, label] of secrets) {
        const at = content.indexOf(Buffer.from(secret, 'utf8'));
        // What stands before it says which record holds it (the secret itself is not repeated).
        const before = at >= 0 ? ` after "${content.subarray(Math.max(0, at - 160), at).toString('utf8')}"` : '';
        if (at >= 0 || content.includes(Buffer.from(secret, 'utf16le')))
          found.push(`${label} in ${path.relative(userData, file)}${before}`);
      }
    }
    report(
      '',
      `Money secret audit: ${secrets.size} secrets searched in ${shown.length} prompt and notice texts, ${items.length} Wallet view items,`,
      `${logFiles.length} log files and ${stateFiles.length} settings and state files: ${found.length === 0 ? 'none found' : found.join('; ')}.`,
      '',
    );
    const redraws = followRedraws(api);
    await api.accounts.store.disconnectWallet('local', mobile);
    // Let the views finish redrawing after the disconnect before the host moves on (or shuts down).
    await redraws.drawn();
    assert.ok(controlSeen, 'the search finds what is stored on purpose (the e-mail)');
    assert.deepEqual(found, []);
  });
});
