import {
  parseNairaToKobo,
  validateAccountNumber,
  validateAppName,
  validateBankCode,
  validateEmail,
  validateMobile,
  validatePasscode,
  validatePassword,
  validateTransactionRef,
  validateTransactionType,
  type Validation,
} from '../../../src/api';

/** Every validator the UI and the client share, by name, for table and property tests. */
export const VALIDATORS: [string, (input: string) => Validation<unknown>][] = [
  ['validateMobile', validateMobile],
  ['validateAccountNumber', validateAccountNumber],
  ['validateBankCode', validateBankCode],
  ['validatePasscode', validatePasscode],
  ['validateEmail', validateEmail],
  ['validatePassword (sign-up)', (input) => validatePassword(input, 'sign-up')],
  ['validatePassword (log-in)', (input) => validatePassword(input, 'log-in')],
  ['validateAppName', validateAppName],
  ['validateTransactionType', validateTransactionType],
  ['validateTransactionRef', validateTransactionRef],
  ['parseNairaToKobo', (input) => parseNairaToKobo(input)],
  ['parseNairaToKobo (negative allowed)', (input) => parseNairaToKobo(input, { allowNegative: true })],
];
