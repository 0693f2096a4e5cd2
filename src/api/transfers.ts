// The calls that move money, apart from the reads and sign-ins (client.ts) because their rules
// differ: a transfer is sent once, never retried, and one whose answer never came is "outcome
// unknown: requery", never "failed" (evidence.md). WalletClient extends this class.

import type * as v from 'valibot';
import { lostAnswer, outcomeUnknownError, WalletApiError } from './errors';
import { check, checkRecipient, post, walletGet, walletHeaders, walletSecrets, type CallOptions, type WalletCredentials } from './calls';
import {
  BankTransferSchema,
  envelope,
  PaymentSchema,
  TransferStatusSchema,
  type BankTransfer,
  type Payment,
  type TransferStatus,
} from './schemas';
import type { Endpoint } from './transport';
import {
  validateAccountName,
  validateAccountNumber,
  validateAirtimeProvider,
  validateAmountKobo,
  validateBankCode,
  validateTransactionRef,
  type AirtimeProvider,
} from './validation';

export interface PhoneTransferRequest {
  mobile: string;
  /** Kobo. */
  amount: number;
  /** The service texts the recipient (₦5 per SMS) unless this is false. */
  sendSms?: boolean;
}

export interface BankTransferRequest {
  accountName: string;
  accountNumber: string;
  bankCode: string;
  /** Kobo. */
  amount: number;
}

export interface AirtimeRequest {
  mobile: string;
  /** Kobo. */
  amount: number;
  provider: AirtimeProvider | string;
}

const PaymentEnvelopeSchema = envelope({ transaction: PaymentSchema });
const BankTransferEnvelopeSchema = envelope({ transaction: BankTransferSchema });
const TransferStatusEnvelopeSchema = envelope({ transaction: TransferStatusSchema });

const CHECK_HISTORY = "check the wallet's transactions (GET /v1/transactions)";
const CHECK_BANK_TRANSFER = `${CHECK_HISTORY}, then requery the transfer by its reference (GET /v1/users/transfers/requery/bank/:transactionRef)`;

/** Money movement (X-App-Key + X-App-Wallet-Access-Token). Never retried: see moneyPost. */
export class MoneyMovement {
  constructor(protected readonly console: Endpoint) {}

  async sendToPhone(wallet: WalletCredentials, request: PhoneTransferRequest): Promise<Payment> {
    const path = '/v1/users/transfers/phone';
    const { mobile, amount } = checkRecipient(path, request);
    const body: Record<string, unknown> = { mobile, amount };
    if (request.sendSms !== undefined) body.sendSms = request.sendSms === true;
    const answer = await this.moneyPost(wallet, path, body, PaymentEnvelopeSchema, `the phone transfer to ${mobile}`, CHECK_HISTORY);
    return answer.data.transaction;
  }

  /** Answers with statusCode 000002 (pending) as a rule: follow it with requeryBankTransfer. */
  async sendToBank(wallet: WalletCredentials, request: BankTransferRequest): Promise<BankTransfer> {
    const path = '/v1/users/transfers/bank';
    const accountName = check('POST', path, validateAccountName(request?.accountName));
    const accountNumber = check('POST', path, validateAccountNumber(request?.accountNumber));
    const bankCode = check('POST', path, validateBankCode(request?.bankCode));
    const amount = check('POST', path, validateAmountKobo(request?.amount));
    const answer = await this.moneyPost(
      wallet,
      path,
      { accountName, accountNumber, bankCode, amount },
      BankTransferEnvelopeSchema,
      'the bank transfer',
      CHECK_BANK_TRANSFER,
    );
    return answer.data.transaction;
  }

  /** statusCode 000002 pending, 000001 success, 000000 failed (the money came back). A GET: retried. */
  async requeryBankTransfer(wallet: WalletCredentials, reference: string, options: CallOptions = {}): Promise<TransferStatus> {
    const ref = check('GET', '/v1/users/transfers/requery/bank/:transactionRef', validateTransactionRef(reference));
    const path = `/v1/users/transfers/requery/bank/${encodeURIComponent(ref)}`;
    const answer = await walletGet(this.console, wallet, path, TransferStatusEnvelopeSchema, options);
    return answer.data.transaction;
  }

  async buyAirtime(wallet: WalletCredentials, request: AirtimeRequest): Promise<Payment> {
    const path = '/v1/users/payments/bills/vtu';
    const { mobile, amount } = checkRecipient(path, request);
    const provider = check('POST', path, validateAirtimeProvider(request?.provider));
    const answer = await this.moneyPost(
      wallet,
      path,
      { mobile, amount, provider },
      PaymentEnvelopeSchema,
      `the airtime for ${mobile}`,
      CHECK_HISTORY,
    );
    return answer.data.transaction;
  }

  /**
   * A money-moving POST: sent once (POSTs are never retried), and when its answer is lost the
   * error says "outcome unknown" and how to check, never "failed": the money may have moved.
   */
  private async moneyPost<T>(
    wallet: WalletCredentials,
    path: string,
    body: Record<string, unknown>,
    schema: v.GenericSchema<unknown, T>,
    what: string,
    howToCheck: string,
  ): Promise<T> {
    try {
      return await this.console.send({
        ...post(path, body),
        headers: walletHeaders('POST', path, wallet),
        secrets: walletSecrets(wallet),
        schema,
      });
    } catch (error) {
      throw error instanceof WalletApiError && lostAnswer(error) ? outcomeUnknownError(error, what, howToCheck) : error;
    }
  }
}
