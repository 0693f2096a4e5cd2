import type { JournalEntry } from '../requests/entry';
import { remember, type FindingDraft } from './finding';
import { plainMobile } from './recipientRules';

// sign-in-answer-ignored: an OTP sign-in that succeeded (POST /v1/users/auth with the passcode,
// answered with tokens), then another sign-in of the same wallet by the same app, with no use of
// the first one's tokens in between. Public integrations did it: they read `.status` (the API
// answers `success`), took the sign-in for failed, and asked the customer for another passcode.
// Judged when findings are read: a first sign-in whose tokens are used after all (a second client
// of the same app, a dashboard beside a worker, signed in meanwhile) was not thrown away.

const SIGN_IN = /^\/v1\/users\/auth\/?$/;
const REFRESH = /^\/v1\/users\/accessToken\/?$/;
/** How many sign-ins it follows at once; the oldest go first. */
const MAX_SIGN_INS = 200;

interface SignedIn {
  id: number;
  /** Undefined once a later sign-in was given the same token (the same second, the same claims): its use proves nothing of this one. */
  accessToken: string | undefined;
  refreshToken: string | undefined;
}

/** A sign-in whose tokens were unused when the same app signed the same wallet in again. */
interface Suspect extends SignedIn {
  againId: number;
}

const bodyOf = (entry: JournalEntry): Record<string, unknown> =>
  typeof entry.json === 'object' && entry.json !== null ? (entry.json as Record<string, unknown>) : {};

/** The tokens a sign-in answered; undefined when it gave none. */
function tokensOf(entry: JournalEntry): { accessToken: string; refreshToken: string | undefined } | undefined {
  if (entry.status !== 200) return undefined;
  try {
    const data = (JSON.parse(entry.responseBody) as { data?: { accessToken?: unknown; refreshToken?: unknown } }).data;
    if (typeof data?.accessToken !== 'string') return undefined;
    return { accessToken: data.accessToken, refreshToken: typeof data.refreshToken === 'string' ? data.refreshToken : undefined };
  } catch {
    return undefined;
  }
}

export class SignInRules {
  /** Successful sign-ins whose tokens were not used yet, by app key, client (User-Agent) and mobile. */
  private unused = new Map<string, SignedIn>();
  /** Sign-ins followed by another before any use of their tokens, by journal id, until judged or used. */
  private suspects = new Map<number, Suspect>();

  clear(): void {
    this.unused.clear();
    this.suspects.clear();
  }

  /** Judged when findings are read: each suspect whose tokens were never used. */
  judge(): FindingDraft[] {
    const findings = [...this.suspects.values()].map(({ id, againId }): FindingDraft => ({
      rule: 'sign-in-answer-ignored',
      title: 'A wallet signed in again (POST /v1/users/auth) though its last sign-in succeeded and its token was never used',
      detail:
        'The first sign-in gave the app its tokens; the app threw them away and asked the customer for another ' +
        'passcode (an SMS each). Read `success` (the answer has no `status`), and keep `data.accessToken` and ' +
        '`data.refreshToken` from the first answer.',
      requestIds: [id, againId],
    }));
    this.suspects.clear();
    return findings;
  }

  exchange(entry: JournalEntry): FindingDraft[] {
    this.used(entry);
    if (entry.method !== 'POST' || !SIGN_IN.test(entry.path)) return [];
    const body = bodyOf(entry);
    const mobile = plainMobile(body['mobile']);
    if (mobile === '') return [];
    // One client of one app: a second client (the editor beside the app, another user agent) signs in on its own.
    const key = `${entry.headers['x-app-key'] ?? ''} ${entry.userAgent} ${mobile}`;
    const earlier = this.unused.get(key);
    const tokens = tokensOf(entry);
    if (tokens) remember(this.unused, key, { id: entry.id, ...tokens }, MAX_SIGN_INS);
    else this.unused.delete(key);
    if (earlier) remember(this.suspects, earlier.id, { ...earlier, againId: entry.id }, MAX_SIGN_INS);
    for (const suspect of this.suspects.values()) if (tokens && suspect.accessToken === tokens.accessToken) suspect.accessToken = undefined;
    return [];
  }

  /** A call with a sign-in's access token, or a refresh with its refresh token: its answer was read. */
  private used(entry: JournalEntry): void {
    if (this.unused.size === 0 && this.suspects.size === 0) return;
    const token = entry.headers['x-app-wallet-access-token'];
    const refresh = entry.method === 'POST' && REFRESH.test(entry.path) ? bodyOf(entry)['refreshToken'] : undefined;
    if (!token && refresh === undefined) return;
    const usedBy = (signedIn: SignedIn): boolean =>
      (token !== undefined && signedIn.accessToken === token) || (refresh !== undefined && signedIn.refreshToken === refresh);
    for (const [key, signedIn] of this.unused) if (usedBy(signedIn)) this.unused.delete(key);
    for (const [key, suspect] of this.suspects) if (usedBy(suspect)) this.suspects.delete(key);
  }
}
