// What a money command asks for, how the log names it, and how its record is recognised in
// the history when its answer was lost. Plain data: no vscode (unit-tested).

import { formatNaira, type Transaction } from '../api';
import { maskAccountNumber, maskMobile } from '../masking/masking';

export type MoneyOrder =
  | { kind: 'phone'; mobile: string; amount: number }
  | { kind: 'bank'; bankCode: string; bankName: string; accountNumber: string; accountName: string; amount: number }
  | { kind: 'airtime'; mobile: string; provider: string; amount: number };

/** A send whose answer never came: what was asked, and when, so its record can be looked for. */
export interface LostOrder {
  order: MoneyOrder;
  mobile: string;
  /** Epoch ms just before the request went out. */
  sentAt: number;
}

/** The history's record types for each order: airtime is type vtu, or a bills purchase with billType "vtu". */
const RECORD_TYPES: Record<MoneyOrder['kind'], readonly string[]> = { phone: ['phone'], bank: ['bank'], airtime: ['vtu', 'bills'] };

/** A minute of leeway: the server's clock and ours need not agree. */
const CLOCK_LEEWAY_MS = 60_000;

/** Whether a history record is the lost send: its type, amount and recipient, made since it was sent. */
export function isRecordOf(transaction: Transaction, lost: LostOrder): boolean {
  const { order } = lost;
  if (!RECORD_TYPES[order.kind].includes(transaction.type) || transaction.amount !== order.amount) return false;
  if (!(Date.parse(transaction.createdAt) >= lost.sentAt - CLOCK_LEEWAY_MS)) return false;
  const recipient = transaction.recipient;
  if (order.kind === 'bank') return recipient.accountNumber === order.accountNumber;
  if (order.kind === 'phone') return recipient.mobile === order.mobile;
  // Airtime records name the line as the bill's customer.
  const airtime = transaction.type === 'vtu' || recipient.metadata?.billType === 'vtu';
  return airtime && recipient.metadata?.billCustomerID === order.mobile;
}

/** For the log: what was sent, numbers masked (masking/masking.ts). */
export function describeOrder(order: MoneyOrder): string {
  const amount = formatNaira(order.amount);
  switch (order.kind) {
    case 'phone':
      return `phone transfer of ${amount} to ${maskMobile(order.mobile)}`;
    case 'bank':
      return `bank transfer of ${amount} to ${maskAccountNumber(order.accountNumber)} at ${order.bankName}`;
    case 'airtime':
      return `${order.provider} airtime of ${amount} for ${maskMobile(order.mobile)}`;
  }
}
