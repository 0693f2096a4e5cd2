import * as vscode from 'vscode';
import { validateAccountNumber } from '../api';
import type { BankDirectory } from '../banks/bankDirectory';
import { inputCheck } from '../common/validators';
import { withProgress, type CommandDeps } from './deps';

/** A bank account as the user chose it: the bank from the list and a valid 10-digit number. */
export interface ChosenBankAccount {
  bankCode: string;
  bankName: string;
  accountNumber: string;
}

/** The steps' titles and the number prompt, in the words of the command that asks. */
export interface BankAccountSteps {
  bankTitle: string;
  numberTitle: string;
  numberPrompt: (bankName: string) => string;
}

/**
 * The two steps Send to Bank and Verify Bank Account share: a bank from the searchable list,
 * then its account number, checked as typed.
 */
export async function askBankAccount(deps: CommandDeps, banks: BankDirectory, steps: BankAccountSteps): Promise<ChosenBankAccount> {
  const list = await withProgress(vscode.l10n.t('Loading the bank list…'), () => banks.banks());
  const bankCode = await deps.ui().pick(
    list.map((bank) => ({ label: bank.bankName, description: bank.bankCode, value: bank.bankCode })),
    { title: steps.bankTitle, placeholder: vscode.l10n.t('Type to search banks by name or code') },
  );
  const bankName = list.find((bank) => bank.bankCode === bankCode)?.bankName ?? bankCode;
  const typed = await deps.ui().ask({
    title: steps.numberTitle,
    prompt: steps.numberPrompt(bankName),
    placeholder: vscode.l10n.t('10-digit NUBAN, like 2079151995'),
    validate: inputCheck(validateAccountNumber),
  });
  const number = validateAccountNumber(typed);
  // The box refuses an invalid number as it is typed; only a scripted answer gets here with one.
  if (!number.ok) throw new Error(number.message);
  return { bankCode, bankName, accountNumber: number.value };
}
