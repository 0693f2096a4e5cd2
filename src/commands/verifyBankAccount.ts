import * as vscode from 'vscode';
import { verifyPrefill } from '../banks/verifyPrefill';
import { isRecord } from '../common/isRecord';
import type { BankDirectory } from '../banks/bankDirectory';
import type { BankVerifier, VerificationOutcome } from '../banks/bankVerifier';
import type { DetailPanelApi } from '../webview/panel';
import { askBankAccount } from './askBankAccount';
import type { CommandDeps } from '../commandDeps/commandDeps';

/**
 * Opens the panel on its verification page (bank picker, number, result, recent list). With
 * a bank and number (a linked account row in the Wallet view), the form starts filled in.
 */
export async function verifyBankAccountInPanel(deps: CommandDeps, panel: DetailPanelApi, target?: unknown): Promise<void> {
  await deps.accounts.walletContext();
  void panel.showVerify(verifyPrefill(isRecord(target) && isRecord(target.account) ? target.account : target));
}

/**
 * The same verification without the panel: a searchable quick pick of banks, an input box
 * checked as you type, and the answer in a notification.
 */
export async function verifyBankAccountQuick(deps: CommandDeps, banks: BankDirectory, verifier: BankVerifier): Promise<void> {
  await deps.accounts.walletContext();
  let outcome: VerificationOutcome | undefined;
  await askBankAccount(deps, banks, {
    bankTitle: vscode.l10n.t('Verify Bank Account (1/2)'),
    numberTitle: vscode.l10n.t('Verify Bank Account (2/2)'),
    numberPrompt: (bank) => vscode.l10n.t('Account number at {0} (10-digit NUBAN).', bank),
    // In the busy box, not a progress notification that would outlive it. In full: the user just typed it and asked about it (masking/masking.ts).
    check: async (account) => {
      outcome = await verifier.verify(account.bankCode, account.accountNumber);
      return undefined;
    },
  });
  if (!outcome) return;
  // Not awaited: a notice without buttons stays until dismissed, and the command is done.
  if (outcome.ok) {
    void deps
      .ui()
      .confirm(vscode.l10n.t('Account {0} at {1} belongs to {2}.', outcome.accountNumber, outcome.bankName, outcome.accountName), {
        level: 'info',
      });
  } else {
    void deps
      .ui()
      .confirm(vscode.l10n.t('Account {0} at {1} was not verified: {2}', outcome.accountNumber, outcome.bankName, outcome.message), {
        level: 'warning',
      });
  }
}
