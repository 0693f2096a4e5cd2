import type { JournalEntry } from '../requests/entry';
import { remember, type FindingDraft } from './finding';

// token-churn: a wallet given new access tokens (OTP sign-ins or refreshes) far more often than
// their lifetime needs: a new one while the last is in the first tenth of its life, three times
// in a row. Said once per wallet, with how many times it happened.

const NEW_TOKEN = /^\/v1\/users\/(accessToken|auth)\/?$/;
/** A token replaced before this share of its lifetime is churn. */
const EARLY_SHARE = 0.1;
/** How many early replacements in a row make a finding. */
export const CHURN_AFTER = 3;
/** How many wallets it follows at once; the oldest go first. */
const MAX_WALLETS = 100;

interface Issued {
  at: number;
  lifetimeMs: number;
  /** Early replacements in a row. */
  early: number;
  /** Early replacements since the review first saw the wallet (the finding's count). */
  total: number;
  ids: number[];
  /** Found already: later early replacements revise that finding's count instead of adding one. */
  found: boolean;
}

/** How many request ids the finding names: the first replacements, then the newest. */
const MAX_IDS = 10;

const keptIds = (ids: number[]): number[] => (ids.length <= MAX_IDS ? ids : [...ids.slice(0, MAX_IDS - 1), ids.at(-1)!]);

/** The wallet's mobile from an answer's access token (a JWT whose payload names it), and its lifetime. */
function issuedToken(entry: JournalEntry): { mobile: string; lifetimeMs: number } | undefined {
  if (entry.method !== 'POST' || entry.status !== 200 || !NEW_TOKEN.test(entry.path)) return undefined;
  try {
    const data = (JSON.parse(entry.responseBody) as { data?: { accessToken?: unknown; expiresIn?: unknown } }).data;
    if (typeof data?.accessToken !== 'string' || typeof data.expiresIn !== 'number') return undefined;
    const payload = JSON.parse(Buffer.from(data.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { mobile?: unknown };
    return typeof payload.mobile === 'string' ? { mobile: payload.mobile, lifetimeMs: data.expiresIn * 1000 } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One finding per wallet (a design choice is said once), its count kept up to date: the book
 * revises the finding of the same `key` rather than adding another.
 */
export class TokenChurn {
  private wallets = new Map<string, Issued>();

  clear(): void {
    this.wallets.clear();
  }

  exchange(entry: JournalEntry, now: number): FindingDraft[] {
    const issued = issuedToken(entry);
    if (!issued) return [];
    const last = this.wallets.get(issued.mobile);
    const early = last !== undefined && now - last.at < last.lifetimeMs * EARLY_SHARE;
    const next: Issued = {
      at: now,
      lifetimeMs: issued.lifetimeMs,
      early: early ? (last?.early ?? 0) + 1 : 0,
      total: (last?.total ?? 0) + (early ? 1 : 0),
      ids: early ? [...(last?.ids ?? []), entry.id] : last?.found ? last.ids : [],
      found: last?.found ?? false,
    };
    if (!next.found && next.early >= CHURN_AFTER) next.found = true;
    else if (!(next.found && early)) {
      remember(this.wallets, issued.mobile, next, MAX_WALLETS);
      return [];
    }
    next.ids = keptIds(next.ids);
    remember(this.wallets, issued.mobile, next, MAX_WALLETS);
    return [
      {
        rule: 'token-churn',
        key: issued.mobile,
        title:
          `A wallet's access token was replaced ${next.total} times while still fresh ` +
          `(under a tenth of its ${Math.round(issued.lifetimeMs / 1000)} s lifetime)`,
        detail:
          'Signing in or refreshing for every call slows each payment, sends the customer needless passcodes, and can get ' +
          'the app rate limited. Keep the access token (in memory or a server-side store) until it expires or is refused ' +
          '(401, errorCode 10005), then refresh it once.',
        requestIds: next.ids,
      },
    ];
  }
}
