// One method per endpoint of the wallet API (wallet-api.md, endpoints 1-14, and the money
// movement of evidence.md). Callers pass keys and tokens as arguments; the headers are
// attached here and nowhere else.

import * as v from 'valibot';
import { invalidInputError, lostAnswer, outcomeUnknownError, WalletApiError } from './errors';
import {
  AccountSchema,
  BankAccountSchema,
  BankSchema,
  BankTransferSchema,
  DeveloperAppSchema,
  DeveloperUserSchema,
  envelope,
  MessageEnvelopeSchema,
  PaymentSchema,
  RefreshedTokenSchema,
  TransactionSchema,
  TransferStatusSchema,
  WalletBalanceSchema,
  WalletTokensSchema,
  WalletUserSchema,
  type Account,
  type BankAccount,
  type Bank,
  type BankTransfer,
  type DeveloperApp,
  type DeveloperUser,
  type Payment,
  type RefreshedToken,
  type Transaction,
  type TransactionType,
  type TransferStatus,
  type WalletBalance,
  type WalletTokens,
  type WalletUser,
} from './schemas';
import { Endpoint, type Call, type RequestEvent, type TransportExchange } from './transport';
import {
  validateAccountName,
  validateAccountNumber,
  validateAirtimeProvider,
  validateAmountKobo,
  validateAppName,
  validateCallbackUrl,
  validateBankCode,
  validateEmail,
  validateMobile,
  validatePasscode,
  validatePassword,
  validateTransactionRef,
  validateTransactionType,
  type AirtimeProvider,
  type Validation,
} from './validation';

export interface WalletClientOptions {
  /** {base_url}: the console API (wallet auth, queries, resource auth, apps). */
  consoleUrl: string;
  /** {developer_url}: developer sign-up and login. */
  developerUrl: string;
  /** Per attempt. Default 10 000. */
  timeoutMs?: number;
  /** Bound on one call, all attempts and the waits between them together. Default: none. */
  deadlineMs?: number;
  /** Extra tries for GETs (POSTs never retry). Default 2. */
  retries?: number;
  /** First backoff step, doubled on each retry. Default 300. */
  retryDelayMs?: number;
  /** Upper bound for any wait between tries, Retry-After included. Default 5 000. */
  maxRetryDelayMs?: number;
  /** Called once per attempt, for logging. */
  onRequest?: (event: RequestEvent) => void;
  /** Called once per attempt with headers and bodies, secrets included (see TransportExchange). */
  onExchange?: (exchange: TransportExchange) => void;
  /** Sent as User-Agent on every request. */
  userAgent?: string;
}

/** What wallet queries need: the app's key and the wallet's access token. */
export interface WalletCredentials {
  appKey: string;
  accessToken: string;
}

export interface TransactionQuery {
  limit?: number;
  pages?: number;
  type?: TransactionType;
}

export interface DeveloperCredentials {
  email: string;
  password: string;
}

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

export interface CallOptions {
  /** Aborting it ends the request with a WalletApiError of kind 'cancelled'. */
  signal?: AbortSignal;
}

// Built once: the wallet queries run often (every view refresh), and a schema is several objects.
const TransactionListSchema = envelope({ transactions: v.array(TransactionSchema) });
const TransactionEnvelopeSchema = envelope({ transaction: TransactionSchema });
const BalanceEnvelopeSchema = envelope({ user: WalletBalanceSchema });
const AccountListSchema = envelope({ accounts: v.array(AccountSchema) });
const BankListSchema = envelope({ banks: v.array(BankSchema) });
const BankAccountEnvelopeSchema = envelope(BankAccountSchema.entries);
const DeveloperSessionSchema = envelope({ user: DeveloperUserSchema, token: v.string() });
const PaymentEnvelopeSchema = envelope({ transaction: PaymentSchema });
const BankTransferEnvelopeSchema = envelope({ transaction: BankTransferSchema });
const TransferStatusEnvelopeSchema = envelope({ transaction: TransferStatusSchema });

