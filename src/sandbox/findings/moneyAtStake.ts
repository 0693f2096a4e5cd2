import { naira } from '../domain/ledger';
import type { JournalEntry } from '../requests/entry';
import type { LandedTransfer } from './finding';
import { mobileOf } from './tokenRules';

// The money at stake in a money finding (retried-money-post, unknown-outcome-not-requeried): what
// the ledger shows actually moved for one payment. A payment is its call, recipient and amount
// (the same intent sent again, whatever the body's spelling); each attempt's reference is the one
// the API answered (heard by the app or not), and the ledger says whether it landed and for how much.

/** What the ledger holds for a wallet's transaction: its kobo, and whether a failure gave them back (a reversed bank transfer). */
export type LedgerReader = (mobile: string, reference: string) => { amount: number; returned: boolean } | undefined;

/** What a money finding says moved: the transfers that landed for the payment, and the kobo paid more than once. */
export interface MoneyAtStake {
  landed: LandedTransfer[];
  atRiskKobo: number;
}

type Fields = Record<string, unknown>;

/** The fields that make a payment the same one, by call. */
const INTENT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  '/v1/users/transfers/phone': ['mobile', 'amount'],
  '/v1/users/transfers/bank': ['accountNumber', 'bankCode', 'amount'],
  '/v1/users/payments/bills/vtu': ['mobile', 'provider', 'amount'],
};

function bodyFields(entry: JournalEntry): Fields {
  if (entry.json !== undefined) return typeof entry.json === 'object' && entry.json !== null ? (entry.json as Fields) : {};
  if (/x-www-form-urlencoded/i.test(entry.headers['content-type'] ?? '')) return Object.fromEntries(new URLSearchParams(entry.requestBody));
  return {};
}

/** A field as the API reads it: trimmed, a mobile as 234…, an amount as its number. */
function spelled(name: string, value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (name === 'mobile') return text.replace(/\D/g, '').replace(/^0/, '234');
  if (name === 'amount') return /^\d+$/.test(text) ? String(Number(text)) : text;
  return text.toLowerCase();
}

/** The payment a money POST makes: its call and the fields that name its recipient and amount. */
export function intentOf(path: string, entry: JournalEntry): string {
  const fields = bodyFields(entry);
  return [path, ...(INTENT_FIELDS[path] ?? []).map((name) => spelled(name, fields[name]))].join(' ');
}

/** The reference the API answered for the request (what it did, whether or not the app heard it); undefined when it moved nothing. */
function answeredReference(entry: JournalEntry): string | undefined {
  const status = entry.apiAnswer?.status ?? entry.status;
  if (status < 200 || status >= 300) return undefined;
  try {
    const data = (JSON.parse(entry.apiAnswer?.body ?? entry.responseBody) as { data?: { transaction?: Record<string, unknown> } }).data;
    const reference = data?.transaction?.['reference'] ?? data?.transaction?.['transactionReference'];
    return typeof reference === 'string' ? reference : undefined;
  } catch {
    return undefined;
  }
}

/** The transfer the request made, as the ledger holds it now; undefined when none landed (or the money came back). */
export function landedBy(entry: JournalEntry, ledger: LedgerReader | undefined): LandedTransfer | undefined {
  const reference = answeredReference(entry);
  const mobile = mobileOf(entry.headers['x-app-wallet-access-token'] ?? '');
  if (!ledger || reference === undefined || mobile === undefined) return undefined;
  const held = ledger(mobile, reference);
  return held && !held.returned ? { requestId: entry.id, reference, amount: held.amount } : undefined;
}

/** How many of a payment's landed transfers a finding lists; its count and kobo cover them all. */
export const MAX_LANDED_LISTED = 10;

/**
 * What landed for one payment so far: the first transfers (at most MAX_LANDED_LISTED), and the
 * count and kobo of every one. Kept so, a payment sent thousands of times costs each finding the
 * same, not a copy of every transfer before it.
 */
export interface LandedSoFar {
  readonly listed: readonly LandedTransfer[];
  readonly count: number;
  readonly kobo: number;
}

export const NOTHING_LANDED: LandedSoFar = { listed: [], count: 0, kobo: 0 };

export function withLanded(so: LandedSoFar, made: LandedTransfer | undefined): LandedSoFar {
  if (!made) return so;
  const listed = so.listed.length < MAX_LANDED_LISTED ? [...so.listed, made] : so.listed;
  return { listed, count: so.count + 1, kobo: so.kobo + made.amount };
}

/** The kobo paid more than once: every transfer that landed after the first. */
export function moneyAtStake(so: LandedSoFar): MoneyAtStake & { landedCount: number } {
  const atRiskKobo = so.kobo - (so.listed[0]?.amount ?? 0);
  return { landed: so.listed.map((transfer) => ({ ...transfer })), atRiskKobo, landedCount: so.count };
}

/** The finding's words for it: " — ₦40.00 paid twice" for its title, and the line its detail starts with. */
export function stakeWords({ landed, atRiskKobo, landedCount }: ReturnType<typeof moneyAtStake>): { title: string; detail: string } {
  const unlisted = landedCount - landed.length;
  const references =
    landed.map((transfer) => `${transfer.reference} (${naira(transfer.amount)})`).join(', ') +
    (unlisted > 0 ? ` and ${unlisted} more` : '');
  const times = landedCount === 2 ? 'twice' : `${landedCount} times`;
  if (landedCount === 0) return { title: '', detail: 'The ledger shows no transfer landed for this payment. ' };
  if (landedCount === 1) return { title: '', detail: `The ledger shows one transfer landed for this payment: ${references}. ` };
  return {
    title: ` — ${naira(atRiskKobo)} paid ${landedCount === 2 ? 'twice' : 'more than once'}`,
    detail: `The ledger shows this payment landed ${times}: ${references}; ${naira(atRiskKobo)} paid more than once. `,
  };
}
