import type * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import type { Logger } from '../common/logger';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import { MoneyService } from './moneyService';
import { TransferWatcher } from './transferWatcher';

export interface MoneyDeps {
  accounts: AccountService;
  logger: Logger;
  sandbox: LocalSandbox;
  /** A transfer touched the active wallet (the Wallet view refreshes its balance and first page). */
  onActiveWalletTouched(): void;
}

/** Sending test money, and watching pending transfers until they settle. */
export function registerMoney(context: vscode.ExtensionContext, deps: MoneyDeps): MoneyService {
  const money = new MoneyService(deps.accounts, deps.logger);
  const watcher = new TransferWatcher(deps.accounts, money, deps.sandbox, deps.logger);
  context.subscriptions.push(
    money,
    watcher,
    watcher.onDidTouchActiveWallet(() => deps.onActiveWalletTouched()),
  );
  return money;
}
