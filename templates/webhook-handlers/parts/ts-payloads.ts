⟦/** A completed transfer to a bank account. Amounts are kobo (integer; 100 kobo = 1 naira). */
export interface BankTransferData {
  accountName: string;
  accountNumber: string;
  /** Kobo. */
  amount: number;
  transactionReference: string;
  statusCode: string;
}

/** A completed transfer to another wallet by phone number. Amounts are kobo. */
export interface PhoneTransferData {
  appWalletMobile: string;
  /** Kobo. */
  amount: number;
  recipientMobile: string;
  transactionReference: string;
}

/** `message` is "SUCCESS", or "FAILED" for a bank transfer that failed (its money returns to the wallet). */
export type WalletWebhook =
  | { message: string; type: 'BANK_TRANSFER'; data: BankTransferData }
  | { message: string; type: 'PHONE_TRANSFER'; data: PhoneTransferData };

type Fields = Record<string, unknown>;
⟧⟪/**
 * A completed transfer to a bank account. Amounts are kobo (integer; 100 kobo = 1 naira).
 * @typedef {{ accountName: string, accountNumber: string, amount: number, transactionReference: string, statusCode: string }} BankTransferData
 */

/**
 * A completed transfer to another wallet by phone number. Amounts are kobo.
 * @typedef {{ appWalletMobile: string, amount: number, recipientMobile: string, transactionReference: string }} PhoneTransferData
 */

/**
 * `message` is "SUCCESS", or "FAILED" for a bank transfer that failed (its money returns to the wallet).
 * @typedef {{ message: string, type: 'BANK_TRANSFER', data: BankTransferData }
 *   | { message: string, type: 'PHONE_TRANSFER', data: PhoneTransferData }} WalletWebhook
 */
⟫
const isObject = (value⟦: unknown⟧)⟦: value is Fields⟧ => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value⟦: unknown⟧)⟦: value is string⟧ => typeof value === 'string' && value.length > 0;
const isKobo = (value⟦: unknown⟧)⟦: value is number⟧ => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The event in the body `{ payload: { message, type, data } }`, or why it is not one.⟪ @returns {WalletWebhook | { error: string }}⟫ */
export function parseWalletWebhook(body⟦: unknown⟧)⟦: WalletWebhook | { error: string }⟧ {
  const payload = isObject(body) ? body.payload : undefined;
  if (!isObject(payload) || !isText(payload.message) || !isObject(payload.data)) {
    return { error: 'expected { payload: { message, type, data } }' };
  }
  const { message, type, data } = payload;
  if (!isText(data.transactionReference)) return { error: 'data.transactionReference must be a string' };
  if (!isKobo(data.amount)) return { error: 'data.amount must be a whole number of kobo' };
  if (type === 'BANK_TRANSFER') {
    if (!isText(data.accountName) || !isText(data.accountNumber) || !isText(data.statusCode)) {
      return { error: 'BANK_TRANSFER needs data.accountName, data.accountNumber and data.statusCode' };
    }
    const { accountName, accountNumber, amount, transactionReference, statusCode } = data;
    return { message, type, data: { accountName, accountNumber, amount, transactionReference, statusCode } };
  }
  if (type === 'PHONE_TRANSFER') {
    if (!isText(data.appWalletMobile) || !isText(data.recipientMobile)) {
      return { error: 'PHONE_TRANSFER needs data.appWalletMobile and data.recipientMobile' };
    }
    const { appWalletMobile, amount, recipientMobile, transactionReference } = data;
    return { message, type, data: { appWalletMobile, amount, recipientMobile, transactionReference } };
  }
  return { error: 'type must be BANK_TRANSFER or PHONE_TRANSFER' };
}

/** SUCCESS and FAILED settle a transfer; anything else (an older PENDING that came late) must not undo them.⟪ @param {WalletWebhook} event⟫ */
function isFinal(event⟦: WalletWebhook⟧)⟦: boolean⟧ {
  return event.message === 'SUCCESS' || event.message === 'FAILED';
}

/** One key per transfer and status: a copy of an event is a duplicate, a reversal (FAILED after SUCCESS) is not.⟪ @param {WalletWebhook} event⟫ */
function handledKey(event⟦: WalletWebhook⟧)⟦: string⟧ {
  return `${event.data.transactionReference} ${event.message}`;
}
