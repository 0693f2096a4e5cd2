import type { JournalEntry } from '../requests/entry';
import { remember, type FindingDraft } from './finding';

// secret-in-url: an app key, wallet token, refresh token or passcode in a query string, whatever
// the parameter is called: by its name (`token`, `secret`, `sandboxKey`…), by its shape (an app
// key, a JWT), or because it is a value this world's traffic showed to be one (the key the app
// sends as X-App-Key, a refresh token or passcode the API gave it). The finding names the
// parameter, never its value.

/** Parameter names (lower case, without `-` and `_`) that carry a secret in this API's words. */
const SECRET_NAMES = new Set([
  'key',
  'appkey',
  'apikey',
  'xappkey',
  'sandboxkey',
  'livekey',
  'secret',
  'secretkey',
  'appsecret',
  'apisecret',
  'clientsecret',
  'token',
  'accesstoken',
  'authtoken',
  'xauthtoken',
  'wallettoken',
  'walletaccesstoken',
  'xappwalletaccesstoken',
  'refreshtoken',
  'passcode',
  'otp',
  'password',
]);
/** Values that are secrets whatever the parameter's name: an app key (a scenario's too: `sk_test_my_shop_ci_0001`), a JWT. */
const SECRET_VALUE = /^(pk_live|sk_test)_[\w-]{8,}$|^eyJ[\w-]+\.[\w-]+\.[\w-]+$/;
/** How many secrets seen in the traffic it remembers; the oldest go first. */
const MAX_LEARNED = 200;
/** The sandbox's own OTP answer says the passcode: `[Passcode: 123456]` (evidence.md). */
const PASSCODE_IN_ANSWER = /\[Passcode: (\d{4,8})\]/;
const SIGN_IN_OR_REFRESH = /^\/v1\/users\/(auth|accessToken)\/?$/;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length >= 4 ? value : undefined);

export class SecretInUrl {
  /** Values this world's traffic showed to be secrets: app keys sent as headers, refresh tokens, passcodes. */
  private learned = new Map<string, true>();

  constructor(
    /** Whether a value is an app key of the world (its state knows every key, sent or not). */
    private readonly isAppKey: (value: string) => boolean = () => false,
  ) {}

  clear(): void {
    this.learned.clear();
  }

  exchange(entry: JournalEntry): FindingDraft[] {
    const names = this.secretParameters(entry.query);
    this.learn(entry);
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

  private secretParameters(query: string): string[] {
    const found: string[] = [];
    if (query === '') return found;
    for (const [name, value] of new URLSearchParams(query)) {
      const plain = name.toLowerCase().replace(/[-_]/g, '');
      if ((SECRET_NAMES.has(plain) && value !== '') || this.isSecret(value)) found.push(name.slice(0, 40));
    }
    return found;
  }

  private isSecret(value: string): boolean {
    if (value.length < 4 || value.length > 4096) return false;
    return SECRET_VALUE.test(value) || this.learned.has(value) || this.isAppKey(value);
  }

  /** What the exchange shows to be a secret: the key it sends, the refresh token and passcode it sent or was given. */
  private learn(entry: JournalEntry): void {
    const found: (string | undefined)[] = [text(entry.headers['x-app-key']?.trim())];
    if (entry.method === 'POST' && SIGN_IN_OR_REFRESH.test(entry.path)) {
      const sent = (entry.json ?? {}) as { passcode?: unknown; refreshToken?: unknown };
      found.push(text(sent.passcode), text(sent.refreshToken), PASSCODE_IN_ANSWER.exec(entry.responseBody)?.[1]);
      if (entry.status === 200) found.push(text(refreshTokenIn(entry.responseBody)));
    }
    for (const secret of found) if (secret !== undefined) remember(this.learned, secret, true, MAX_LEARNED);
  }
}

function refreshTokenIn(answer: string): unknown {
  try {
    return (JSON.parse(answer) as { data?: { refreshToken?: unknown } }).data?.refreshToken;
  } catch {
    return undefined;
  }
}
