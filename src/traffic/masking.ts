// Masking for the Requests view's records: headers and bodies alike, by name and by shape. A
// record keeps the wire as it came, in memory only, and is masked by these functions the first
// time something reads it (recordedRequest.ts); every surface (the view, the panel, snippets,
// Replay, JSON) reads only the masked record. Text-based, without parsing JSON: the view masks
// the query and sender of each row it shows, and a long history must stay cheap to show.

import { maskAccountNumber } from '../common/masking';
import { redact } from '../common/redact';
import type { HeaderList } from './requestRecord';

export const MASK = '[masked]';

/** Secret headers and the placeholder a snippet or a replay uses instead. */
const SECRET_HEADERS: Readonly<Record<string, string>> = {
  'x-app-key': 'WALLET_APP_KEY',
  'x-app-wallet-access-token': 'WALLET_ACCESS_TOKEN',
  'x-auth-token': 'WALLET_DEVELOPER_TOKEN',
  authorization: 'WALLET_AUTHORIZATION',
  cookie: 'WALLET_COOKIE',
  'set-cookie': 'WALLET_COOKIE',
};

/** Secret body fields (any depth, JSON or form) and their placeholders. */
const SECRET_FIELDS: Readonly<Record<string, string>> = {
  password: 'WALLET_PASSWORD',
  passcode: 'WALLET_PASSCODE',
  otp: 'WALLET_PASSCODE',
  pin: 'WALLET_PIN',
  accessToken: 'WALLET_ACCESS_TOKEN',
  refreshToken: 'WALLET_REFRESH_TOKEN',
  token: 'WALLET_DEVELOPER_TOKEN',
  loginToken: 'WALLET_DEVELOPER_TOKEN',
  resourceToken: 'WALLET_DEVELOPER_TOKEN',
  key: 'WALLET_APP_KEY',
  appKey: 'WALLET_APP_KEY',
  sandboxKey: 'WALLET_APP_KEY',
  apiKey: 'WALLET_APP_KEY',
  secret: 'WALLET_SECRET',
};

const FIELD_NAMES = Object.keys(SECRET_FIELDS).join('|');
/** `"password": "…"` (or a non-string value) in JSON text. */
const JSON_SECRET = new RegExp(`"(${FIELD_NAMES})"(\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|[^,}\\]\\s]+)`, 'gi');
/** `password=…` in a form body or a query string. */
const FORM_SECRET = new RegExp(`(^|&)(${FIELD_NAMES})=([^&]*)`, 'gi');
/** A 10-digit account number standing alone (as in common/masking.ts). */
const NUBAN = /(?<![\w.,])\d{10}(?!\w|[.,]\d)/g;

function fieldPlaceholder(name: string): string {
  const key = Object.keys(SECRET_FIELDS).find((field) => field.toLowerCase() === name.toLowerCase());
  return SECRET_FIELDS[key ?? ''] ?? 'WALLET_SECRET';
}

const SHAPE_TRIGGERS = ['eyJ', '_test_', '_live_', 'asscode'];
const HEX_RUN = /[a-f0-9]{40}/;

/**
 * For showing: secrets become [masked], account numbers keep their last four digits. Each rule
 * runs only when a cheap check says it could match: most header values and queries are short
 * and hold none of it, and this runs for every header of every request.
 */
export function maskText(text: string): string {
  if (text === '') return text;
  let masked = text;
  if (masked.includes('"')) masked = masked.replace(JSON_SECRET, (_match, name: string, colon: string) => `"${name}"${colon}"${MASK}"`);
  if (masked.includes('=')) {
    masked = masked.replace(FORM_SECRET, (_match, start: string, name: string) => `${start}${name}=${encodeURIComponent(MASK)}`);
  }
  if (masked.length < 10) return masked;
  if (SHAPE_TRIGGERS.some((trigger) => masked.includes(trigger)) || (masked.length >= 40 && HEX_RUN.test(masked))) masked = redact(masked);
  return masked.replace(NUBAN, (nuban) => maskAccountNumber(nuban));
}

// The sandbox's own answers are JSON it wrote itself: secrets only under known names, account
// numbers only as "accountNumber", tokens by shape only where a prefix gives them away. One
// regular expression finds all of it in a single pass (a transaction list is long, and this runs
// on every answer); only an answer with a token-like prefix gets the full redact() pass too.
const ANSWER_SCAN = new RegExp(
  `"(${FIELD_NAMES})"(\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|[^,}\\]\\s]+)|"accountNumber"(\\s*:\\s*)"(\\d+)"|eyJ|_test_|_live_|asscode`,
  'g',
);

/** maskText for an answer the sandbox wrote: the same result on its JSON, in one pass. */
export function maskSandboxAnswer(text: string): string {
  if (text === '') return text;
  let shapes = false;
  const masked = text.replace(
    ANSWER_SCAN,
    (match, name?: string, colon?: string, _value?: string, numberColon?: string, digits?: string) => {
      if (name) return `"${name}"${colon}"${MASK}"`;
      if (digits) return `"accountNumber"${numberColon}"${maskAccountNumber(digits)}"`;
      shapes = true;
      return match;
    },
  );
  return shapes ? redact(masked) : masked;
}

/** For sending again: secret fields become "$WALLET_…" placeholders; everything else stays as sent. */
export function templateText(text: string, used: Set<string>): string {
  if (text === '') return text;
  return text
    .replace(JSON_SECRET, (_match, name: string, colon: string) => {
      const placeholder = fieldPlaceholder(name);
      used.add(placeholder);
      return `"${name}"${colon}"$${placeholder}"`;
    })
    .replace(FORM_SECRET, (_match, start: string, name: string) => {
      const placeholder = fieldPlaceholder(name);
      used.add(placeholder);
      return `${start}${name}=$${placeholder}`;
    });
}

export function isSecretHeader(name: string): boolean {
  return name.toLowerCase() in SECRET_HEADERS;
}

/** Headers as shown: secret ones read [masked], the rest go through maskText. */
export function maskHeaders(headers: Iterable<readonly [string, string]>): HeaderList {
  const list: [string, string][] = [];
  for (const [name, value] of headers) list.push([name, isSecretHeader(name) ? MASK : maskText(value)]);
  return list;
}

/** Headers for a template: secret ones become `$WALLET_…`. */
export function templateHeaders(headers: Iterable<readonly [string, string]>, used: Set<string>): HeaderList {
  const list: [string, string][] = [];
  for (const [name, value] of headers) {
    const placeholder = SECRET_HEADERS[name.toLowerCase()];
    if (placeholder) used.add(placeholder);
    list.push([name, placeholder ? `$${placeholder}` : value]);
  }
  return list;
}
