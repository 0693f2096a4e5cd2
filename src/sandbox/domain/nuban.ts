// The sandbox's account-number rule: the NUBAN check digit, adapted to 6-digit NIP bank codes.
// Weights 3,7,3 repeat over the bank code followed by every digit but the last; the last digit
// must equal (10 - sum % 10) % 10. With a 9-digit serial this is the classic 10-digit NUBAN;
// a 10-digit serial gives the 11-digit numbers the contract mentions.

const WEIGHTS = [3, 7, 3];

export function nubanCheckDigit(bankCode: string, serial: string): number {
  const digits = bankCode + serial;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[i]) * (WEIGHTS[i % 3] ?? 0);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidAccountNumber(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{6}$/.test(bankCode) || !/^\d{10,11}$/.test(accountNumber)) {
    return false;
  }
  const serial = accountNumber.slice(0, -1);
  return nubanCheckDigit(bankCode, serial) === Number(accountNumber.slice(-1));
}

/**
 * A number that passes the rule for `bankCode`. `seedDigits` is the serial: 9 digits for a
 * 10-digit NUBAN, 10 for an 11-digit one (shorter input is left-padded with zeros).
 */
export function makeValidAccountNumber(bankCode: string, seedDigits: string): string {
  if (!/^\d{6}$/.test(bankCode)) {
    throw new Error(`bank code must be 6 digits, got "${bankCode}"`);
  }
  if (!/^\d{1,10}$/.test(seedDigits)) {
    throw new Error(`seedDigits must be 1 to 10 digits, got "${seedDigits}"`);
  }
  const serial = seedDigits.length === 10 ? seedDigits : seedDigits.padStart(9, '0');
  return serial + String(nubanCheckDigit(bankCode, serial));
}
