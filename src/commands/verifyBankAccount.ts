import { maskAccountNumber, validateAccountNumber } from '../api';
import { inputCheck } from '../common/validators';
import type { BankDirectory } from '../webview/bankDirectory';
import type { DetailPanel } from '../webview/panel';
import type { BankVerifier } from '../webview/verification';
import { withProgress, type CommandDeps } from './deps';

/** Opens the panel on its verification page (bank picker, number, result, recent list). */
export async function verifyBankAccountInPanel(deps: CommandDeps, panel: DetailPanel): Promise<void> {
  await deps.accounts.walletContext();
  void panel.showVerify();
}

/**
 * The same verification without the panel: a searchable quick pick of banks, an input box
 * checked as you type, and the answer in a notification.
 */
export async function verifyBankAccountQuick(deps: CommandDeps, banks: BankDirectory, verifier: BankVerifier): Promise<void> {
  await deps.accounts.walletContext();
  const list = await withProgress('Loading the bank list…', () => banks.banks());
  const bankCode = await deps.ui().pick(
    list.map((bank) => ({ label: bank.bankName, description: bank.bankCode, value: bank.bankCode })),
    { title: 'Verify Bank Account (1/2)', placeholder: 'Type to search banks by name or code' },
  );
  const bankName = list.find((bank) => bank.bankCode === bankCode)?.bankName ?? bankCode;
  const typed = await deps.ui().ask({
    title: 'Verify Bank Account (2/2)',
    prompt: `Account number at ${bankName} (10-digit NUBAN)`,
    placeholder: '10-digit NUBAN, like 2079151995',
    validate: inputCheck(validateAccountNumber),
  });
  const number = validateAccountNumber(typed);
  const accountNumber = number.ok ? number.value : typed;
  const masked = maskAccountNumber(accountNumber);
  const outcome = await withProgress(`Verifying ${masked} at ${bankName}…`, () => verifier.verify(bankCode, accountNumber));
  // Not awaited: a notice without buttons stays until dismissed, and the command is done.
  if (outcome.ok) {
    void deps.ui().confirm(`Account ${outcome.maskedAccount} at ${outcome.bankName} belongs to ${outcome.accountName}.`, { level: 'info' });
  } else {
    void deps.ui().confirm(`Account ${outcome.maskedAccount} at ${outcome.bankName} was not verified: ${outcome.message}`, { level: 'warning' });
  }
}
