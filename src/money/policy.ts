// Where money may move from the editor. Plain data: no vscode (unit-tested).

import type { EnvironmentId } from '../auth/environments';

export type MoneyPolicy = { allowed: true; retypeAmount: boolean } | { allowed: false; reason: 'production-off' };

/**
 * The local sandbox and staging move test money freely. Production moves real money: off
 * unless `walletConsole.production.allowMoneyMovement` is on, and then every send asks for
 * the amount to be typed again.
 */
export function moneyPolicy(env: EnvironmentId, productionAllowed: boolean): MoneyPolicy {
  if (env !== 'production') return { allowed: true, retypeAmount: false };
  return productionAllowed ? { allowed: true, retypeAmount: true } : { allowed: false, reason: 'production-off' };
}
