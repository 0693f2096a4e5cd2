// The payload types and their check, shared by the JavaScript-family handlers (Express in
// TypeScript or JavaScript, Next.js): the shapes of the evidence (../shared/spec/evidence.md) as
// the sandbox sends them. One text: in JavaScript the types are JSDoc and the annotations go.
// What they do with an event (keep, requery, retry) is typeScriptInbox.ts.

export type ScriptLanguage = 'typescript' | 'javascript';

/** The annotation in TypeScript, nothing in JavaScript. */
export const annotate =
  (language: ScriptLanguage) =>
  (text: string): string =>
    language === 'typescript' ? text : '';

const TYPES = (exportWord: string) => `/** A completed transfer to a bank account. Amounts are kobo (integer; 100 kobo = 1 naira). */
${exportWord}interface BankTransferData {
  accountName: string;
  accountNumber: string;
  /** Kobo. */
  amount: number;
  transactionReference: string;
  statusCode: string;
}

/** A completed transfer to another wallet by phone number. Amounts are kobo. */
${exportWord}interface PhoneTransferData {
  appWalletMobile: string;
  /** Kobo. */
  amount: number;
  recipientMobile: string;
  transactionReference: string;
}

/** \`message\` is "SUCCESS", or "FAILED" for a bank transfer that failed (its money returns to the wallet). */
${exportWord}type WalletWebhook =
  | { message: string; type: 'BANK_TRANSFER'; data: BankTransferData }
  | { message: string; type: 'PHONE_TRANSFER'; data: PhoneTransferData };

type Fields = Record<string, unknown>;
`;

const JSDOC_TYPES = `/**
 * A completed transfer to a bank account. Amounts are kobo (integer; 100 kobo = 1 naira).
 * @typedef {{ accountName: string, accountNumber: string, amount: number, transactionReference: string, statusCode: string }} BankTransferData
 */

/**
 * A completed transfer to another wallet by phone number. Amounts are kobo.
 * @typedef {{ appWalletMobile: string, amount: number, recipientMobile: string, transactionReference: string }} PhoneTransferData
 */

/**
 * \`message\` is "SUCCESS", or "FAILED" for a bank transfer that failed (its money returns to the wallet).
 * @typedef {{ message: string, type: 'BANK_TRANSFER', data: BankTransferData }
 *   | { message: string, type: 'PHONE_TRANSFER', data: PhoneTransferData }} WalletWebhook
 */
`;

/**
 * `exported`: the types and the check are exported (a module of its own); a Next.js route file
 * may export only its handlers, so there they stay in the file. JavaScript exports nothing here.
 */
export const typeScriptPayloads = (exported: boolean, language: ScriptLanguage = 'typescript'): string => {
  const ts = annotate(language);
  const js = (text: string) => (language === 'javascript' ? text : '');
  const value = `value${ts(': unknown')}`;
  const exportWord = exported && language === 'typescript' ? 'export ' : '';
  return `${language === 'typescript' ? TYPES(exportWord) : JSDOC_TYPES}
const isObject = (${value})${ts(': value is Fields')} => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value${ts(': unknown')})${ts(': value is string')} => typeof value === 'string' && value.length > 0;
const isKobo = (value${ts(': unknown')})${ts(': value is number')} => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The event in the body \`{ payload: { message, type, data } }\`, or why it is not one.${js(' @returns {WalletWebhook | { error: string }}')} */
${exportWord}function parseWalletWebhook(body${ts(': unknown')})${ts(': WalletWebhook | { error: string }')} {
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

/** SUCCESS and FAILED settle a transfer; anything else (an older PENDING that came late) must not undo them.${js(
    ' @param {WalletWebhook} event',
  )} */
function isFinal(event${ts(': WalletWebhook')})${ts(': boolean')} {
  return event.message === 'SUCCESS' || event.message === 'FAILED';
}

/** One key per transfer and status: a copy of an event is a duplicate, a reversal (FAILED after SUCCESS) is not.${js(
    ' @param {WalletWebhook} event',
  )} */
function handledKey(event${ts(': WalletWebhook')})${ts(': string')} {
  return \`\${event.data.transactionReference} \${event.message}\`;
}
`;
};
