import { BankPlan, MAGIC_ACCOUNTS } from './magic';
import { accountHolderName } from './seed/names';
import { isValidAccountNumber } from './nuban';
import { SandboxState } from './state';
import { TransactionRecord } from '../types';

// Which bank accounts resolve, and to what name: shared by verify and bank transfers, so the
// name a transfer is checked against is the one verify shows.

export interface ResolvedAccount {
  accountName: string;
  plan: BankPlan;
}

/**
 * Accounts the scenario declares first, then magic numbers, then accounts of sandbox wallets, then the name the account carries in
 * the caller's own history, then any number with a valid check digit (its name follows from
 * bank and number, as in generated histories): same account, same name, everywhere.
 */
export function resolveAccount(
  state: SandboxState,
  bankCode: string,
  accountNumber: string,
  history: readonly TransactionRecord[] = [],
): ResolvedAccount | undefined {
  const declared = state.wallets.declaredAccount(bankCode, accountNumber);
  if (declared) {
    return declared.outcome === 'unresolved' ? undefined : { accountName: declared.accountName, plan: declared.outcome };
  }
  const magic = MAGIC_ACCOUNTS[accountNumber];
  if (magic) {
    return magic.plan === 'unresolved' ? undefined : { accountName: magic.accountName ?? '', plan: magic.plan };
  }
  const known = state.wallets.knownAccount(bankCode, accountNumber);
  if (known) {
    return { accountName: known.accountName, plan: 'normal' };
  }
  const paid = nameInHistory(history, bankCode, accountNumber);
  if (paid) {
    return { accountName: paid, plan: 'normal' };
  }
  return isValidAccountNumber(bankCode, accountNumber)
    ? { accountName: accountHolderName(bankCode, accountNumber), plan: 'normal' }
    : undefined;
}

/** "Ada  okafor" and "ADA OKAFOR" are the same name: case and spacing do not count. */
export function sameName(a: string, b: string): boolean {
  const squash = (name: string): string => name.replace(/\s+/g, '').toUpperCase();
  return squash(a) === squash(b);
}

/**
 * The name an account carries in a wallet's own history (newest record first), so that
 * verifying a recipient the user paid says what the history says, even for records an admin
 * call added with a name of its choosing or a state file written by an older sandbox.
 */
function nameInHistory(transactions: readonly TransactionRecord[], bankCode: string, accountNumber: string): string | undefined {
  for (let i = transactions.length - 1; i >= 0; i--) {
    const recipient = transactions[i]!.recipient;
    if ('accountNumber' in recipient && recipient.accountNumber === accountNumber && recipient.bankCode === bankCode)
      return recipient.accountName;
  }
  return undefined;
}
