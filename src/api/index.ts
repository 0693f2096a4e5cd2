// The public surface of the wallet API client. Plain Node: never imports 'vscode'.

export { WalletClient } from './client';
export type {
  AirtimeRequest,
  BankTransferRequest,
  CallOptions,
  DeveloperCredentials,
  PhoneTransferRequest,
  TransactionQuery,
  WalletClientOptions,
  WalletCredentials,
} from './client';
export type { RequestEvent } from './transport';
export { isAuthError, isCancelled, isRefusal, WalletApiError } from './errors';
export type { WalletApiErrorKind } from './errors';
export { formatNaira, koboToNaira, parseNairaToKobo, UNKNOWN_AMOUNT } from './money';
export {
  isTransactionType,
  maskAccountNumber,
  AIRTIME_PROVIDERS,
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
} from './validation';
export type { AirtimeProvider, Validation } from './validation';
export { TRANSACTION_TYPES } from './schemas';
export type {
  Account,
  Bank,
  BankAccount,
  BankTransfer,
  DeveloperApp,
  DeveloperUser,
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
