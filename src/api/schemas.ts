// Runtime schemas for every response body. Objects are loose: fields the client does not
// know are kept, never an error, so a server that adds fields keeps working.

import * as v from 'valibot';

export const TRANSACTION_TYPES = ['bank', 'phone', 'bills', 'bvn', 'vtu'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** A loose object's inferred type without its `[key: string]: unknown`, so typos fail to compile. */
type Known<T> = T extends readonly (infer U)[]
  ? Known<U>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Known<T[K]> }
    : T;

const str = v.string();
const optStr = v.optional(v.string());

export const WalletUserSchema = v.looseObject({ id: str, mobile: str });

export const WalletBalanceSchema = v.looseObject({ id: str, mobile: str, balance: v.number() });

export const WalletTokensSchema = v.looseObject({
  refreshToken: str,
  accessToken: str,
  expiresIn: v.number(),
});

export const RefreshedTokenSchema = v.looseObject({ accessToken: str, expiresIn: v.number() });

export const BankSchema = v.looseObject({ bankCode: str, bankName: str });

/** Verify-bank-details answer (shape assumed from transfer answers, see evidence.md). */
export const BankAccountSchema = v.looseObject({
  accountNumber: str,
  accountName: str,
  bankCode: optStr,
  bankName: optStr,
});

export const AccountSchema = v.looseObject({
  accountNumber: str,
  accountName: optStr,
  bankCode: optStr,
  bankName: optStr,
});

const RecipientMetadataSchema = v.looseObject({
  billerName: optStr,
  billCustomerID: optStr,
  billType: optStr,
});

const RecipientSchema = v.looseObject({
  accountNumber: optStr,
  accountName: optStr,
  bankCode: optStr,
  bankName: optStr,
  mobile: optStr,
  name: optStr,
  metadata: v.optional(RecipientMetadataSchema),
});

export const TransactionSchema = v.looseObject({
  _id: str,
  amount: v.number(),
  reference: str,
  // Any string: one unknown type from the server must not fail a whole list.
  type: str,
  recipient: v.optional(RecipientSchema, {}),
  createdAt: str,
  updatedAt: str,
  /** Bank transfers only: 000002 pending, 000001 success, 000000 failed. */
  statusCode: optStr,
});

export const DeveloperUserSchema = v.looseObject({
  _id: str,
  deleted: v.boolean(),
  lastLogin: str,
  email: str,
  createdAt: str,
  updatedAt: str,
  __v: v.optional(v.number()),
  sandboxMobile: optStr,
});

export const DeveloperAppSchema = v.looseObject({
  _id: str,
  name: str,
  key: str,
  sandboxKey: str,
  developerID: optStr,
  disabled: v.optional(v.boolean()),
  deleted: v.optional(v.boolean()),
  settings: v.optional(v.looseObject({})),
  wallets: v.optional(v.array(v.unknown())),
  createdAt: optStr,
  updatedAt: optStr,
});

/** An app as GET /v1/apps lists it: the keys only where a server chooses to send them (the sandbox never does). */
export const ListedAppSchema = v.looseObject({
  _id: str,
  name: str,
  key: optStr,
  sandboxKey: optStr,
  developerID: optStr,
  disabled: v.optional(v.boolean()),
  deleted: v.optional(v.boolean()),
  createdAt: optStr,
  /** Where the service POSTs the app's webhook events (a user name and password in it may be masked). */
  settings: v.optional(v.looseObject({ callbackURL: optStr })),
});

/** Phone transfer and airtime answers: `data.transaction`. */
export const PaymentSchema = v.looseObject({ reference: str, amount: v.number() });

/** Bank transfer answer: statusCode 000002 pending, 000001 success, 000000 failed. */
export const BankTransferSchema = v.looseObject({
  amount: v.number(),
  accountName: str,
  transactionReference: str,
  statusCode: str,
});

export const TransferStatusSchema = v.looseObject({ statusMessage: str, statusCode: str });

/**
 * Error body. Each field falls back to absent when it has an odd type, so a strange
 * body still yields whatever text it does carry. `errorCode` is read as a string.
 */
export const ErrorBodySchema = v.looseObject({
  success: v.fallback(v.optional(v.boolean()), undefined),
  error: v.fallback(optStr, undefined),
  message: v.fallback(optStr, undefined),
  errorCode: v.fallback(v.optional(v.union([str, v.pipe(v.number(), v.finite(), v.transform(String))])), undefined),
});

/** A successful envelope `{ success: true, message?, data }` around the given data. */
export function envelope<const TEntries extends v.ObjectEntries>(data: TEntries) {
  return v.looseObject({ success: v.literal(true), message: optStr, data: v.looseObject(data) });
}

/** An envelope whose data may be absent (send OTP answers with a message only). */
export const MessageEnvelopeSchema = v.looseObject({ success: v.literal(true), message: optStr });

export type WalletUser = Known<v.InferOutput<typeof WalletUserSchema>>;
export type WalletBalance = Known<v.InferOutput<typeof WalletBalanceSchema>>;
export type WalletTokens = Known<v.InferOutput<typeof WalletTokensSchema>>;
export type RefreshedToken = Known<v.InferOutput<typeof RefreshedTokenSchema>>;
export type Bank = Known<v.InferOutput<typeof BankSchema>>;
export type BankAccount = Known<v.InferOutput<typeof BankAccountSchema>>;
export type Account = Known<v.InferOutput<typeof AccountSchema>>;
/** Recipient fields vary by transaction type, so unknown ones stay readable. */
export type TransactionRecipient = Known<v.InferOutput<typeof RecipientSchema>> & {
  readonly [key: string]: unknown;
};
export type Transaction = Omit<Known<v.InferOutput<typeof TransactionSchema>>, 'recipient'> & {
  recipient: TransactionRecipient;
};
export type DeveloperUser = Known<v.InferOutput<typeof DeveloperUserSchema>>;
export type DeveloperApp = Omit<Known<v.InferOutput<typeof DeveloperAppSchema>>, 'settings'> & {
  settings?: Readonly<Record<string, unknown>>;
};
export type ListedApp = Known<v.InferOutput<typeof ListedAppSchema>>;
export type Payment = Known<v.InferOutput<typeof PaymentSchema>>;
export type BankTransfer = Known<v.InferOutput<typeof BankTransferSchema>>;
export type TransferStatus = Known<v.InferOutput<typeof TransferStatusSchema>>;
