// The public surface of the wallet API client. Plain Node: never imports 'vscode'.

export { WalletClient } from './client';
export type { DeveloperCredentials, TransactionQuery, WalletClientOptions } from './client';
export type { CallOptions, WalletCredentials } from './calls';
export type { AirtimeRequest, BankTransferRequest, PhoneTransferRequest } from './transfers';
export type { RequestEvent, TransportExchange } from './transport';
export { isAuthError, isCancelled, isRefusal, WalletApiError } from './errors';
export type { WalletApiErrorKind } from './errors';
export { formatNaira, koboToNaira, parseNairaToKobo, UNKNOWN_AMOUNT } from './money';
// Every validator is public: the extension's input boxes check as you type with the client's own rules.
export * from './validation';
export { TRANSACTION_TYPES } from './schemas';
export type {
  Account,
  Bank,
  BankAccount,
  BankTransfer,
  DeveloperApp,
  DeveloperUser,
  ListedApp,
  Payment,
  RefreshedToken,
  Transaction,
  TransactionRecipient,
  TransactionType,
  TransferStatus,
  WalletBalance,
  WalletTokens,
  WalletUser,
} from './schemas';
