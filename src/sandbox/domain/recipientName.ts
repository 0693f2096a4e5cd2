import type { TransactionRecord } from '../types';

/**
 * The name an account carries in a wallet's own history (newest record first), so that
 * verifying a recipient the user paid says what the history says, even for records an admin
 * call added with a name of its choosing or a state file written by an older sandbox.
 */
export function nameInHistory(transactions: readonly TransactionRecord[], bankCode: string, accountNumber: string): string | undefined {
  for (let i = transactions.length - 1; i >= 0; i--) {
    const recipient = transactions[i]!.recipient;
    if ('accountNumber' in recipient && recipient.accountNumber === accountNumber && recipient.bankCode === bankCode)
      return recipient.accountName;
  }
  return undefined;
}
