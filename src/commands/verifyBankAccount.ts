import * as vscode from 'vscode';
import { validateAccountNumber } from '../api';
import { verifyPrefill } from '../banks/verifyPrefill';
import { isRecord } from '../common/isRecord';
import { inputCheck } from '../common/validators';
import type { BankDirectory } from '../banks/bankDirectory';
import type { BankVerifier } from '../banks/bankVerifier';
import type { DetailPanel } from '../webview/panel';
import { withProgress, type CommandDeps } from './deps';

/**
 * Opens the panel on its verification page (bank picker, number, result, recent list). With
 * a bank and number (a linked account row in the Wallet view), the form starts filled in.
 */
export async function verifyBankAccountInPanel(deps: CommandDeps, panel: DetailPanel, target?: unknown): Promise<void> {
  await deps.accounts.walletContext();
  void panel.showVerify(verifyPrefill(isRecord(target) && isRecord(target.account) ? target.account : target));
}

/**
 * The same verification without the panel: a searchable quick pick of banks, an input box
 * checked as you type, and the answer in a notification.
 */
export async function verifyBankAccountQuick(deps: CommandDeps, banks: BankDirectory, verifier: BankVerifier): Promise<void> {
  await deps.accounts.walletContext();
  const list = await withProgress(vscode.l10n.t('Loading the bank list…'), () => banks.banks());
  const bankCode = await deps.ui().pick(
    list.map((bank) => ({ label: bank.bankName, description: bank.bankCode, value: bank.bankCode })),
    { title: vscode.l10n.t('Verify Bank Account (1/2)'), placeholder: vscode.l10n.t('Type to search banks by name or code') },
  );
  const bankName = list.find((bank) => bank.bankCode === bankCode)?.bankName ?? bankCode;
  const typed = await deps.ui().ask({
    title: vscode.l10n.t('Verify Bank Account (2/2)'),
    prompt: vscode.l10n.t('Account number at {0} (10-digit NUBAN)', bankName),
    placeholder: vscode.l10n.t('10-digit NUBAN, like 2079151995'),
    validate: inputCheck(validateAccountNumber),
  });
  const number = validateAccountNumber(typed);
  const accountNumber = number.ok ? number.value : typed;
  // In full: the user just typed it and asked about it (common/masking.ts).
  const outcome = await withProgress(vscode.l10n.t('Verifying {0} at {1}…', accountNumber, bankName), () =>
    verifier.verify(bankCode, accountNumber),
  );
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
