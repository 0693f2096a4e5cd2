import * as vscode from 'vscode';
import { isRefusal, validateAccountNumber, validateBankCode, WalletApiError, type Bank } from '../api';
import type { AccountService } from '../auth/accountService';
import type { EnvironmentId } from '../auth/environments';
import { maskAccountNumber } from '../masking/masking';
import { UserFacingError } from '../common/userFacingError';
import type { Logger } from '../common/logger';
import type { BankDirectory } from './bankDirectory';

/** One verification, as the recent list keeps it: the account number is masked (an aggregate list, see masking/masking.ts). */
export interface RecentVerification {
  bankName: string;
  bankCode: string;
  maskedAccount: string;
  /** The resolved name, when the bank answered with one. */
  accountName?: string;
  /** The reason in plain words, when it did not. */
  error?: string;
  /** Epoch milliseconds. */
  at: number;
}

/**
 * The answer about one account: its holder's name, or the server's reason for "no". It
 * carries the full number: it is the result the user just asked for (see masking/masking.ts).
 */
export type VerificationOutcome =
  | { ok: true; accountName: string; bankName: string; accountNumber: string }
  | { ok: false; message: string; bankName: string; accountNumber: string };

/** How many verifications the recent list keeps (per environment, this session only). */
export const RECENT_LIMIT = 10;

/**
 * Whether the server answered "no" about this account (unknown account, bank code it does
 * not know): that is a verification result, not a failure of the command. Auth, rate-limit,
 * network and server errors are failures and go to the caller.
 */
function isAccountRefusal(error: unknown): error is WalletApiError {
  if (!(error instanceof WalletApiError)) return false;
  return error.kind === 'rejected' || (isRefusal(error) && error.status !== 401);
}

/** The server's own words when it gave some, else the client's description. */
export function refusalText(error: WalletApiError): string {
  return error.serverMessage ?? error.message;
}

/**
 * Verifies bank accounts for the active wallet and remembers the recent answers, with the
 * account number masked: the full number is never stored or logged.
 */
export class BankVerifier {
  private readonly recent = new Map<EnvironmentId, RecentVerification[]>();

  constructor(
    private readonly accounts: AccountService,
    private readonly banks: BankDirectory,
    private readonly logger: Logger,
  ) {}

  recentFor(env: EnvironmentId = this.accounts.env()): RecentVerification[] {
    return [...(this.recent.get(env) ?? [])];
  }

  /**
   * Checks the input, asks the server, and answers with the outcome (a name, or the server's
   * reason). Invalid input and a bank that is not in the list throw UserFacingError; failures
   * that are not an answer about the account (network, auth, 5xx) throw as they are.
   */
  async verify(bankCode: string, accountNumber: string): Promise<VerificationOutcome> {
    const env = this.accounts.env();
    const code = validateBankCode(bankCode);
    if (!code.ok) throw new UserFacingError(code.message);
    const number = validateAccountNumber(accountNumber);
    if (!number.ok) throw new UserFacingError(number.message);
    const bank: Bank | undefined = await this.banks.find(code.value, env);
    if (!bank) throw new UserFacingError(vscode.l10n.t('Bank code {0} is not in the bank list; pick the bank from the list.', code.value));
    const maskedAccount = maskAccountNumber(number.value);
    let outcome: VerificationOutcome;
    try {
      const answer = await this.accounts.withWallet((client, credentials) =>
        client.verifyBankAccount(credentials, { accountNumber: number.value, bankCode: code.value }),
      );
      outcome = { ok: true, accountName: answer.accountName, bankName: answer.bankName ?? bank.bankName, accountNumber: number.value };
      this.logger.info(`Verified account ${maskedAccount} at ${outcome.bankName}.`);
    } catch (error) {
      if (!isAccountRefusal(error)) throw error;
      outcome = { ok: false, message: refusalText(error), bankName: bank.bankName, accountNumber: number.value };
      this.logger.warn(`Account ${maskedAccount} at ${bank.bankName} was not verified: ${error.message}`);
    }
    this.remember(env, {
      bankName: outcome.bankName,
      bankCode: code.value,
      maskedAccount,
      ...(outcome.ok ? { accountName: outcome.accountName } : { error: outcome.message }),
      at: Date.now(),
    });
    return outcome;
  }

  private remember(env: EnvironmentId, item: RecentVerification): void {
    this.recent.set(env, [item, ...(this.recent.get(env) ?? [])].slice(0, RECENT_LIMIT));
  }
}
