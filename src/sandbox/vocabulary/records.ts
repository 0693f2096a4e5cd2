// The world's records as the API, the admin API and the Sandbox methods show them: transactions,
// transfers and webhook events. Plain shapes with no imports of the sandbox's modules, so that every
// layer may name them (types.ts, the public shapes, re-exports them).

// The transaction types, a value too: the scenario format lists them.
export type TransactionType = 'bank' | 'phone' | 'bills' | 'bvn' | 'vtu';

export const TRANSACTION_TYPES: readonly TransactionType[] = ['bank', 'phone', 'bills', 'bvn', 'vtu'];

export interface BankRecipient {
  accountNumber: string;
  accountName: string;
  bankCode: string;
  bankName: string;
}

export interface PhoneRecipient {
  mobile: string;
  name?: string;
}

export interface MetadataRecipient {
  metadata: Record<string, string>;
}

export type Recipient = BankRecipient | PhoneRecipient | MetadataRecipient;

/** One wallet transaction as the API returns it. `_id` and `reference` are the same 24-hex id. */
export interface TransactionRecord {
  _id: string;
  amount: number; // kobo, positive integer
  reference: string;
  type: TransactionType;
  recipient: Recipient;
  createdAt: string; // ISO 8601 with milliseconds
  updatedAt: string;
  /** Only on records the ledger writes: money in (a phone transfer received, a reversal) or out. */
  direction?: 'debit' | 'credit';
  /** Only on bank transfers the ledger writes: 000002 pending, 000001 success, 000000 failed. */
  statusCode?: string;
  /** Only on a reversal: the reference of the failed bank transfer whose money it returns. */
  reversalOf?: string;
}

export type TransferStatus = 'pending' | 'success' | 'failed';

/** A bank transfer the ledger tracks until it settles. */
export interface BankTransferRecord {
  reference: string;
  mobile: string; // the sender's wallet
  appId: string; // the app that sent it (its callbackURL gets the webhook)
  amount: number;
  accountNumber: string;
  accountName: string;
  bankCode: string;
  bankName: string;
  status: TransferStatus;
  /** Settles as failed (and reverses) instead of succeeding. */
  fails: boolean;
  settleAt: number; // virtual-clock epoch ms
  createdAt: string;
  /** A test transfer (Trigger Test Event): its webhook event is marked as a test. */
  test?: true;
  /** A reversal after success is due then (virtual-clock epoch ms): the sandbox's reversal control (POST /__sandbox/transfers/:reference/reversal). */
  reverseAt?: number;
}

export type WebhookType = 'BANK_TRANSFER' | 'PHONE_TRANSFER';

/** What a BANK_TRANSFER webhook says: the bank transfer settled (statusCode `000001` success, `000002` failed). */
export interface BankTransferData {
  accountName: string;
  accountNumber: string;
  /** In kobo. */
  amount: number;
  transactionReference: string;
  statusCode: string;
}

/** What a PHONE_TRANSFER webhook says: a wallet of the app sent money to another mobile. */
export interface PhoneTransferData {
  /** The sending wallet's mobile (234…). */
  appWalletMobile: string;
  /** In kobo. */
  amount: number;
  /** The receiving mobile (234…). */
  recipientMobile: string;
  transactionReference: string;
}

/** Each webhook type's `data`. */
export interface WebhookDataByType {
  BANK_TRANSFER: BankTransferData;
  PHONE_TRANSFER: PhoneTransferData;
}

/**
 * The body POSTed to the app's callbackURL, as the service sends it: a union of the events,
 * told apart by `payload.type` (`message` is `SUCCESS` or `FAILED`; `PENDING` only from the out-of-order control).
 */
export type WebhookPayload = {
  [T in WebhookType]: { payload: { message: string; type: T; data: WebhookDataByType[T] } };
}[WebhookType];

export interface WebhookAttempt {
  number: number;
  at: string;
  status: number; // 0 when no answer came
  durationMs: number;
  error?: string;
  excerpt: string;
  /** One of this many copies of the event sent at once (POST /__sandbox/events/:id/copies); they share `at`. */
  copies?: number;
}

export interface WebhookEvent {
  id: string;
  type: WebhookType;
  appId: string;
  url: string;
  createdAt: string;
  /** `withheld`: never sent (POST /__sandbox/events/withhold): the event that never comes, until redelivered. */
  state: 'pending' | 'delivered' | 'retrying' | 'failed' | 'withheld';
  payload: WebhookPayload;
  nextAttemptAt: string | null;
  /** The newest 50 attempts (MAX_KEPT_ATTEMPTS), oldest first; `number` counts every attempt made. */
  attempts: WebhookAttempt[];
  /** Index in `attempts` where the current delivery run began (a redelivery starts a new run). */
  runStart: number;
  /**
   * A test event (POST /__sandbox/events/test, Sandbox.sendTestEvent): made up, or the event of a
   * test transfer made for it (`transfer: true`). The integration review never makes a finding
   * of one. The sandbox's own mark: the body POSTed to the app stays the service's shape.
   */
  test?: boolean;
  /**
   * An older event of the same transfer (its PENDING), sent after this newer one (its id): the
   * sandbox's out-of-order control (POST /__sandbox/events/:id/older). Its `createdAt` is the older time.
   */
  outOfOrderAfter?: string;
}

/** A webhook event as the admin API and the Sandbox methods show it. */
export type PublicWebhookEvent = Omit<WebhookEvent, 'runStart'>;
