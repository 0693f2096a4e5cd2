// The public surface of the wallet API client. Plain Node: never imports 'vscode'.

export { WalletClient } from './client';
export type { CallOptions, DeveloperCredentials, TransactionQuery, WalletClientOptions, WalletCredentials } from './client';
export type { RequestEvent } from './transport';
export { isAuthError, isCancelled, isRefusal, WalletApiError } from './errors';
export type { WalletApiErrorKind } from './errors';
export { formatNaira, koboToNaira, parseNairaToKobo, UNKNOWN_AMOUNT } from './money';
export {
  isTransactionType,
  maskAccountNumber,
  validateAccountNumber,
  validateAppName,
  validateBankCode,
  validateEmail,
  validateMobile,
  validatePasscode,
  validatePassword,
  validateTransactionRef,
  validateTransactionType,
} from './validation';
export type { Validation } from './validation';
export { TRANSACTION_TYPES } from './schemas';
export type {
  Account,
  Bank,
  BankAccount,
  DeveloperApp,
  DeveloperUser,
  RefreshedToken,
  Transaction,
  TransactionRecipient,
  TransactionType,
  WalletBalance,
  WalletTokens,
  WalletUser,
} from './schemas';
