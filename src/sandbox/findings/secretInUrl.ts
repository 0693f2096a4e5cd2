import type { JournalEntry } from '../requests/entry';
import { type FindingDraft, NO_FINDINGS } from './finding';

// secret-in-url: an app key, wallet token or passcode in a query string. The finding names the
// parameter, never its value.

/** Parameter names (lower case, without `-` and `_`) that carry a secret in this API's words. */
const SECRET_NAMES = new Set([
  'key',
  'appkey',
  'apikey',
  'xappkey',
  'token',
  'accesstoken',
  'wallettoken',
  'walletaccesstoken',
  'xappwalletaccesstoken',
  'refreshtoken',
  'passcode',
  'otp',
]);
/** Values that are secrets whatever the parameter's name: an app key, a JWT (a wallet or developer token). */
const SECRET_VALUE = /^(pk_live_|sk_test_)[0-9a-f]{32}$|^eyJ[\w-]+\.[\w-]+\.[\w-]+$/;

/** A word with `-` or `_` allowed between its letters, as the names above are compared. */
const spelt = (word: string): string => [...word].join('[-_]*');
/**
 * A query that may carry a secret: a name with one of the words of SECRET_NAMES, a value that
 * starts like SECRET_VALUE, or anything percent-encoded (decoded, it may be either). The API's own
 * queries (`accountNumber=…&bankCode=…`, `limit=20`) fail it and are never parsed: this rule runs
 * on every request, and parsing each query was most of its cost.
 */
const MAY_CARRY_SECRET = new RegExp([...['key', 'token', 'passcode', 'otp'].map(spelt), 'eyJ', 'pk_live_', 'sk_test_', '%'].join('|'), 'i');

function secretParameters(query: string): string[] {
  const found: string[] = [];
  for (const [name, value] of new URLSearchParams(query)) {
    const plain = name.toLowerCase().replace(/[-_]/g, '');
    if ((SECRET_NAMES.has(plain) && value !== '') || SECRET_VALUE.test(value)) found.push(name.slice(0, 40));
  }
  return found;
}

export function secretInUrl(entry: JournalEntry): readonly FindingDraft[] {
  if (entry.query === '' || !MAY_CARRY_SECRET.test(entry.query)) return NO_FINDINGS;
  const names = secretParameters(entry.query);
  if (names.length === 0) return NO_FINDINGS;
  return [
    {
      rule: 'secret-in-url',
      title: `${entry.method} ${entry.path} carries a secret in its query string (${names.join(', ')})`,
      detail:
        'URLs end up in server logs, proxies, browser history and error trackers: whoever reads them can move money. ' +
        'Send the app key as X-App-Key and the wallet token as X-App-Wallet-Access-Token; a passcode goes in the body.',
      requestIds: [entry.id],
    },
  ];
}
