import { ErrorCode } from '../vocabulary/errors';
import type { JournalEntry } from '../requests/entry';
import { remember, type FindingDraft } from './finding';

// unverified-recipient: a bank transfer to an account the app never verified
// (GET /v1/queries/verify) in this world, or with a name other than the one verification gave;
// a phone transfer to a mobile the app never validated (POST /v1/users/auth/validate) nor signed in.

const VERIFY = /^\/v1\/queries\/verify\/?$/;
const BANK_TRANSFER = /^\/v1\/users\/transfers\/bank\/?$/;
const PHONE_TRANSFER = /^\/v1\/users\/transfers\/phone\/?$/;
const VALIDATE = /^\/v1\/users\/auth\/validate\/?$/;
const SIGN_IN = /^\/v1\/users\/auth\/?$/;
/** How many verifications it remembers; the oldest go first. */
const MAX_VERIFICATIONS = 500;
/** How many validated mobiles it remembers; the oldest go first. */
const MAX_MOBILES = 500;

type Fields = Record<string, unknown>;

/** What a verification answered that the rule reads; a field the answer did not give is undefined. */
interface Verified {
  bankCode: string | undefined;
  accountNumber: string | undefined;
  name: string | undefined;
}

/** The request's fields: its JSON body, or its form body (the API takes both). */
function bodyFields(entry: JournalEntry): Fields {
  if (entry.json !== undefined) return typeof entry.json === 'object' && entry.json !== null ? (entry.json as Fields) : {};
  if (/x-www-form-urlencoded/i.test(entry.headers['content-type'] ?? '')) return Object.fromEntries(new URLSearchParams(entry.requestBody));
  return {};
}

/**
 * A refusal (4xx) moved nothing: only the sandbox's refusal of a name that is not the account's
 * (50004) counts, since a service that does not check the name would have paid. What the API
 * answered counts, not what a fault after the work made the app hear (apiAnswer).
 */
function refusedForOtherReasons(entry: JournalEntry): boolean {
  const { status, body } = entry.apiAnswer ?? { status: entry.status, body: entry.responseBody };
  return status >= 400 && status < 500 && !body.includes(`"errorCode":"${ErrorCode.nameMismatch}"`);
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
const sameName = (a: string, b: string): boolean => a.replace(/\s+/g, ' ').toUpperCase() === b.replace(/\s+/g, ' ').toUpperCase();
const field = (data: Fields, name: string): string | undefined => (typeof data[name] === 'string' ? data[name].trim() : undefined);

/** A Nigerian mobile as 234 and ten digits, however it was written (0803…, +234 803…, 234803…); '' when it is not one. */
export function plainMobile(value: unknown): string {
  const digits = typeof value === 'string' || typeof value === 'number' ? String(value).replace(/[\s+()-]/g, '') : '';
  if (/^234\d{10}$/.test(digits)) return digits;
  if (/^0\d{10}$/.test(digits)) return `234${digits.slice(1)}`;
  return '';
}

/** The `data` fields of a verification's answer (GET /v1/queries/verify) the rule reads. */
function verifiedAccount(answer: string): Verified {
  let data: unknown;
  try {
    data = (JSON.parse(answer) as { data?: unknown }).data;
  } catch {
    data = undefined; // not the sandbox's own JSON (a fault's body): it resolved no account
  }
  const fields = typeof data === 'object' && data !== null ? (data as Fields) : {};
  return { bankCode: field(fields, 'bankCode'), accountNumber: field(fields, 'accountNumber'), name: field(fields, 'accountName') };
}

export class RecipientRules {
  /** The latest verifications, oldest first. */
  private verified: Verified[] = [];
  /** Mobiles the app validated (or signed in), as 234…. */
  private validated = new Map<string, true>();

  clear(): void {
    this.verified = [];
    this.validated.clear();
  }

  exchange(entry: JournalEntry): FindingDraft[] {
    // A verification the app heard: one it gave up on told it no name.
    if (entry.method === 'GET' && VERIFY.test(entry.path) && entry.status === 200 && !entry.unheard) {
      this.verified.push(verifiedAccount(entry.responseBody));
      if (this.verified.length > MAX_VERIFICATIONS) this.verified.shift();
      return [];
    }
    if (entry.method !== 'POST' || refusedForOtherReasons(entry)) return [];
    if (VALIDATE.test(entry.path) || SIGN_IN.test(entry.path)) {
      this.wasValidated(entry);
      return [];
    }
    if (PHONE_TRANSFER.test(entry.path)) return this.phoneTransfer(entry);
    if (!BANK_TRANSFER.test(entry.path)) return [];
    const body = bodyFields(entry);
    const sentName = text(body['accountName']);
    const verifiedName = this.verifiedName(text(body['bankCode']), text(body['accountNumber']));
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

  /** A validation answered 200, or an OTP sign-in that gave a token: the app knows that wallet exists. */
  private wasValidated(entry: JournalEntry): void {
    const signedIn = SIGN_IN.test(entry.path) && entry.responseBody.includes('"accessToken"');
    if (entry.status !== 200 || (SIGN_IN.test(entry.path) && !signedIn)) return;
    const mobile = plainMobile(bodyFields(entry)['mobile']);
    if (mobile !== '') remember(this.validated, mobile, true, MAX_MOBILES);
  }

  private phoneTransfer(entry: JournalEntry): FindingDraft[] {
    const mobile = plainMobile(bodyFields(entry)['mobile']);
    if (mobile === '' || this.validated.has(mobile)) return [];
    return [
      {
        rule: 'unverified-recipient',
        title: 'A phone transfer (POST /v1/users/transfers/phone) went to a mobile the app never validated first',
        detail:
          'A mistyped mobile pays a stranger, and a transfer cannot be called back. Validate the mobile ' +
          '(POST /v1/users/auth/validate), have the customer confirm it, and send to the mobile it answered.',
        requestIds: [entry.id],
      },
    ];
  }

  /** The name the newest kept verification of this account answered; undefined when none of them resolved it. */
  private verifiedName(bankCode: string, accountNumber: string): string | undefined {
    for (let index = this.verified.length - 1; index >= 0; index--) {
      const verified = this.verified[index]!;
      if (verified.bankCode === bankCode && verified.accountNumber === accountNumber && verified.name !== undefined) return verified.name;
    }
    return undefined;
  }
}
