import type { JournalEntry } from '../requests/entry';
import { ErrorCode } from '../vocabulary/errors';
import { remember, type FindingDraft } from './finding';
import { isMoneyPost, withoutSlash } from './moneyRules';

// Rules read off one request, from what public integrations of this API got wrong:
// unknown-endpoint (a path or method the API does not have), float-kobo (an amount that is not a
// whole number of kobo) and secret-in-browser (the app key or a wallet token sent by a web page).
// The first and the last are said once per thing (path and method; page origin), not per request.

/** How many paths, or page origins, a rule remembers having said; the oldest go first. */
const MAX_SAID = 200;
const ROUTER_REFUSALS: Readonly<Record<number, string>> = {
  404: `"errorCode":"${ErrorCode.notFound}"`,
  405: `"errorCode":"${ErrorCode.methodNotAllowed}"`,
};
/** The headers that carry the app's secrets. */
const SECRET_HEADERS = ['x-app-key', 'x-app-wallet-access-token'] as const;

/**
 * A path as a finding names it: each segment that looks like an id, a reference, a mobile or a key
 * (six characters or more with a digit, or very long) as `{id}`, so one mistake is one finding,
 * and no secret a path carries reaches the finding's text.
 */
export function pathShape(path: string): string {
  const shaped = withoutSlash(path)
    .split('/')
    .map((segment) => ((segment.length >= 6 && /\d/.test(segment)) || segment.length > 40 ? '{id}' : segment))
    .join('/');
  return shaped.length > 120 ? `${shaped.slice(0, 119)}…` : shaped;
}

/** The app's own call (not a browser's look at /favicon.ico): under /v1, or carrying the app key. */
const isAppCall = (entry: JournalEntry): boolean => /^\/v\d+\//.test(entry.path) || Boolean(entry.headers['x-app-key']);

/** A refusal by the router itself (no such path, or not that method), not by an endpoint or an injected fault. */
function routerRefusal(entry: JournalEntry): boolean {
  const code = ROUTER_REFUSALS[entry.status];
  return code !== undefined && entry.responseHeaders['x-sandbox-fault'] === undefined && entry.responseBody.includes(code);
}

export class UnknownEndpoint {
  private said = new Map<string, true>();

  clear(): void {
    this.said.clear();
  }

  exchange(entry: JournalEntry): FindingDraft[] {
    // A CORS preflight is the browser's question, not the app's call (secret-in-browser reads it).
    if (entry.method === 'OPTIONS' || !routerRefusal(entry) || !isAppCall(entry)) return [];
    const call = `${entry.method.slice(0, 10)} ${pathShape(entry.path)}`;
    if (this.said.has(call)) return [];
    remember(this.said, call, true, MAX_SAID);
    const what = entry.status === 405 ? 'a method the wallet API does not take on that path' : 'a path the wallet API does not have';
    return [
      {
        rule: 'unknown-endpoint',
        title: `${call} is ${what} (answered ${entry.status})`,
        detail:
          'Every call to it fails, in production as here: whatever the app meant to do (a payment, a balance, a ' +
          'requery) never happens. Check the path and method against the API reference (GET /__sandbox/openapi.json).',
        requestIds: [entry.id],
      },
    ];
  }
}

/** The `amount` a money request sent: its JSON body's, or its form body's. */
function amountOf(entry: JournalEntry): unknown {
  if (typeof entry.json === 'object' && entry.json !== null) return (entry.json as Record<string, unknown>)['amount'];
  if (/x-www-form-urlencoded/i.test(entry.headers['content-type'] ?? ''))
    return new URLSearchParams(entry.requestBody).get('amount') ?? undefined;
  return undefined;
}

/** An amount that is a number (or a number in a string, as older clients sent it) but not a whole one. */
function fractional(amount: unknown): string | undefined {
  const text = typeof amount === 'number' ? String(amount) : typeof amount === 'string' ? amount.trim() : '';
  if (!/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && !Number.isInteger(value) ? text.slice(0, 30) : undefined;
}

export function floatKobo(entry: JournalEntry): FindingDraft[] {
  if (!isMoneyPost(entry)) return [];
  const amount = fractional(amountOf(entry));
  if (amount === undefined) return [];
  return [
    {
      rule: 'float-kobo',
      title: `POST ${withoutSlash(entry.path)} sent an amount that is not a whole number of kobo (${amount})`,
      detail:
        'Naira turned into kobo in floating point: 19.99 * 100 is 1998.9999999999998. The API takes whole kobo: the ' +
        'payment is refused, or, truncated later, a kobo short. Round to whole kobo (Math.round(naira * 100)) where ' +
        'the amount is made.',
      requestIds: [entry.id],
    },
  ];
}

export class SecretInBrowser {
  private said = new Map<string, true>();

  clear(): void {
    this.said.clear();
  }

  exchange(entry: JournalEntry): FindingDraft[] {
    const origin = entry.headers['origin'];
    if (origin === undefined) return [];
    const sent = this.secretsSent(entry);
    if (sent.length === 0) return [];
    const page = origin.trim().slice(0, 100) || 'null';
    const what = sent.map((name) => (name === 'x-app-key' ? 'the app key' : 'a wallet token')).join(' and ');
    const said = `${page} ${what}`;
    if (this.said.has(said)) return [];
    remember(this.said, said, true, MAX_SAID);
    const how = entry.method === 'OPTIONS' ? 'asked, in a CORS preflight, to send' : 'sent';
    return [
      {
        rule: 'secret-in-browser',
        title: `A web page (Origin ${page}) ${how} ${what} to ${entry.method === 'OPTIONS' ? '' : `${entry.method} `}${pathShape(entry.path)}`,
        detail:
          'Whatever reaches a browser, anyone who opens the page can read: with the app key they call the wallet API as ' +
          'the app, with a wallet token they move its money. Call the wallet from your server, keep the key and tokens ' +
          'there, and let the page call your server.',
        requestIds: [entry.id],
      },
    ];
  }

  /** The secret headers the request carries, or (a preflight) asks leave to carry. */
  private secretsSent(entry: JournalEntry): string[] {
    if (entry.method === 'OPTIONS') {
      const asked = (entry.headers['access-control-request-headers'] ?? '').toLowerCase().split(/\s*,\s*/);
      return SECRET_HEADERS.filter((name) => asked.includes(name));
    }
    return SECRET_HEADERS.filter((name) => (entry.headers[name] ?? '').trim() !== '');
  }
}
