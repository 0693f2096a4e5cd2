import { ErrorCode } from '../vocabulary/errors';
import type { JournalEntry } from '../requests/entry';
import { remember, type FindingDraft } from './finding';

// expired-token-loop: calls that keep being answered 401 for the same wallet token (expired or
// not valid) without a refresh or a new sign-in in between. "In between" is the token's own
// lineage: a refresh with the refresh token it came from, or a new sign-in of its wallet. Another
// client of the same app and wallet (a dashboard and a worker, the editor beside the app) that
// refreshes its own token does not make this one's loop go away.

/** How many 401s for one token make a loop. */
export const LOOP_AFTER = 3;
/** How many tokens it counts for at once; the oldest go first. */
const MAX_TOKENS = 100;
const TOKEN_REFUSALS = [ErrorCode.walletTokenExpired, ErrorCode.badWalletToken].map((code) => `"errorCode":"${code}"`);
const SIGN_IN = /^\/v1\/users\/auth\/?$/;
const REFRESH = /^\/v1\/users\/accessToken\/?$/;

/** Where a wallet token came from: its wallet and the refresh token that made it (or came with it). */
interface Lineage {
  mobile: string | undefined;
  refreshToken: string | undefined;
}

/** The `mobile` claim of a wallet token, read without checking it (the sandbox's own JWTs). */
export function mobileOf(token: string): string | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { mobile?: unknown };
    return typeof claims.mobile === 'string' ? claims.mobile : undefined;
  } catch {
    return undefined;
  }
}

/** The access and refresh tokens a successful sign-in or refresh answered. */
function issuedTokens(entry: JournalEntry): { accessToken: string; refreshToken: string | undefined } | undefined {
  try {
    const data = (JSON.parse(entry.responseBody) as { data?: { accessToken?: unknown; refreshToken?: unknown } }).data;
    if (typeof data?.accessToken !== 'string') return undefined;
    const sent = (entry.json as { refreshToken?: unknown } | undefined)?.refreshToken;
    const refreshToken = typeof data.refreshToken === 'string' ? data.refreshToken : typeof sent === 'string' ? sent : undefined;
    return { accessToken: data.accessToken, refreshToken };
  } catch {
    return undefined;
  }
}

export class TokenRules {
  /** 401s per wallet token since a new token of its lineage; a token that looped already is held at -1. */
  private refused = new Map<string, number>();
  /** The lineage of each token issued lately. */
  private lineage = new Map<string, Lineage>();

  clear(): void {
    this.refused.clear();
    this.lineage.clear();
  }

  /** A new token: the counts of the tokens it replaces start again (a refresh: its lineage's; a sign-in: its wallet's). */
  private issued(entry: JournalEntry): void {
    const tokens = issuedTokens(entry);
    if (!tokens) return;
    const mobile = mobileOf(tokens.accessToken);
    const signIn = SIGN_IN.test(entry.path);
    for (const token of [...this.refused.keys()]) {
      const from = this.lineage.get(token) ?? { mobile: mobileOf(token), refreshToken: undefined };
      // A token whose lineage is not known (issued before the review saw it): its wallet's refresh.
      const sameLineage = from.refreshToken === undefined ? from.mobile === mobile : from.refreshToken === tokens.refreshToken;
      const replaced = signIn ? from.mobile === mobile : sameLineage;
      if (replaced) this.refused.delete(token);
    }
    remember(this.lineage, tokens.accessToken, { mobile, refreshToken: tokens.refreshToken }, MAX_TOKENS);
  }

  exchange(entry: JournalEntry): FindingDraft[] {
    if (entry.status !== 401) {
      if (entry.method === 'POST' && entry.status === 200 && (SIGN_IN.test(entry.path) || REFRESH.test(entry.path))) this.issued(entry);
      return [];
    }
    const token = entry.headers['x-app-wallet-access-token'];
    if (!token || !TOKEN_REFUSALS.some((code) => entry.responseBody.includes(code))) return [];
    const count = this.refused.get(token) ?? 0;
    if (count < 0) return [];
    remember(this.refused, token, count + 1 >= LOOP_AFTER ? -1 : count + 1, MAX_TOKENS);
    if (count + 1 < LOOP_AFTER) return [];
    return [
      {
        rule: 'expired-token-loop',
        title: `${LOOP_AFTER} calls in a row were answered 401 for the same wallet token, with no refresh or sign-in in between`,
        detail:
          'An app that resends a refused token never recovers: every payment after it fails, and the loop can get the app ' +
          'rate limited. On a 401 with errorCode 10005, refresh the token once (POST /v1/users/accessToken with the refresh ' +
          'token) and retry the read; if the refresh is refused, ask the user to sign in again.',
        requestIds: [entry.id],
      },
    ];
  }
}
