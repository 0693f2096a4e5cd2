import { ErrorCode } from '../errors';
import type { JournalEntry } from '../requests/entry';
import { stringFieldOf, type FindingDraft, NO_FINDINGS } from './finding';

// unverified-recipient: a bank transfer to an account the app never verified
// (GET /v1/queries/verify) in this world, or with a name other than the one verification gave.

const VERIFY = '/v1/queries/verify';
/** A bank-account verification (what the rule remembers). */
export const isVerification = (path: string): boolean => path === VERIFY;
const BANK_TRANSFER = /^\/v1\/users\/transfers\/bank\/?$/;
/** How many verifications it remembers (their answers); the oldest go first. */
const MAX_VERIFICATIONS = 500;
/** What a verification answers (`data` of GET /v1/queries/verify) that the rule reads. */
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
  /**
   * The answers of the latest verifications, oldest first, kept as they came: an app verifies far
   * more often than it sends a bank transfer, so they are read only when a transfer comes.
   */
  private answers: string[] = [];

  clear(): void {
    this.answers = [];
  }

  exchange(entry: JournalEntry): readonly FindingDraft[] {
    if (entry.method === 'GET' && isVerification(entry.path) && entry.status === 200) {
      this.answers.push(entry.responseBody);
      // Cut in one go at twice the count (a shift for each verification cost the review more); the
      // lookup reads only the newest MAX_VERIFICATIONS.
      if (this.answers.length >= 2 * MAX_VERIFICATIONS) this.answers = this.answers.slice(-MAX_VERIFICATIONS);
      return NO_FINDINGS;
    }
    if (entry.method !== 'POST' || !BANK_TRANSFER.test(entry.path) || refusedForOtherReasons(entry)) return NO_FINDINGS;
    const body = bodyFields(entry);
    const sentName = text(body['accountName']);
    const verifiedName = this.verifiedName(text(body['bankCode']), text(body['accountNumber']));
    if (verifiedName !== undefined && (sentName === '' || sameName(sentName, verifiedName))) return NO_FINDINGS;
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

  /** The name the newest kept verification of this account answered; undefined when none of them resolved it. */
  private verifiedName(bankCode: string, accountNumber: string): string | undefined {
    const oldest = Math.max(0, this.answers.length - MAX_VERIFICATIONS);
    for (let index = this.answers.length - 1; index >= oldest; index--) {
      const answer = this.answers[index]!;
      if (accountNumberOf(answer)?.trim() !== accountNumber || bankCodeOf(answer)?.trim() !== bankCode) continue;
      const name = accountNameOf(answer);
      if (name !== undefined) return name.trim();
    }
    return undefined;
  }
}