const CHECK_HISTORY = "check the wallet's transactions (GET /v1/transactions)";
const CHECK_BANK_TRANSFER = `${CHECK_HISTORY}, then requery the transfer by its reference (GET /v1/users/transfers/requery/bank/:transactionRef)`;

export class WalletClient {
  private readonly console: Endpoint;
  private readonly developer: Endpoint;
  /** Both APIs at one address (the sandbox, many deployments): one probe is enough. */
  private readonly oneHost: boolean;

  constructor(options: WalletClientOptions) {
    this.oneHost = options.consoleUrl === options.developerUrl;
    const transport = {
      timeoutMs: positive(options.timeoutMs, 10_000),
      deadlineMs: options.deadlineMs === undefined ? undefined : positive(options.deadlineMs, 10_000),
      retries: Math.floor(nonNegative(options.retries, 2)),
      retryDelayMs: nonNegative(options.retryDelayMs, 300),
      maxRetryDelayMs: nonNegative(options.maxRetryDelayMs, 5_000),
      onRequest: options.onRequest,
      onExchange: options.onExchange,
      userAgent: options.userAgent,
    };
    this.console = new Endpoint(options.consoleUrl, transport);
    this.developer = new Endpoint(options.developerUrl, transport);
  }

  /**
   * Whether both APIs' hosts answer at all (any HTTP status), within `timeoutMs`: a quick check
   * before asking for a password. Throws the network or timeout WalletApiError otherwise.
   */
  async reach(timeoutMs: number): Promise<void> {
    await Promise.all([this.console.reach(timeoutMs), ...(this.oneHost ? [] : [this.developer.reach(timeoutMs)])]);
  }

  // --- Wallet authentication (X-App-Key) ---

  async validateUser(appKey: string, mobile: string): Promise<WalletUser> {
    const path = '/v1/users/auth/validate';
    const number = check('POST', path, validateMobile(mobile));
    const answer = await this.console.send({
      ...post(path, { mobile: number }),
      headers: appHeaders('POST', path, appKey),
      secrets: [appKey],
      schema: envelope({ user: WalletUserSchema }),
    });
    return answer.data.user;
  }

  /** Asks the server to text a passcode. The message says where it went (in the sandbox it carries the passcode). */
  async sendOtp(appKey: string, mobile: string): Promise<{ message: string }> {
    const path = '/v1/users/auth';
    const number = check('POST', path, validateMobile(mobile));
    const answer = await this.console.send({
      ...post(path, { mobile: number, factor: 'sms' }),
      headers: appHeaders('POST', path, appKey),
      secrets: [appKey],
      schema: MessageEnvelopeSchema,
    });
    return { message: answer.message ?? `A passcode was sent to ${number}.` };
  }

  async verifyOtp(appKey: string, mobile: string, passcode: string): Promise<WalletTokens> {
    const path = '/v1/users/auth';
    const number = check('POST', path, validateMobile(mobile));
    const code = check('POST', path, validatePasscode(passcode));
    const answer = await this.console.send({
      ...post(path, { mobile: number, factor: 'sms', passcode: code }),
      headers: appHeaders('POST', path, appKey),
      secrets: [appKey, code],
      schema: envelope(WalletTokensSchema.entries),
    });
    return pick(answer.data, ['refreshToken', 'accessToken', 'expiresIn']);
  }

  async refreshAccessToken(appKey: string, refreshToken: string): Promise<RefreshedToken> {
    const path = '/v1/users/accessToken';
    const token = check('POST', path, validateToken(refreshToken, 'The refresh token is missing; connect the wallet again.'));
    const answer = await this.console.send({
      ...post(path, { refreshToken: token }),
      headers: appHeaders('POST', path, appKey),
      secrets: [appKey, token],
      schema: envelope(RefreshedTokenSchema.entries),
    });
    return pick(answer.data, ['accessToken', 'expiresIn']);
  }

  // --- Wallet queries (X-App-Key + X-App-Wallet-Access-Token) ---

  async listAccounts(wallet: WalletCredentials, options: CallOptions = {}): Promise<Account[]> {
    const answer = await this.walletGet(wallet, '/v1/users/accounts', AccountListSchema, options);
    return answer.data.accounts;
  }

