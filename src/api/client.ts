// One method per endpoint of the wallet API (wallet-api.md, endpoints 1-14): sign-ins, reads and
// apps here, the money movement of evidence.md in transfers.ts (which WalletClient extends).
// Callers pass keys and tokens as arguments; calls.ts attaches the headers.

import * as v from 'valibot';
import { appHeaders, check, post, validateToken, walletGet, walletHeaders, type CallOptions, type WalletCredentials } from './calls';
import { invalidInputError } from './errors';
import {
  AccountSchema,
  BankAccountSchema,
  BankSchema,
  DeveloperAppSchema,
  DeveloperUserSchema,
  envelope,
  ListedAppSchema,
  MessageEnvelopeSchema,
  RefreshedTokenSchema,
  TransactionSchema,
  WalletBalanceSchema,
  WalletTokensSchema,
  WalletUserSchema,
  type Account,
  type BankAccount,
  type Bank,
  type DeveloperApp,
  type DeveloperUser,
  type ListedApp,
  type RefreshedToken,
  type Transaction,
  type TransactionType,
  type WalletBalance,
  type WalletTokens,
  type WalletUser,
} from './schemas';
import { MoneyMovement } from './transfers';
import { Endpoint, type RequestEvent, type TransportExchange, type TransportOptions } from './transport';
import {
  validateAccountNumber,
  validateAppName,
  validateBankCode,
  validateCallbackUrl,
  validateEmail,
  validateMobile,
  validatePasscode,
  validatePassword,
  validateTransactionRef,
  validateTransactionType,
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

export interface TransactionQuery {
  limit?: number;
  pages?: number;
  type?: TransactionType;
}

export interface DeveloperCredentials {
  email: string;
  password: string;
}

// Built once: the wallet queries run often (every view refresh), and a schema is several objects.
const TransactionListSchema = envelope({ transactions: v.array(TransactionSchema) });
const TransactionEnvelopeSchema = envelope({ transaction: TransactionSchema });
const BalanceEnvelopeSchema = envelope({ user: WalletBalanceSchema });
const AccountListSchema = envelope({ accounts: v.array(AccountSchema) });
const BankListSchema = envelope({ banks: v.array(BankSchema) });
const BankAccountEnvelopeSchema = envelope(BankAccountSchema.entries);
const DeveloperSessionSchema = envelope({ user: DeveloperUserSchema, token: v.string() });
const AppListSchema = envelope({ apps: v.array(ListedAppSchema) });

export class WalletClient extends MoneyMovement {
  private readonly developer: Endpoint;
  /** Both APIs at one address (the sandbox, many deployments): one probe is enough. */
  private readonly oneHost: boolean;

  constructor(options: WalletClientOptions) {
    const transport: TransportOptions = {
      timeoutMs: positive(options.timeoutMs, 10_000),
      deadlineMs: options.deadlineMs === undefined ? undefined : positive(options.deadlineMs, 10_000),
      retries: Math.floor(nonNegative(options.retries, 2)),
      retryDelayMs: nonNegative(options.retryDelayMs, 300),
      maxRetryDelayMs: nonNegative(options.maxRetryDelayMs, 5_000),
      onRequest: options.onRequest,
      onExchange: options.onExchange,
      userAgent: options.userAgent,
    };
    super(new Endpoint(options.consoleUrl, transport));
    this.oneHost = options.consoleUrl === options.developerUrl;
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
    const answer = await walletGet(this.console, wallet, '/v1/users/accounts', AccountListSchema, options);
    return answer.data.accounts;
  }

  async getBalance(wallet: WalletCredentials, options: CallOptions = {}): Promise<WalletBalance> {
    const answer = await walletGet(this.console, wallet, '/v1/users/balance', BalanceEnvelopeSchema, options);
    return answer.data.user;
  }

  async listTransactions(wallet: WalletCredentials, query: TransactionQuery = {}, options: CallOptions = {}): Promise<Transaction[]> {
    const path = '/v1/transactions';
    const answer = await walletGet(this.console, wallet, path, TransactionListSchema, options, transactionQuery(path, query));
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
    const answer = await walletGet(this.console, wallet, path, TransactionEnvelopeSchema, options, transactionQuery(path, query));
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
    const answer = await walletGet(this.console, wallet, path, BankAccountEnvelopeSchema, options, { accountNumber, bankCode });
    return answer.data;
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
   * The developer's apps (GET /v1/apps on the developer host, with the login token as a bearer
   * token; evidence.md). Not every server answers it: a 404 or 405 WalletApiError says so.
   * Keys a server sends along are dropped here: they belong in secret storage, not in a list.
   */
  async listApps(loginToken: string, options: CallOptions = {}): Promise<ListedApp[]> {
    const path = '/v1/apps';
    const token = check('GET', path, validateToken(loginToken, 'Sign in again: the developer login token is missing.'));
    const answer = await this.developer.send({
      method: 'GET',
      path,
      headers: { Authorization: `Bearer ${token}` },
      secrets: [token],
      schema: AppListSchema,
      signal: options.signal,
    });
    return answer.data.apps
      .filter((app) => app.deleted !== true)
      .map(({ _id, name, developerID, disabled, createdAt, settings }) => ({
        _id,
        name,
        developerID,
        disabled,
        createdAt,
        ...(settings?.callbackURL ? { settings: { callbackURL: settings.callbackURL } } : {}),
      }));
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
