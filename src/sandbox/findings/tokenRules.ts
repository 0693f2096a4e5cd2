import { ErrorCode } from '../errors';
import type { JournalEntry } from '../requests/entry';
import { remember, type FindingDraft } from './finding';

// expired-token-loop: calls that keep being answered 401 for the same wallet token (expired or
// not valid) without a refresh or a new sign-in in between.

/** How many 401s for one token make a loop. */
export const LOOP_AFTER = 3;
/** How many tokens it counts for at once; the oldest go first. */
const MAX_TOKENS = 100;
const TOKEN_REFUSALS = [ErrorCode.walletTokenExpired, ErrorCode.badWalletToken].map((code) => `"errorCode":"${code}"`);
/** A refresh or an OTP sign-in: how an app gets a new wallet token. */
const NEW_TOKEN = /^\/v1\/users\/(accessToken|auth)\/?$/;

export class TokenRules {
  /** 401s per wallet token since the last new token; a token that looped already is held at -1. */
  private refused = new Map<string, number>();

  clear(): void {
    this.refused.clear();
  }

  exchange(entry: JournalEntry): FindingDraft[] {
    if (entry.status !== 401) {
      if (entry.method === 'POST' && entry.status === 200 && NEW_TOKEN.test(entry.path)) this.refused.clear();
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
