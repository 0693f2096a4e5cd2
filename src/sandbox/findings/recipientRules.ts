import { ErrorCode } from '../errors';
import type { JournalEntry } from '../requests/entry';
import { remember, stringFieldOf, type FindingDraft } from './finding';

// unverified-recipient: a bank transfer to an account the app never verified
// (GET /v1/queries/verify) in this world, or with a name other than the one verification gave.

const VERIFY = '/v1/queries/verify';
const BANK_TRANSFER = /^\/v1\/users\/transfers\/bank\/?$/;
/** How many verified accounts it remembers; the oldest go first. */
const MAX_VERIFIED = 500;
/** What a verification answers (`data` of GET /v1/queries/verify) that the rule keeps. */
const bankCodeOf = stringFieldOf('bankCode');
const accountNumberOf = stringFieldOf('accountNumber');
const accountNameOf = stringFieldOf('accountName');

type Fields = Record<string, unknown>;

/** The request's fields: its JSON body, or its form body (the API takes both). */
function bodyFields(entry: JournalEntry): Fields {
  if (entry.json !== undefined) return typeof entry.json === 'object' && entry.json !== null ? (entry.json as Fields) : {};
  if (/x-www-form-urlencoded/i.test(entry.headers['content-type'] ?? '')) return Object.fromEntries(new URLSearchParams(entry.requestBody));
  return {};
}

/**
 * A refusal (4xx) moved nothing: only the sandbox's refusal of a name that is not the account's
 * (50004) counts, since a service that does not check the name would have paid.
 */
function refusedForOtherReasons(entry: JournalEntry): boolean {
  return entry.status >= 400 && entry.status < 500 && !entry.responseBody.includes(`"errorCode":"${ErrorCode.nameMismatch}"`);
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
const sameName = (a: string, b: string): boolean => a.replace(/\s+/g, ' ').toUpperCase() === b.replace(/\s+/g, ' ').toUpperCase();

export class RecipientRules {
  /** Account name by `bankCode:accountNumber`, as verification answered it. */
  private verified = new Map<string, string>();

  clear(): void {
    this.verified.clear();
  }

  exchange(entry: JournalEntry): FindingDraft[] {
    if (entry.method === 'GET' && entry.path === VERIFY && entry.status === 200) {
      this.remember(entry);
      return [];
    }
    if (entry.method !== 'POST' || !BANK_TRANSFER.test(entry.path) || refusedForOtherReasons(entry)) return [];
    const body = bodyFields(entry);
    const account = `${text(body['bankCode'])}:${text(body['accountNumber'])}`;
    const sentName = text(body['accountName']);
    const verifiedName = this.verified.get(account);
    if (verifiedName !== undefined && (sentName === '' || sameName(sentName, verifiedName))) return [];
    const what =
      verifiedName === undefined
        ? 'to an account it did not verify first'
        : 'with an account name other than the one verification answered';
    return [
      {
        rule: 'unverified-recipient',
        title: `A bank transfer (POST /v1/users/transfers/bank) went ${what}`,
        detail:
          'A mistyped account number or bank sends the money to a stranger, and a bank transfer cannot be called back. ' +
          'Verify the account (GET /v1/queries/verify?accountNumber=&bankCode=), show the customer the name it answers, ' +
          'and send that name with the transfer.',
        requestIds: [entry.id],
      },
    ];
  }

  /** The verified account, read from the answer's fields without parsing the whole answer (a rule runs on every verification). */
  private remember(entry: JournalEntry): void {
    const answer = entry.responseBody;
    const bankCode = bankCodeOf(answer);
    const accountNumber = accountNumberOf(answer);
    const accountName = accountNameOf(answer);
    if (bankCode === undefined || accountNumber === undefined || accountName === undefined) return;
    remember(this.verified, `${bankCode.trim()}:${accountNumber.trim()}`, accountName.trim(), MAX_VERIFIED);
  }
}
