// Every masking rule of Wallet Console, in one place. The policy:
//
// - Secrets (passwords, tokens, app keys, passcodes) are never shown, logged, copied or handed
//   to a tool: by name (headers, body fields), by value (those a request carried), and, as the
//   last line of defence, by shape (JWTs, app keys, refresh tokens, the passcode hint).
// - Account numbers and mobiles are the developer's own test data. They show in FULL only where
//   the user opens one record on purpose (the transaction panel, Open as JSON, a verification
//   they just asked for, a copy, an export): there they must check the exact number a call used.
// - Everywhere else they are MASKED to the last four digits: tree rows and tooltips, the status
//   bar, recent verifications, tool results and the log (a log is pasted into bug reports; a view
//   may be screen-shared). Recorded requests mask account numbers and keep mobiles, which name the
//   wallet a request acted for; so does the Wallet view, where the user picks wallets by mobile.
//
// Plain TypeScript that imports nothing: the client (src/api) uses it too.

export const MASK = '[masked]';

// Numbers --------------------------------------------------------------------------------------

/** Shows only the last 4 digits: `2079151995` -> `******1995`. */
export function maskAccountNumber(accountNumber: string): string {
  if (typeof accountNumber !== 'string') return '';
  const value = accountNumber.trim();
  if (value.length <= 4) return '*'.repeat(value.length);
  return '*'.repeat(value.length - 4) + value.slice(-4);
}

/** A mobile with its country code and last four digits: `2348031234567` -> `234******4567`. */
export function maskMobile(mobile: string): string {
  if (typeof mobile !== 'string') return '';
  const value = mobile.trim();
  if (value.startsWith('234') && value.length > 7) return `234${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
  return maskAccountNumber(value);
}

// In log text: Nigerian mobiles (234 + 10 digits, or 0 + 10 digits) and 10-digit NUBANs,
// each standing alone (not part of a longer number, an id or a decimal).
const MOBILE_IN_TEXT = /(?<![\w.,])(?:234[789]\d{9}|0[789]\d{9})(?!\w|[.,]\d)/g;
const NUBAN_IN_TEXT = /(?<![\w.,])\d{10}(?!\w|[.,]\d)/g;

/** Masks every mobile and account number in a line meant for the log. */
export function maskNumbersInText(text: string): string {
  return text.replace(MOBILE_IN_TEXT, (mobile) => maskMobile(mobile)).replace(NUBAN_IN_TEXT, (nuban) => maskAccountNumber(nuban));
}

// Secrets by shape and by value ------------------------------------------------------------------

// Anything that looks like a token or key is hidden before it is logged or shown, even if a
// caller forgot. Callers should still never pass secrets to a log or a message.
const SECRET_SHAPES: RegExp[] = [
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, // JWTs
  /\b(?:pk|sk)_(?:live|test)_[A-Za-z0-9]{8,}\b/g, // app keys
  /\b[a-f0-9]{40}\b/g, // refresh tokens
  /\[Passcode:\s*\d+\]/gi, // the sandbox passcode hint
];

/** Text with every secret-shaped run replaced by `[redacted]`. */
export function redactSecretShapes(text: string): string {
  return SECRET_SHAPES.reduce((result, pattern) => result.replace(pattern, '[redacted]'), text);
}

/** Text with each of the given secrets (a request's own key and tokens) replaced by `***`. */
export function redactSecretValues(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a secret containing another is removed whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length >= 4) out = out.split(secret).join('***');
  }
  return out;
}

// Recorded requests: headers and bodies ----------------------------------------------------------

// A record keeps the wire as it came, in memory only, and is masked by these functions the first
// time something reads it (requests/maskedRecord.ts); every surface (the view, the panel,
// snippets, Replay, JSON) reads only the masked record. Text-based, without parsing JSON: the
// view masks the query and sender of each row it shows, and a long history must stay cheap.

/** Headers as a list of name and value, names as the client wrote them. */
type HeaderPairs = readonly (readonly [name: string, value: string])[];

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

function fieldPlaceholder(name: string): string {
  const key = Object.keys(SECRET_FIELDS).find((field) => field.toLowerCase() === name.toLowerCase());
  return SECRET_FIELDS[key ?? ''] ?? 'WALLET_SECRET';
}

const SHAPE_TRIGGERS = ['eyJ', '_test_', '_live_', 'asscode'];
/** The user name and password of a URL (`https://user:pass@host`: a webhook receiver's Basic credentials). */
const URL_USER_INFO = /(\bhttps?:\/\/)[^\s/?#@"'<>]+@/gi;
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
  if (masked.includes('@')) masked = masked.replace(URL_USER_INFO, `$1${MASK}@`);
  if (masked.length < 10) return masked;
  if (SHAPE_TRIGGERS.some((trigger) => masked.includes(trigger)) || (masked.length >= 40 && HEX_RUN.test(masked)))
    masked = redactSecretShapes(masked);
  return masked.replace(NUBAN_IN_TEXT, (nuban) => maskAccountNumber(nuban));
}

// The sandbox's own answers are JSON it wrote itself: secrets only under known names, account
// numbers only as "accountNumber", tokens by shape only where a prefix gives them away. One
// regular expression finds all of it in a single pass (a transaction list is long, and this runs
// on every answer); only an answer with a token-like prefix gets the full redactSecretShapes() pass too.
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
  return shapes ? redactSecretShapes(masked) : masked;
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
export function maskHeaders(headers: Iterable<readonly [string, string]>): HeaderPairs {
  const list: [string, string][] = [];
  for (const [name, value] of headers) list.push([name, isSecretHeader(name) ? MASK : maskText(value)]);
  return list;
}

/** Headers for a template: secret ones become `$WALLET_…`. */
export function templateHeaders(headers: Iterable<readonly [string, string]>, used: Set<string>): HeaderPairs {
  const list: [string, string][] = [];
  for (const [name, value] of headers) {
    const placeholder = SECRET_HEADERS[name.toLowerCase()];
    if (placeholder) used.add(placeholder);
    list.push([name, placeholder ? `$${placeholder}` : value]);
  }
  return list;
}
