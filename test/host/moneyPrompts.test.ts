// What a newcomer meets in the money prompts (issue 25), in a real extension host against the
// in-process local sandbox: Enter never moves money (Replay included) and every confirmation
// names a recipient the same way; the sample values the prompts offer work; a recipient or an
// account that does not check out keeps its box open with why; nothing runs between two
// prompts under a notification that would outlive it; a failed refresh leaves no notification
// behind once a refresh works.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AskOptions, PickItem, PickOptions } from '../../src/common/userInput';
import type { RequestRecord } from '../../src/requests/requestRecord';
import type { WebviewTestHandle } from '../../src/webview/panelRecorder';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { runScripted } from './support/extension';
import { journalMark, recordedRequest } from './support/recordedRequest';
import { runRecorded } from './support/recordingInput';
import { CANCEL, DEFAULT, ScriptedInput, type Answer } from './support/scriptedInput';

const PERSONA = '2349090000000';

/** The sample a prompt's placeholder offers: the first mobile or 10-digit number in it. */
function sampleIn(options: AskOptions): string {
  const sample = /\d{4} \d{3} \d{4}|\d{10}/.exec(options.placeholder ?? '')?.[0];
  assert.ok(sample, `the placeholder offers a value: ${options.placeholder}`);
  return sample;
}

/** A stand-in that also notes, for each prompt, what had happened by the time it was on screen or answered. */
class WatchingInput extends ScriptedInput {
  readonly picksGivenLoaded: boolean[] = [];
  readonly afterAsk: ((title: string) => Promise<void>)[] = [];

  override async pick<T>(items: PickItem<T>[] | Promise<PickItem<T>[]>, options: PickOptions): Promise<T> {
    this.picksGivenLoaded.push(Array.isArray(items));
    return super.pick(items, options);
  }

  override async ask(options: AskOptions): Promise<string> {
    const value = await super.ask(options);
    for (const note of this.afterAsk) await note(options.title);
    return value;
  }
}

async function runWith<T extends ScriptedInput>(wallet: ConnectedWallet, input: T, command: string, ...args: unknown[]): Promise<T> {
  wallet.api.setUserInput(input);
  try {
    await vscode.commands.executeCommand(command, ...args);
  } finally {
    wallet.api.setUserInput(undefined);
  }
  input.assertDone();
  return input;
}