  async getBalance(wallet: WalletCredentials, options: CallOptions = {}): Promise<WalletBalance> {
    const answer = await this.walletGet(wallet, '/v1/users/balance', BalanceEnvelopeSchema, options);
    return answer.data.user;
  }

  async listTransactions(wallet: WalletCredentials, query: TransactionQuery = {}, options: CallOptions = {}): Promise<Transaction[]> {
    const path = '/v1/transactions';
    const answer = await this.walletGet(wallet, path, TransactionListSchema, options, transactionQuery(path, query));
    return answer.data.transactions;
  }

  async getTransaction(
    wallet: WalletCredentials,
    reference: string,
    query: TransactionQuery = {},
    options: CallOptions = {},
  ): Promise<Transaction> {
    const ref = check('GET', '/v1/transactions/:transactionRef', validateTransactionRef(reference));
    const path = `/v1/transactions/${encodeURIComponent(ref)}`;
    const answer = await this.walletGet(wallet, path, TransactionEnvelopeSchema, options, transactionQuery(path, query));
    return answer.data.transaction;
  }

  /** The wallet token is optional here: the real service did not require it. */
  async listBanks(appKey: string, accessToken?: string, options: CallOptions = {}): Promise<Bank[]> {
    const path = '/v1/queries/banks';
    const headers = appHeaders('GET', path, appKey);
    if (accessToken !== undefined) Object.assign(headers, walletHeaders('GET', path, { appKey, accessToken }));
    const answer = await this.console.send({
      method: 'GET',
      path,
      headers,
      secrets: [appKey, accessToken ?? ''],
      schema: BankListSchema,
      signal: options.signal,
    });
    return answer.data.banks;
  }

  async verifyBankAccount(
    wallet: WalletCredentials,
    account: { accountNumber: string; bankCode: string },
    options: CallOptions = {},
  ): Promise<BankAccount> {
    const path = '/v1/queries/verify';
    const accountNumber = check('GET', path, validateAccountNumber(account.accountNumber));
    const bankCode = check('GET', path, validateBankCode(account.bankCode));
    const answer = await this.walletGet(wallet, path, BankAccountEnvelopeSchema, options, { accountNumber, bankCode });
    return answer.data;
  }

  // --- Money movement (X-App-Key + X-App-Wallet-Access-Token). Never retried: see moneyPost. ---

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
    const answer = await this.walletGet(wallet, path, TransferStatusEnvelopeSchema, options);
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

  /** Sets where the service POSTs webhook events; '' clears it. */
  async updateAppSettings(appKey: string, settings: { callbackURL: string }): Promise<{ message: string }> {
    const path = '/v1/apps/settings';
    const callbackURL = check('PUT', path, validateCallbackUrl(settings?.callbackURL));
    const answer = await this.console.send({
      method: 'PUT',
      path,
      body: { callbackURL },
      headers: appHeaders('PUT', path, appKey),
      secrets: [appKey],
      schema: MessageEnvelopeSchema,
    });
    return { message: answer.message ?? 'App settings updated.' };
  }

  // --- Developer account ({developer_url}) and apps ({base_url}) ---

  async signUp(credentials: DeveloperCredentials): Promise<DeveloperUser> {
    const path = '/v1/auth/signup';
    const body = developerBody(path, credentials, 'sign-up');
    const answer = await this.developer.send({
      ...post(path, body),
      secrets: [body.password],
      schema: envelope({ user: DeveloperUserSchema }),
    });
    return answer.data.user;
  }

  async logIn(credentials: DeveloperCredentials): Promise<{ user: DeveloperUser; token: string }> {
    const path = '/v1/auth/login';
    const body = developerBody(path, credentials, 'log-in');
    const answer = await this.developer.send({ ...post(path, body), secrets: [body.password], schema: DeveloperSessionSchema });
    return { user: answer.data.user, token: answer.data.token };
  }

