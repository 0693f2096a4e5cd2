import * as vscode from 'vscode';
import { validateAccountNumber } from '../api';
import type { BankDirectory } from '../banks/bankDirectory';
import { inputCheck } from '../common/validators';
import type { CommandDeps } from '../commandDeps/commandDeps';
import { accountHint, accountPlaceholder } from './sandboxSamples';

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
  /**
   * Runs on Enter in the number box, which stays open and busy meanwhile (a verification): a
   * message keeps the box open with it, so the number can be corrected.
   */
  check?: (account: ChosenBankAccount) => Promise<string | undefined>;
}

/**
 * The two steps Send to Bank and Verify Bank Account share: a bank from the searchable list
 * (the picker shows its own progress while the list loads), then its account number, checked
 * as typed, with numbers that work offered in the local sandbox.
 */
export async function askBankAccount(deps: CommandDeps, banks: BankDirectory, steps: BankAccountSteps): Promise<ChosenBankAccount> {
  const list = banks.banks();
  const bankCode = await deps.ui().pick(
    list.then((loaded) => loaded.map((bank) => ({ label: bank.bankName, description: bank.bankCode, value: bank.bankCode }))),
    { title: steps.bankTitle, placeholder: vscode.l10n.t('Type to search banks by name or code') },
  );
  const bankName = (await list).find((bank) => bank.bankCode === bankCode)?.bankName ?? bankCode;
  const local = deps.accounts.env() === 'local';
  const { check } = steps;
  const typed = await deps.ui().ask({
    title: steps.numberTitle,
    prompt: [steps.numberPrompt(bankName), accountHint(local)].filter(Boolean).join(' '),
    placeholder: accountPlaceholder(local),
    validate: inputCheck(validateAccountNumber),
    onAccept: check && ((value) => check({ bankCode, bankName, accountNumber: validNumber(value) })),
  });
  return { bankCode, bankName, accountNumber: validNumber(typed) };
}

function validNumber(typed: string): string {
  const number = validateAccountNumber(typed);
  // The box refuses an invalid number as it is typed; only a scripted answer gets here with one.
  if (!number.ok) throw new Error(number.message);
  return number.value;
}
