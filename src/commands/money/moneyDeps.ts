import type { BankDirectory } from '../../banks/bankDirectory';
import type { BankVerifier } from '../../banks/bankVerifier';
import type { MoneyService } from '../../money/moneyService';
import type { WalletModel } from '../../views/walletModel';
import type { CommandDeps } from '../../commandDeps/commandDeps';

/** What the money commands work with besides the accounts. */
export interface MoneyDeps extends CommandDeps {
  money: MoneyService;
  model: WalletModel;
  banks: BankDirectory;
  verifier: BankVerifier;
}
