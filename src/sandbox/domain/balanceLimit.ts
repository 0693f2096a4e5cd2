import { ApiError, ErrorCode } from '../vocabulary/errors';
import type { BankTransferRecord } from '../types';
import type { Wallet } from './wallet';

// The most a balance may hold: kobo are counted in JavaScript numbers, exact only up to
// Number.MAX_SAFE_INTEGER; one kobo past it and sums start to lose kobo. A bank transfer still
// pending may come back as a reversal, so it counts against the limit as if it were returned:
// then no credit, and no reversal, can ever take a balance past it.

export const MAX_BALANCE_KOBO = Number.MAX_SAFE_INTEGER;

/** Kobo that pending bank transfers out of `wallet` may bring back. */
function pendingOut(transfers: ReadonlyMap<string, BankTransferRecord>, wallet: Wallet): number {
  let total = 0;
  for (const transfer of transfers.values()) {
    if (transfer.status === 'pending' && transfer.mobile === wallet.record.mobile) total += transfer.amount;
  }
  return total;
}

function overLimit(what: string): ApiError {
  return new ApiError(
    400,
    ErrorCode.balanceLimit,
    `${what} would take the balance past the sandbox's limit of ${MAX_BALANCE_KOBO} kobo (Number.MAX_SAFE_INTEGER, ` +
      'counting pending bank transfers that may be reversed); no money moved. Use smaller amounts.',
  );
}

/** Throws unless `wallet` can take `amount` more kobo. */
export function checkCredit(transfers: ReadonlyMap<string, BankTransferRecord>, wallet: Wallet, amount: number, what: string): void {
  if (wallet.record.balance + amount > MAX_BALANCE_KOBO - pendingOut(transfers, wallet)) throw overLimit(what);
}

/** Throws unless `wallet` may hold `kobo` (a balance set by an admin or test call). */
export function checkBalance(transfers: ReadonlyMap<string, BankTransferRecord>, wallet: Wallet, kobo: number): void {
  if (kobo > MAX_BALANCE_KOBO - pendingOut(transfers, wallet)) throw overLimit(`A balance of ${kobo} kobo`);
}
