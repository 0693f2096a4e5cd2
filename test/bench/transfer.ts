import * as vscode from 'vscode';
import { formatNaira } from '../../src/api';
import type { AskOptions, ConfirmOptions, PickItem, PickOptions, UserInput } from '../../src/common/userInput';
import type { ConnectedWallet } from '../host/support/connectedWallet';
import type { TransferReport } from './report';
import { log, median, waitFor } from './support';

const RECIPIENT = '0909 000 0000';
const SENDS = 10;
const AMOUNT_KOBO = 1_000;

/**
 * Answers Send to Phone's prompts at once and notes when the confirmation was answered: the
 * moment the user clicks Send.
 */
class TimedInput implements UserInput {
  confirmedAt = 0;
  async ask(options: AskOptions): Promise<string> {
    return options.title.endsWith('(1/2)') ? RECIPIENT : formatNaira(AMOUNT_KOBO);
  }
  async pick<T>(items: PickItem<T>[], _options: PickOptions): Promise<T> {
    return items[0]!.value;
  }
  async confirm(_message: string, options: ConfirmOptions, ...buttons: string[]): Promise<string | undefined> {
    if (!options.modal) return undefined;
    this.confirmedAt = performance.now();
    return buttons.find((button) => button.startsWith('Send '));
  }
}

/**
 * A phone transfer from the command's confirmation to the refreshed balance on screen: the
 * Wallet view's balance row drawn with the new amount. Against the in-process local sandbox.
 */
export async function measureTransfer(wallet: ConnectedWallet): Promise<TransferReport> {
  const { api } = wallet;
  const sandbox = await api.localSandbox();
  sandbox.setBalance(wallet.mobile, 10_000_000);
  await vscode.commands.executeCommand('walletConsole.wallet.focus');
  const { model, walletTree } = api.views;
  await model.refreshAll();
  const samples: number[] = [];
  for (let i = 0; i < SENDS; i++) {
    const expected = formatNaira(model.balance.value!.balance - AMOUNT_KOBO);
    const input = new TimedInput();
    let shownAt = 0;
    const drawn = walletTree.onDidChangeTreeData(() => {
      const item = walletTree.getTreeItem(walletTree.sections.balance);
      if (!shownAt && item.label === expected) shownAt = performance.now();
    });
    api.setUserInput(input);
    try {
      await vscode.commands.executeCommand('walletConsole.sendToPhone');
      if (!(await waitFor(() => shownAt > 0, 5_000))) throw new Error(`the balance row never showed ${expected}`);
    } finally {
      api.setUserInput(undefined);
      drawn.dispose();
    }
    samples.push(shownAt - input.confirmedAt);
  }
  log(`Transfer, confirmation to refreshed balance: median ${median(samples).toFixed(1)} ms over ${SENDS} sends.`);
  return { samplesMs: samples };
}
