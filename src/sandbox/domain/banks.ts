import { ApiError, ErrorCode } from '../vocabulary/errors';

// Nigerian NIP institutions with their 6-digit NIBSS codes: commercial, merchant, microfinance,
// payment-service banks and mobile-money operators, as a live bank list would mix them.

export interface Bank {
  bankCode: string;
  bankName: string;
}

const RAW: [string, string][] = [
  ['000014', 'ACCESS BANK'],
  ['000005', 'ACCESS BANK (DIAMOND)'],
  ['000009', 'CITIBANK NIGERIA'],
  ['000010', 'ECOBANK NIGERIA'],
  ['000007', 'FIDELITY BANK'],
  ['000016', 'FIRST BANK OF NIGERIA'],
  ['000003', 'FIRST CITY MONUMENT BANK'],
  ['000027', 'GLOBUS BANK'],
  ['000013', 'GUARANTY TRUST BANK'],
  ['000020', 'HERITAGE BANK'],
  ['000006', 'JAIZ BANK'],
  ['000002', 'KEYSTONE BANK'],
  ['000029', 'LOTUS BANK'],
  ['000030', 'PARALLEX BANK'],
  ['000008', 'POLARIS BANK'],
  ['000031', 'PREMIUM TRUST BANK'],
  ['000023', 'PROVIDUS BANK'],
  ['000012', 'STANBIC IBTC BANK'],
  ['000021', 'STANDARD CHARTERED BANK'],
  ['000001', 'STERLING BANK'],
  ['000022', 'SUNTRUST BANK'],
  ['000026', 'TAJ BANK'],
  ['000025', 'TITAN TRUST BANK'],
  ['000018', 'UNION BANK OF NIGERIA'],
  ['000004', 'UNITED BANK FOR AFRICA'],
  ['000011', 'UNITY BANK'],
  ['000017', 'WEMA BANK'],
  ['000015', 'ZENITH BANK'],
  ['000024', 'RAND MERCHANT BANK'],
  ['060001', 'CORONATION MERCHANT BANK'],
  ['060002', 'FBNQUEST MERCHANT BANK'],
  ['060003', 'NOVA MERCHANT BANK'],
  ['060004', 'GREENWICH MERCHANT BANK'],
  ['400001', 'FSDH MERCHANT BANK'],
  ['090270', 'AB MICROFINANCE BANK'],
  ['090134', 'ACCION MICROFINANCE BANK'],
  ['090160', 'ADDOSSER MICROFINANCE BANK'],
  ['090180', 'AMJU UNIQUE MICROFINANCE BANK'],
  ['090001', 'ASO SAVINGS AND LOANS'],
  ['090136', 'BAOBAB MICROFINANCE BANK'],
  ['090148', 'BOWEN MICROFINANCE BANK'],
  ['090393', 'BRIDGEWAY MICROFINANCE BANK'],
  ['090365', 'CORESTEP MICROFINANCE BANK'],
  ['090097', 'EKONDO MICROFINANCE BANK'],
  ['090328', 'EYOWO MICROFINANCE BANK'],
  ['090285', 'FIRST OPTION MICROFINANCE BANK'],
  ['090121', 'HASAL MICROFINANCE BANK'],
  ['090267', 'KUDA MICROFINANCE BANK'],
  ['090177', 'LAPO MICROFINANCE BANK'],
  ['090265', 'LOVONUS MICROFINANCE BANK'],
  ['090405', 'MONIEPOINT MICROFINANCE BANK'],
  ['090317', 'PATRICKGOLD MICROFINANCE BANK'],
  ['090138', 'ROYAL EXCHANGE MICROFINANCE BANK'],
  ['090175', 'RUBIES MICROFINANCE BANK'],
  ['090286', 'SAFE HAVEN MICROFINANCE BANK'],
  ['090325', 'SPARKLE MICROFINANCE BANK'],
  ['090110', 'VFD MICROFINANCE BANK'],
  ['120002', 'HOPE PAYMENT SERVICE BANK'],
  ['120003', 'MOMO PAYMENT SERVICE BANK'],
  ['120004', 'SMARTCASH PAYMENT SERVICE BANK'],
  ['100022', 'GOMONEY'],
  ['100004', 'OPAY DIGITAL SERVICES'],
  ['100002', 'PAGA'],
  ['100033', 'PALMPAY'],
  ['100003', 'PARKWAY READYCASH'],
  ['100039', 'TITAN-PAYSTACK'],
];

/** Sorted by name, as the live list was. */
export const BANKS: readonly Bank[] = RAW.map(([bankCode, bankName]) => ({ bankCode, bankName })).sort((a, b) =>
  a.bankName < b.bankName ? -1 : a.bankName > b.bankName ? 1 : 0,
);

const BY_CODE = new Map(BANKS.map((bank) => [bank.bankCode, bank]));

export function bankByCode(code: string): Bank | undefined {
  return BY_CODE.get(code);
}

/**
 * The bank a 6-digit code names, or the one refusal for a code not in the list (400, errorCode
 * 50003): the verify query and the bank transfer both ask here, so both answer the same.
 */
export function bankInList(code: string): Bank {
  const bank = BY_CODE.get(code);
  if (!bank) {
    throw new ApiError(400, ErrorCode.unknownBank, `bankCode ${code} is not in the bank list; use a code from GET /v1/queries/banks`);
  }
  return bank;
}

/** Banks people most often send to; history generation favours them. */
export const POPULAR_BANK_CODES: readonly string[] = [
  '000014',
  '000013',
  '000015',
  '000016',
  '000004',
  '000007',
  '000003',
  '000017',
  '000001',
  '000012',
  '090267',
  '100004',
  '090405',
  '100033',
  '000010',
  '000023',
];

/** The wallet provider's own bank: each wallet's first account lives here. */
export const WALLET_BANK_CODE = '090328';
