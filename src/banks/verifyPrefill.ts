import { validateAccountNumber, validateBankCode } from '../api/validation';
import { isRecord } from '../common/isRecord';

/** What the verification page is opened with: a bank and an account number, each checked. */
export interface VerifyPrefill {
  bankCode?: string;
  accountNumber?: string;
}

/**
 * The checked bank code and number of anything that carries them (a transaction's recipient,
 * a linked account, a command argument); undefined when neither is valid. Values that do not
 * validate are left out rather than shown in the form.
 */
export function verifyPrefill(source: unknown): VerifyPrefill | undefined {
  if (!isRecord(source)) return undefined;
  const bank = typeof source.bankCode === 'string' ? validateBankCode(source.bankCode) : undefined;
  const number = typeof source.accountNumber === 'string' ? validateAccountNumber(source.accountNumber) : undefined;
  const prefill: VerifyPrefill = {
    ...(bank?.ok ? { bankCode: bank.value } : {}),
    ...(number?.ok ? { accountNumber: number.value } : {}),
  };
  return prefill.bankCode || prefill.accountNumber ? prefill : undefined;
}