  /** Resource auth on the console API: its token is what createApp needs. */
  async authenticateResource(credentials: DeveloperCredentials): Promise<{ user: DeveloperUser; token: string }> {
    const path = '/v1/resource/auth';
    const body = developerBody(path, credentials, 'log-in');
    const answer = await this.console.send({ ...post(path, body), secrets: [body.password], schema: DeveloperSessionSchema });
    return { user: answer.data.user, token: answer.data.token };
  }

  async createApp(authToken: string, name: string): Promise<DeveloperApp> {
    const path = '/v1/resource/app';
    const token = check('POST', path, validateToken(authToken, 'Sign in again: the developer session token is missing.'));
    const appName = check('POST', path, validateAppName(name));
    const answer = await this.console.send({
      ...post(path, { name: appName }),
      headers: { 'x-auth-token': token },
      secrets: [token],
      schema: envelope({ app: DeveloperAppSchema }),
    });
    return answer.data.app;
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
        secrets: [wallet?.appKey ?? '', wallet?.accessToken ?? ''],
        schema,
      });
    } catch (error) {
      throw error instanceof WalletApiError && lostAnswer(error) ? outcomeUnknownError(error, what, howToCheck) : error;
    }
  }

  private walletGet<T>(
    wallet: WalletCredentials,
    path: string,
    schema: v.GenericSchema<unknown, T>,
    options: CallOptions,
    query?: Record<string, string | number>,
  ): Promise<T> {
    return this.console.send({
      method: 'GET',
      path,
      query,
      publicQuery: PUBLIC_QUERY,
      headers: walletHeaders('GET', path, wallet),
      secrets: [wallet?.appKey ?? '', wallet?.accessToken ?? ''],
      schema,
      signal: options.signal,
    });
  }
}

/** Query values the log may show: paging, the type filter and bank codes (an account number is not). */
const PUBLIC_QUERY = ['limit', 'pages', 'type', 'bankCode'] as const;

function post(path: string, body: Record<string, unknown>): Pick<Call<unknown>, 'method' | 'path' | 'body'> {
  return { method: 'POST', path, body };
}

/** Unwraps a validation result, or throws the invalid-input error carrying its message. */
function check<T>(method: string, path: string, result: Validation<T>): T {
  if (!result.ok) throw invalidInputError({ method, path }, result.message);
  return result.value;
}

/** The mobile and kobo amount of a phone transfer or an airtime purchase, checked before anything is sent. */
function checkRecipient(path: string, request: { mobile: string; amount: number }): { mobile: string; amount: number } {
  return {
    mobile: check('POST', path, validateMobile(request?.mobile)),
    amount: check('POST', path, validateAmountKobo(request?.amount)),
  };
}

/** Header values must be one printable token: anything else would make fetch itself throw. */
function validateToken(value: unknown, message: string): Validation<string> {
  return typeof value === 'string' && /^[\x21-\x7e]+$/.test(value) ? { ok: true, value } : { ok: false, message };
}

function appHeaders(method: string, path: string, appKey: string): Record<string, string> {
  const key = check(method, path, validateToken(appKey, 'An app key is needed: add or create an app first.'));
  return { 'X-App-Key': key };
}

function walletHeaders(method: string, path: string, wallet: WalletCredentials): Record<string, string> {
  const token = check(method, path, validateToken(wallet?.accessToken, 'The wallet is not connected: connect it again.'));
  return { ...appHeaders(method, path, wallet?.appKey), 'X-App-Wallet-Access-Token': token };
}

function developerBody(path: string, credentials: DeveloperCredentials, purpose: 'sign-up' | 'log-in') {
  const email = check('POST', path, validateEmail(credentials?.email));
  const password = check('POST', path, validatePassword(credentials?.password, purpose));
  return { email, password };
}

function transactionQuery(path: string, query: TransactionQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const name of ['limit', 'pages'] as const) {
    const value = query[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) {
      throw invalidInputError({ method: 'GET', path }, `The ${name} of a transaction query must be a whole number of 1 or more.`);
    }
    out[name] = value;
  }
  if (query.type !== undefined) out.type = check('GET', path, validateTransactionType(query.type));
  return out;
}

/** Only the documented fields, so extra server fields never reach token storage. */
function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = value[key];
  return out;
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

function nonNegative(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
}
