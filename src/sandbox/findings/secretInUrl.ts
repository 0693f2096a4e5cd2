import type { JournalEntry } from '../requests/entry';
import { type FindingDraft } from './finding';

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

function secretParameters(query: string): string[] {
  const found: string[] = [];
  for (const [name, value] of new URLSearchParams(query)) {
    const plain = name.toLowerCase().replace(/[-_]/g, '');
    if ((SECRET_NAMES.has(plain) && value !== '') || SECRET_VALUE.test(value)) found.push(name.slice(0, 40));
  }
  return found;
}

export function secretInUrl(entry: JournalEntry): FindingDraft[] {
  const names = secretParameters(entry.query);
  if (names.length === 0) return [];
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
