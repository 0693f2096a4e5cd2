import { BankPlan, MAGIC_ACCOUNTS } from './magic';
import { nigerianName } from './names';
import { isValidAccountNumber } from './nuban';
import { hashSeed, Random } from './random';
import { SandboxState } from './state';

// Which bank accounts resolve, and to what name: shared by verify and bank transfers, so the
// name a transfer is checked against is the one verify shows.

export interface ResolvedAccount {
  accountName: string;
  plan: BankPlan;
}

/** A stable name for any account that passes the check digit: same number, same name. */
export function resolvedAccountName(bankCode: string, accountNumber: string): string {
  return nigerianName(new Random(hashSeed('account-name', bankCode, accountNumber)));
}

/** Magic numbers first, then accounts of sandbox wallets, then any number with a valid check digit. */
export function resolveAccount(state: SandboxState, bankCode: string, accountNumber: string): ResolvedAccount | undefined {
  const magic = MAGIC_ACCOUNTS[accountNumber];
  if (magic) {
    return magic.plan === 'unresolved' ? undefined : { accountName: magic.accountName ?? '', plan: magic.plan };
  }
  const known = state.knownAccount(bankCode, accountNumber);
  if (known) {
    return { accountName: known.accountName, plan: 'normal' };
  }
  return isValidAccountNumber(bankCode, accountNumber)
    ? { accountName: resolvedAccountName(bankCode, accountNumber), plan: 'normal' }
    : undefined;
}

/** "Ada  okafor" and "ADA OKAFOR" are the same name: case and spacing do not count. */
export function sameName(a: string, b: string): boolean {
  const squash = (name: string): string => name.replace(/\s+/g, '').toUpperCase();
  return squash(a) === squash(b);
}
