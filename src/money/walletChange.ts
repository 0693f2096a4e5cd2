// Whether a sandbox state change concerns a wallet. Plain data: no vscode (unit-tested).

import type { SandboxChange } from '../sandbox';

/** True when the change touched the wallet's balance or history, or one of its bank transfers. */
export function touchesWallet(change: SandboxChange, mobile: string): boolean {
  return change.wallets.includes(mobile) || change.transfers.some((transfer) => transfer.mobile === mobile);
}
