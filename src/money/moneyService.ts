import * as vscode from 'vscode';
import { isRefusal, WalletApiError, type BankTransfer, type Payment, type Transaction, type TransferStatus } from '../api';
import type { AccountService } from '../auth/accountService';
import { COMMANDS } from '../common/commandIds';
import type { EnvironmentId } from '../auth/environments';
import { Disposable } from '../common/lifecycle';
import type { Logger } from '../common/logger';
import { UserFacingError } from '../common/userFacingError';
import { describeOrder, isRecordOf, type LostOrder, type MoneyOrder } from './orders';
import { moneyPolicy, type MoneyPolicy } from './policy';
import { transferState } from './transferStatus';

/** The setting that lets money move in production (off by default, never synced). */
export const PRODUCTION_MONEY_SETTING = 'production.allowMoneyMovement';

/** A bank transfer still pending, watched until it settles. */
export interface PendingTransfer {
  env: EnvironmentId;
  mobile: string;
  reference: string;
}

/** A send whose answer was lost (the client's outcome-unknown error), with what was sent. */
export class OutcomeUnknownError extends Error {
  constructor(
    readonly cause: WalletApiError,
    readonly lost: LostOrder,
  ) {
    super(cause.message);
    this.name = 'OutcomeUnknownError';
  }
}

export type SendResult = { kind: 'payment'; payment: Payment } | { kind: 'bank'; transfer: BankTransfer };

/**
 * Moves money for the active wallet: one send at a time (a second one while the first waits
 * for its answer is refused, whatever started it), each sent once (the client never retries a
 * money POST), and the bank transfers still pending remembered for the watcher.
 */
export class MoneyService extends Disposable {
  private readonly pendingChanged = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangePending = this.pendingChanged.event;
  private readonly pending = new Map<string, PendingTransfer>();
  private sending = false;

  constructor(
    private readonly accounts: AccountService,
    private readonly logger: Logger,
  ) {
    super();
  }

  policy(env = this.accounts.env()): MoneyPolicy {
    const allowed = vscode.workspace.getConfiguration('walletConsole').get<boolean>(PRODUCTION_MONEY_SETTING, false) === true;
    return moneyPolicy(env, allowed);
  }

  /** Throws the message that says why money cannot move here, with the way to allow it. */
  requireAllowed(env = this.accounts.env()): MoneyPolicy & { allowed: true } {
    const policy = this.policy(env);
    if (!policy.allowed)
      throw new UserFacingError(
        vscode.l10n.t(
          'Moving money is off in Production. To allow it, turn on the setting walletConsole.production.allowMoneyMovement (this machine only).',
        ),
        [{ title: vscode.l10n.t('Open Settings'), command: COMMANDS.openSettings }],
      );
    return policy;
  }

  get busy(): boolean {
    return this.sending;
  }

  /** Sends the order once. A lost answer throws the client's outcome-unknown error, with the order attached. */
  async send(order: MoneyOrder): Promise<SendResult> {
    const env = this.accounts.env();
    this.requireAllowed(env);
    if (this.sending) throw new UserFacingError(vscode.l10n.t('A transfer is already being sent; wait for its answer.'));
    this.sending = true;
    const mobile = this.accounts.activeWallet(env)?.mobile ?? '';
    const sentAt = Date.now();
    try {
      const result = await this.accounts.withWallet((client, credentials): Promise<SendResult> => {
        switch (order.kind) {
          case 'phone':
            return client
              .sendToPhone(credentials, { mobile: order.mobile, amount: order.amount })
              .then((payment) => ({ kind: 'payment', payment }));
          case 'airtime':
            return client
              .buyAirtime(credentials, { mobile: order.mobile, amount: order.amount, provider: order.provider })
              .then((payment) => ({ kind: 'payment', payment }));
          case 'bank':
            return client
              .sendToBank(credentials, {
                accountName: order.accountName,
                accountNumber: order.accountNumber,
                bankCode: order.bankCode,
                amount: order.amount,
              })
              .then((transfer) => ({ kind: 'bank', transfer }));
        }
      });
      const reference = result.kind === 'bank' ? result.transfer.transactionReference : result.payment.reference;
      this.logger.info(`[${env}] Sent ${describeOrder(order)}: reference ${reference}.`);
      if (result.kind === 'bank' && transferState(result.transfer.statusCode) === 'pending') this.watch({ env, mobile, reference });
      return result;
    } catch (error) {
      if (!(error instanceof WalletApiError && error.outcomeUnknown)) throw error;
      this.logger.warn(`[${env}] Outcome unknown for ${describeOrder(order)}: ${error.message}`);
      throw new OutcomeUnknownError(error, { order, mobile, sentAt });
    } finally {
      this.sending = false;
    }
  }

  /**
   * Why this mobile cannot take a phone transfer from the active wallet (it is that wallet,
   * or the server knows no wallet by it), in words for the recipient box; undefined when it
   * can. Asked before the amount, so a wrong number is corrected before anything is typed.
   * Other failures (network, auth, 5xx) throw as they are.
   */
  async phoneRecipientProblem(mobile: string): Promise<string | undefined> {
    if (mobile === this.accounts.activeWallet()?.mobile) return vscode.l10n.t('That is the sending wallet itself; send to another wallet.');
    try {
      await this.accounts.withWallet((client, credentials) => client.validateUser(credentials.appKey, mobile));
      return undefined;
    } catch (error) {
      // 401 is this app's key or session, not the recipient: the command's own failure.
      if (isRefusal(error) && error.status !== 401) return error.serverMessage ?? error.message;
      throw error;
    }
  }

  /** The status of a bank transfer; a settled one stops being watched. */
  async requery(reference: string): Promise<TransferStatus> {
    const env = this.accounts.env();
    const status = await this.accounts.withWallet((client, credentials) => client.requeryBankTransfer(credentials, reference));
    this.logger.info(`[${env}] Requeried bank transfer ${reference}: ${status.statusMessage} (${status.statusCode}).`);
    if (transferState(status.statusCode) !== 'pending' && this.pending.delete(key(env, reference))) this.pendingChanged.fire();
    return status;
  }

  /**
   * Looks for the record of a send whose answer was lost: the newest transaction of its type,
   * amount and recipient made since it was sent. Undefined when there is none (yet).
   */
  async findLost(lost: LostOrder): Promise<Transaction | undefined> {
    const transactions = await this.accounts.withWallet(
      (client, credentials) => client.listTransactions(credentials, { limit: 20 }),
      lost.mobile || undefined,
    );
    return transactions.find((transaction) => isRecordOf(transaction, lost));
  }

  /** Bank transfers still pending, for the watcher. */
  pendingTransfers(): PendingTransfer[] {
    return [...this.pending.values()];
  }

  watch(transfer: PendingTransfer): void {
    this.pending.set(key(transfer.env, transfer.reference), transfer);
    this.pendingChanged.fire();
  }

  forget(transfer: PendingTransfer): void {
    if (this.pending.delete(key(transfer.env, transfer.reference))) this.pendingChanged.fire();
  }
}

function key(env: EnvironmentId, reference: string): string {
  return `${env}|${reference}`;
}

/** The lost send, when the error says its outcome is unknown. */
export function lostOrderOf(error: unknown): LostOrder | undefined {
  return error instanceof OutcomeUnknownError ? error.lost : undefined;
}