describe('Money prompts: defaults, wording, sample values, inline errors (local sandbox)', function () {
  this.timeout(90_000);
  let wallet: ConnectedWallet;
  let handle: WebviewTestHandle;

  const model = () => wallet.api.views.model;

  before(async () => {
    wallet = await connectFreshWallet('prompts');
    (await wallet.api.localSandbox()).setBalance(wallet.mobile, 10_000_000);
    handle = (await vscode.commands.executeCommand<WebviewTestHandle>('walletConsole.test.webview'))!;
  });

  afterEach(() => wallet.admin.clearFaults());

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (wallet) await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
  });

  /** Replays a recorded request from its page with the given answer to the confirmation. */
  async function replay(record: RequestRecord, answer: Answer): Promise<ScriptedInput> {
    await vscode.commands.executeCommand('walletConsole.showRequest', record.id);
    await handle.whenIdle();
    const input = new ScriptedInput(answer);
    wallet.api.setUserInput(input);
    try {
      await handle.receive({ type: 'replay' });
      await handle.whenIdle();
    } finally {
      wallet.api.setUserInput(undefined);
    }
    input.assertDone();
    return input;
  }

  it('Replay of a bank transfer: Enter (the default button) moves no money, and the recipient is named by holder and bank', async () => {
    const mark = await journalMark(wallet);
    await wallet.api.accounts.withWallet((client, credentials) =>
      client.sendToBank(credentials, {
        accountName: 'SANDBOX INSTANT SUCCESS',
        accountNumber: '1000000001',
        bankCode: '000014',
        amount: 2_500,
      }),
    );
    const sent = await recordedRequest(wallet, mark, 'POST', '/v1/users/transfers/bank');
    const before = await wallet.admin.count('/v1/users/transfers/bank', 'POST');

    // Bounded by replay(): the panel's whenIdle() resolves once the host has handled the replay
    // message, a transfer it sent included.
    const entered = await replay(sent, DEFAULT);
    assert.equal(await wallet.admin.count('/v1/users/transfers/bank', 'POST'), before, 'Enter sent nothing');
    const question = entered.asked.find((entry) => entry.kind === 'confirm')!;
    assert.deepEqual(question.buttons, ["Don't Replay", 'Replay and Move Money'], 'the first button, the default, moves nothing');
    assert.equal(
      question.title,
      'Replaying POST /v1/users/transfers/bank moves money again: ₦25.00 to SANDBOX INSTANT SUCCESS, 1000000001 at ACCESS BANK in Local sandbox. Send it again?',
    );

    await replay(sent, 'Replay and Move Money');
    assert.equal(
      await wallet.admin.settledCount('/v1/users/transfers/bank', 'POST', before + 1),
      before + 1,
      'the explicit button sends once',
    );
  });

  it('Replay of a phone transfer names the mobile as the sends do', async () => {
    const mark = await journalMark(wallet);
    await wallet.api.accounts.withWallet((client, credentials) => client.sendToPhone(credentials, { mobile: PERSONA, amount: 1_700 }));
    const sent = await recordedRequest(wallet, mark, 'POST', '/v1/users/transfers/phone');
    const declined = await replay(sent, CANCEL);
    assert.match(declined.asked[0]!.title, /moves money again: ₦17\.00 to 0909 000 0000 in Local sandbox/);
  });

  it('Send to Phone checks the recipient before the amount: a number that is no wallet stays in the box with why and a sample that works', async () => {
    const serverBalance = async () =>
      (await wallet.api.accounts.withWallet((client, credentials) => client.getBalance(credentials))).balance;
    const start = await serverBalance();
    const input = await runScripted(wallet.api, 'walletConsole.sendToPhone', [
      '0803 123 4567', // the README's old example: no wallet in the sandbox
      wallet.mobile, // the sending wallet itself
      sampleIn, // what the placeholder offers
      '15',
      'Send ₦15.00',
    ]);
    const recipientBox = input.asked.filter((entry) => entry.title === 'Send to Phone (1/2)');
    assert.equal(recipientBox.length, 3, 'one box, answered three times');
    assert.match(
      recipientBox[0]!.validation ?? '',
      /^0803 123 4567 cannot receive it: This user does not exist\. In the sandbox, try 0909 000 0000/,
    );
    assert.match(recipientBox[1]!.validation ?? '', /the sending wallet itself/);
    assert.equal(
      input.asked.filter((entry) => entry.title === 'Send to Phone (2/2)').length,
      1,
      'the amount was asked once, after the check',
    );
    assert.ok(
      input.asked.some((entry) => /^Sent ₦15\.00 to 0909 000 0000\. Reference/.test(entry.title)),
      JSON.stringify(input.asked),
    );
    assert.equal(await serverBalance(), start - 1_500);
  });

  it('Send to Bank: a number that does not verify stays in its box with the reason (the bank is not picked again); the sample number verifies', async () => {
    const input = new WatchingInput('ACCESS BANK', '1000000004', sampleIn, '30', 'Send ₦30.00');
    await runWith(wallet, input, 'walletConsole.sendToBank');
    assert.equal(input.asked.filter((entry) => entry.kind === 'pick').length, 1, 'the bank was picked once');
    const numberBox = input.asked.filter((entry) => entry.title === 'Send to Bank (2/3)');
    assert.equal(numberBox.length, 2);
    assert.match(numberBox[0]!.prompt ?? '', /Sandbox: 1000000001 succeeds at once, 1000000002 stays pending/);
    assert.match(numberBox[0]!.validation ?? '', /^1000000004 at ACCESS BANK was not verified: Could not resolve account name/);
    const confirm = input.asked.find((entry) => entry.kind === 'confirm' && entry.buttons?.length)!;
    assert.equal(confirm.title, 'Send to Bank: send ₦30.00 to SANDBOX INSTANT SUCCESS, 1000000001 at ACCESS BANK in Local sandbox?');
    assert.deepEqual(confirm.buttons, ["Don't Send", 'Send ₦30.00']);
    assert.deepEqual(input.picksGivenLoaded, [false], 'the bank picker opened before its list was loaded: it is its own progress');
  });

  it('Buy Airtime: its button says Buy, and the line the placeholder offers is one of the picked network', async () => {
    const input = await runScripted(wallet.api, 'walletConsole.buyAirtime', ['Glo', sampleIn, '100', DEFAULT]);
    const confirm = input.asked.find((entry) => entry.kind === 'confirm' && entry.buttons?.length)!;
    assert.equal(confirm.title, 'Buy Airtime: buy ₦100.00 of airtime for Glo line 0805 000 0000 in Local sandbox?');
    assert.deepEqual(confirm.buttons, ["Don't Send", 'Buy ₦100.00 of Airtime'], 'Enter (DEFAULT) answered the safe button');
    const bought = await runScripted(wallet.api, 'walletConsole.buyAirtime', ['Glo', sampleIn, '100', 'Buy ₦100.00 of Airtime']);
    assert.ok(bought.asked.some((entry) => /^Bought ₦100\.00 of airtime for Glo line 0805 000 0000\. Reference/.test(entry.title)));
  });

  it('a failed refresh shows in the view, not in a notification that would stay after the next refresh worked', async () => {
    await wallet.admin.addFault({ method: 'GET', path: '/v1/users/balance', status: 503 });
    const failed = await runRecorded(wallet.api, 'walletConsole.refresh', [], { kind: 'balance' });
    assert.deepEqual(failed.complaints(), [], 'no notification');
    assert.match(model().balance.error ?? '', /503/, 'the view shows the failure');
    const row = wallet.api.views.walletTree.getTreeItem(wallet.api.views.walletTree.sections.balance);
    assert.equal((row.iconPath as vscode.ThemeIcon).id, 'warning');
    await wallet.admin.clearFaults();
    const fixed = await runRecorded(wallet.api, 'walletConsole.refresh', [], { kind: 'balance' });
    assert.deepEqual(fixed.complaints(), []);
    assert.equal(model().balance.error, undefined);
  });

  it('Connect Wallet sends the passcode from the mobile box (no progress outlives it), keeps an unknown mobile there, and the sample it offers connects', async () => {
    const otps = () => wallet.admin.count('/v1/users/auth', 'POST');
    const input = new WatchingInput(
      (options) => {
        assert.match(options.placeholder ?? '', /0909 000 0000 \(the sandbox demo wallet, passcode 111111\)/);
        return '0701 000 0000';
      },
      sampleIn,
      '111111',
    );
    const before = await otps();
    let sentWhenMobileBoxClosed = NaN;
    input.afterAsk.push(async (title) => {
      if (title.endsWith('(1/2)')) sentWhenMobileBoxClosed = (await otps()) - before;
    });
    try {
      await runWith(wallet, input, 'walletConsole.connectWallet');
      assert.match(input.asked[0]!.validation ?? '', /^This user does not exist\. In the sandbox, try 0909 000 0000/);
      assert.equal(sentWhenMobileBoxClosed, 1, 'the passcode went out while the mobile box was open (busy)');
      assert.equal(wallet.api.accounts.activeWallet('local')?.mobile, PERSONA);
    } finally {
      await wallet.api.accounts.store.disconnectWallet('local', PERSONA);
      await wallet.api.accounts.selectWallet('local', wallet.mobile);
    }
  });
});
