// Send money from the editor (issue 15): every money command through the scripted input in a
// real extension host against the in-process local sandbox, the production gate, the double
// click, a lost answer (outcome unknown, then Requery), and a pending bank transfer that
// settles in the tree without a refresh.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { formatNaira, type Transaction } from '../../src/api';
import type { Sandbox } from '../../src/sandbox';
import { makeValidAccountNumber } from '../../src/sandbox/domain/nuban';
import type { WalletNode } from '../../src/views/walletTree';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { runScripted, setSetting, uniqueEmail } from './support/extension';
import { CANCEL, ScriptedInput } from './support/scriptedInput';
import { runScriptedUntil } from './support/scriptedUntil';
import { followRedraws } from './support/redraws';
import { waitFor } from './support/waitFor';

const PERSONA = '2349090000000';
const PERSONA_TYPED = '0909 000 0000';
const ACCESS_BANK = { name: 'ACCESS BANK', code: '000014' };

describe('Money: send from the editor (local sandbox)', function () {
  this.timeout(90_000);
  let wallet: ConnectedWallet;
  let sandbox: Sandbox;

  const model = () => wallet.api.views.model;
  const balance = () => model().balance.value?.balance ?? NaN;
  const firstPage = (): Transaction[] => model().transactions.value?.items ?? [];
  const serverBalance = async () => (await wallet.api.accounts.withWallet((client, credentials) => client.getBalance(credentials))).balance;

  /** A wallet in a remote environment pointed at the local sandbox (real money never moves in a test). */
  async function connectRemoteWallet(env: 'staging' | 'production'): Promise<string> {
    const url = await wallet.api.sandboxUrl();
    await setSetting(`${env}.consoleUrl`, url);
    await setSetting(`${env}.developerUrl`, url);
    await setSetting('environment', env);
    const password = `pw-${Math.random().toString(36).slice(2)}-Remote!`;
    await runScripted(wallet.api, 'walletConsole.signUp', [uniqueEmail(`money-${env}`), password, password]);
    await runScripted(wallet.api, 'walletConsole.createApp', [`Money ${env} app`]);
    const mobile = wallet.api.accounts.accounts(env).developer!.sandboxMobile!;
    await runScripted(wallet.api, 'walletConsole.connectWallet', [mobile, () => sandbox.lastPasscode(mobile)!]);
    sandbox.setBalance(mobile, 1_000_000);
    return mobile;
  }

  async function leaveRemote(env: 'staging' | 'production', mobile: string | undefined): Promise<void> {
    if (mobile) await wallet.api.accounts.store.disconnectWallet(env, mobile);
    await setSetting('environment', 'local');
    await setSetting(`${env}.consoleUrl`, undefined);
    await setSetting(`${env}.developerUrl`, undefined);
  }

  before(async () => {
    wallet = await connectFreshWallet('money');
    sandbox = await wallet.api.localSandbox();
    sandbox.setBalance(wallet.mobile, 10_000_000);
    await vscode.commands.executeCommand('walletConsole.wallet.focus');
    await model().refreshAll();
    await model().loadTransactions(true);
    assert.equal(balance(), 10_000_000);
  });

  // Wallets are listed per environment across developers: leave the list as it was found.
  after(async () => {
    const redraws = wallet && followRedraws(wallet.api);
    if (wallet) await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
    // The views draw the disconnect before the host moves on (or shuts down).
    await redraws?.drawn();
  });

  afterEach(async () => {
    await setSetting('environment', 'local');
    await setSetting('production.allowMoneyMovement', undefined);
    await wallet.admin.clearFaults();
  });

  it('Send to Phone: amount checked as typed with the balance after, one modal confirmation, then only balance and first page refresh', async () => {
    const accountsLoadedAt = model().accounts.updatedAt;
    const input = await runScripted(wallet.api, 'walletConsole.sendToPhone', [
      PERSONA_TYPED,
      '1,50', // bad grouping: refused under the box
      '200,000', // more than the balance
      '₦1,500',
      'Send ₦1,500.00',
    ]);
    const amountBox = input.asked.filter((entry) => entry.title === 'Send to Phone (2/2)');
    assert.match(amountBox[0]!.prompt!, /Balance: ₦100,000\.00/);
    assert.match(amountBox[0]!.validation!, /Enter an amount in naira/);
    assert.match(amountBox[1]!.validation!, /more than the balance of ₦100,000\.00/);
    const confirm = input.asked.find((entry) => entry.kind === 'confirm' && entry.buttons?.length)!;
    assert.equal(confirm.title, 'Send to Phone: send ₦1,500.00 to 0909 000 0000 in Local sandbox?');
    assert.deepEqual(confirm.buttons, ["Don't Send", 'Send ₦1,500.00'], 'the safe choice is first, the default');
    assert.equal(input.asked.filter((entry) => entry.kind === 'confirm' && entry.buttons?.length).length, 1, 'one confirmation');
    // Refreshed before the command ended: balance and first page, not the linked accounts.
    assert.equal(balance(), 10_000_000 - 150_000);
    assert.equal(await serverBalance(), balance());
    assert.ok(
      firstPage().some((tx) => tx.type === 'phone' && tx.amount === 150_000 && tx.recipient.mobile === PERSONA),
      'the transfer is on the first page',
    );
    assert.equal(model().accounts.updatedAt, accountsLoadedAt, 'the linked accounts were not fetched again');
    const done = input.asked.find((entry) => entry.kind === 'confirm' && /^Sent ₦1,500\.00 to 0909 000 0000\. Reference/.test(entry.title));
    assert.ok(done, JSON.stringify(input.asked));
  });

  it("Don't Send sends nothing", async () => {
    const before = await wallet.admin.count('/v1/users/transfers/phone', 'POST');
    await runScripted(wallet.api, 'walletConsole.sendToPhone', [PERSONA_TYPED, '10', "Don't Send"]);
    assert.equal(await wallet.admin.count('/v1/users/transfers/phone', 'POST'), before);
  });

  it('Buy Airtime: network, line and amount, then one confirmation', async () => {
    const start = balance();
    const input = await runScripted(wallet.api, 'walletConsole.buyAirtime', ['MTN', '0803 000 0000', '100', 'Buy ₦100.00 of Airtime']);
    const confirm = input.asked.find((entry) => entry.kind === 'confirm' && entry.buttons?.length)!;
    assert.equal(confirm.title, 'Buy Airtime: buy ₦100.00 of airtime for MTN line 0803 000 0000 in Local sandbox?');
    assert.deepEqual(confirm.buttons, ["Don't Send", 'Buy ₦100.00 of Airtime'], 'the safe choice first, the same words as the sends');
    assert.equal(balance(), start - 10_000);
    assert.ok(firstPage().some((tx) => tx.recipient.metadata?.billCustomerID === '2348030000000' && tx.amount === 10_000));
  });

  it('a refusal (magic amount ₦402: insufficient funds) is an error that moved nothing, not "outcome unknown"', async () => {
    const start = balance();
    const input = await runScripted(wallet.api, 'walletConsole.sendToPhone', [PERSONA_TYPED, '402', 'Send ₦402.00']);
    assert.equal(input.errors.length, 1, JSON.stringify(input.asked));
    assert.match(input.errors[0]!, /^Send to Phone failed\./);
    assert.doesNotMatch(input.errors[0]!, /outcome unknown/i);
    assert.equal(await serverBalance(), start);
  });

  it('Send to Bank: bank from the list, account verified, its name shown before the confirmation; pending in the tree until it settles (advanceClock), no manual refresh', async () => {
    const accountNumber = makeValidAccountNumber(ACCESS_BANK.code, '987654321');
    const start = balance();
    const input = await runScripted(wallet.api, 'walletConsole.sendToBank', [
      ACCESS_BANK.name,
      accountNumber,
      '2,500.50',
      'Send ₦2,500.50',
    ]);
    const amountBox = input.asked.find((entry) => entry.title === 'Send to Bank (3/3)')!;
    const resolved = /^To (.+), \d{10} at /.exec(amountBox.prompt!)?.[1];
    assert.ok(resolved && resolved.length > 3, `the amount box names the verified account: ${amountBox.prompt}`);
    const confirm = input.asked.find((entry) => entry.kind === 'confirm' && entry.buttons?.length)!;
    assert.equal(confirm.title, `Send to Bank: send ₦2,500.50 to ${resolved}, ${accountNumber} at ${ACCESS_BANK.name} in Local sandbox?`);
    assert.equal(balance(), start - 250_050);

    const record = firstPage().find((tx) => tx.type === 'bank' && tx.amount === 250_050);
    assert.ok(record, 'the transfer is on the first page');
    assert.equal(record.statusCode, '000002');
    const item = () => {
      const tx = firstPage().find((candidate) => candidate.reference === record.reference)!;
      const node: WalletNode = wallet.api.views.walletTree.transactionNode(tx);
      return wallet.api.views.walletTree.getTreeItem(node);
    };
    assert.match(String(item().description), /^pending · /);
    assert.equal((item().iconPath as vscode.ThemeIcon).id, 'clock');

    // Requery from the row: still pending.
    const requery = await runScripted(wallet.api, 'walletConsole.requeryTransfer', [], { reference: record.reference });
    assert.ok(requery.asked.some((entry) => entry.title === `Bank transfer ${record.reference}: still pending (000002).`));

    // The settlement comes from the sandbox (another client could have caused it): the tree follows by itself.
    const listsBefore = await wallet.admin.count('/v1/transactions', 'GET');
    await sandbox.advanceClock(11);
    await waitFor(
      'the settled status in the tree',
      () => firstPage().find((tx) => tx.reference === record.reference)?.statusCode === '000001',
    );
    assert.doesNotMatch(String(item().description), /pending/);
    assert.ok((await wallet.admin.count('/v1/transactions', 'GET')) > listsBefore, 'the first page was fetched again');
  });

  it('a change to the wallet by another client (here the sandbox control methods) shows without a refresh', async () => {
    const added = sandbox.addTransaction(wallet.mobile, { type: 'phone', amount: 12_345 });
    sandbox.setBalance(wallet.mobile, 7_777_777);
    await waitFor(
      'the new balance and the added transaction in the view',
      () => balance() === 7_777_777 && firstPage().some((tx) => tx.reference === added.reference),
    );
  });

  it('Requery Transfer from the palette lists the bank transfers', async () => {
    const reference = firstPage().find((tx) => tx.type === 'bank' && tx.amount === 250_050)!.reference;
    const input = await runScripted(wallet.api, 'walletConsole.requeryTransfer', [reference]);
    assert.equal(formatNaira(250_050), '₦2,500.50');
    assert.ok(
      input.asked.some((entry) => entry.title === `Bank transfer ${reference}: succeeded (000001).`),
      JSON.stringify(input.asked),
    );
  });

  it('a double click never sends twice: a second run during the flow starts nothing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const input = new ScriptedInput(
      PERSONA_TYPED,
      async () => {
        await gate;
        return '50';
      },
      'Send ₦50.00',
    );
    const before = await wallet.admin.count('/v1/users/transfers/phone', 'POST');
    const start = await serverBalance();
    wallet.api.setUserInput(input);
    try {
      const first = vscode.commands.executeCommand('walletConsole.sendToPhone');
      // The first run is in its flow: it has asked for the amount, whose answer waits for the gate.
      await waitFor('the first run to ask for the amount', () => input.asked.length >= 2);
      // The same command again, from the palette and from the wallet's tree node, while the first waits.
      const second = vscode.commands.executeCommand('walletConsole.sendToPhone');
      const third = vscode.commands.executeCommand('walletConsole.sendToPhone', { kind: 'wallet' });
      release();
      await Promise.all([first, second, third]);
    } finally {
      wallet.api.setUserInput(undefined);
    }
    input.assertDone();
    assert.equal(input.asked.filter((entry) => entry.title === 'Send to Phone (1/2)').length, 1, 'one flow');
    assert.equal(await wallet.admin.settledCount('/v1/users/transfers/phone', 'POST', before + 1), before + 1, 'one POST');
    assert.equal(await serverBalance(), start - 5_000);
  });

  it('outcome unknown (dropped answer): says so, never "failed", and offers Requery, which looks in the history', async () => {
    await wallet.admin.addFault({ method: 'POST', path: '/v1/users/transfers/phone', drop: true, times: 1 });
    const before = await wallet.admin.count('/v1/users/transfers/phone', 'POST');
    const answered = (input: ScriptedInput) => input.asked.some((entry) => /^No send of ₦75\.00/.test(entry.title));
    const input = await runScriptedUntil(
      wallet.api,
      'walletConsole.sendToPhone',
      [PERSONA_TYPED, '75', 'Send ₦75.00', 'Requery'],
      answered,
    );
    assert.deepEqual(input.errors, [], 'no error notice');
    const unknown = input.asked.find((entry) => entry.kind === 'confirm' && /^Outcome unknown/.test(entry.title));
    assert.ok(unknown, JSON.stringify(input.asked));
    assert.doesNotMatch(unknown.title, /failed/i);
    assert.deepEqual(unknown.buttons, ['Requery', 'Show Log']);
    assert.equal(await wallet.admin.settledCount('/v1/users/transfers/phone', 'POST', before + 1), before + 1, 'sent once, never retried');
    // The drop came before the sandbox acted: the history has no such send.
    assert.ok(
      input.asked.some((entry) => /^No send of ₦75\.00 is in the wallet’s history yet/.test(entry.title)),
      JSON.stringify(input.asked.map((entry) => entry.title)),
    );
  });

  it('a provider error (magic amount ₦502, answered 502) is outcome unknown too: it may still have moved money (issue 55)', async () => {
    const start = balance();
    const answered = (input: ScriptedInput) => input.asked.some((entry) => /^No send of ₦502\.00/.test(entry.title));
    const input = await runScriptedUntil(
      wallet.api,
      'walletConsole.sendToPhone',
      [PERSONA_TYPED, '502', 'Send ₦502.00', 'Requery'],
      answered,
    );
    assert.deepEqual(input.errors, [], 'no "failed" error notice');
    const unknown = input.asked.find((entry) => entry.kind === 'confirm' && /^Outcome unknown/.test(entry.title));
    assert.ok(unknown, JSON.stringify(input.asked));
    assert.match(unknown.title, /was answered 502, an error that may still have moved money\. Do not send it again; requery first\./);
    assert.deepEqual(unknown.buttons, ['Requery', 'Show Log']);
    // The sandbox's provider error moves nothing, and the requery finds no such send.
    assert.equal(await serverBalance(), start);
  });

  it('staging: a pending bank transfer is requeried on a backoff and the tree follows when it settles', async function () {
    this.timeout(60_000);
    let mobile: string | undefined;
    try {
      mobile = await connectRemoteWallet('staging');
      await model().refreshAll();
      await model().loadTransactions(true);
      const accountNumber = makeValidAccountNumber(ACCESS_BANK.code, '123123123');
      await runScripted(wallet.api, 'walletConsole.sendToBank', [ACCESS_BANK.name, accountNumber, '20', 'Send ₦20.00']);
      const record = firstPage().find((tx) => tx.type === 'bank' && tx.amount === 2_000);
      assert.equal(record?.statusCode, '000002', 'pending at first');
      const requeries = () => wallet.admin.count(`/v1/users/transfers/requery/bank/${record!.reference}`, 'GET');
      // Settled in the sandbox; the extension only learns it by requerying (staging is not the in-process sandbox).
      await sandbox.advanceClock(11);
      await waitFor(
        'the settled status after a requery',
        () => firstPage().find((tx) => tx.reference === record!.reference)?.statusCode === '000001',
      );
      assert.ok((await requeries()) >= 1, 'found by requery');
    } finally {
      await leaveRemote('staging', mobile);
    }
  });

  it('production: refused while the setting is off; with it on, the amount must be typed again', async () => {
    let mobile: string | undefined;
    try {
      // Production pointed at the local sandbox: real money never moves in a test.
      await setSetting('production.consoleUrl', await wallet.api.sandboxUrl());
      await setSetting('production.developerUrl', await wallet.api.sandboxUrl());
      await setSetting('environment', 'production');
      const refused = await runScripted(wallet.api, 'walletConsole.sendToBank', []);
      assert.equal(refused.errors.length, 1);
      assert.match(refused.errors[0]!, /Moving money is off in Production/);
      assert.deepEqual(refused.asked, [], 'nothing was asked');

      mobile = await connectRemoteWallet('production');
      await setSetting('production.allowMoneyMovement', true);
      const before = await wallet.admin.count('/v1/users/transfers/phone', 'POST');
      const input = await runScripted(wallet.api, 'walletConsole.sendToPhone', [PERSONA_TYPED, '10', 'Send ₦10.00', '9', '₦10.00']);
      const confirm = input.asked.find((entry) => entry.kind === 'confirm' && entry.buttons?.length)!;
      assert.equal(confirm.title, 'Send to Phone: send ₦10.00 to 0909 000 0000 in Production?');
      const retype = input.asked.filter((entry) => entry.title === 'Send to Phone in Production: type the amount again');
      assert.equal(retype.length, 2, 'the retyped amount is checked as typed');
      assert.equal(retype[0]!.validation, 'Type the same amount: ₦10.00.');
      assert.equal(await wallet.admin.settledCount('/v1/users/transfers/phone', 'POST', before + 1), before + 1);
      const after = await wallet.api.accounts.withWallet((client, credentials) => client.getBalance(credentials));
      assert.equal(after.balance, 1_000_000 - 1_000);

      // Escape at the retyped amount sends nothing.
      await runScripted(wallet.api, 'walletConsole.sendToPhone', [PERSONA_TYPED, '10', 'Send ₦10.00', CANCEL]);
      assert.equal(await wallet.admin.count('/v1/users/transfers/phone', 'POST'), before + 1);
    } finally {
      await leaveRemote('production', mobile);
    }
  });
});
