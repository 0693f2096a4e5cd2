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
// snippets, Replay, JSON) reads only the masked record. A field is secret by its name as a parser
// reads it: a JSON name with its escapes undone (`"pass\u0063ode"` is `passcode`), a form or query
// name percent- and `+`-decoded (`pass%63ode`), in any case. What is shown keeps the text as it
// came, names as written, and replaces only the values. Cheap on short texts: the view masks the
// query and sender of each row it shows, and a long history must stay cheap.

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

/** A name as matched: lower case, without spaces, `-` and `_` (`Pass Code`, `access_token`). */
function comparable(name: string): string {
  const lower = name.toLowerCase();
  return /[\s_-]/.test(lower) ? lower.replace(/[\s_-]+/g, '') : lower;
}
const SECRET_BY_NAME = new Map(Object.entries(SECRET_FIELDS).map(([name, placeholder]) => [comparable(name), placeholder]));
/** Longer names are no secret field's, however spaced: not worth reading. */
const LONGEST_NAME = 64;

/** The longest a secret field's name may be written in JSON: every character a `\uXXXX`, and its quotes. */
const LONGEST_LITERAL = LONGEST_NAME * 6 + 2;

/** The placeholder of a secret field, by its name as a parser reads it; undefined for any other name. */
function secretPlaceholder(name: string): string | undefined {
  return name.length > LONGEST_NAME ? undefined : SECRET_BY_NAME.get(comparable(name));
}

/** A JSON string literal, quotes included (`"pass\u0063ode"`), as JSON.parse reads it (`passcode`). */
function jsonName(literal: string): string {
  if (literal.length > LONGEST_LITERAL) return '';
  if (!literal.includes('\\')) return literal.slice(1, -1);
  try {
    return JSON.parse(literal) as string;
  } catch {
    // A raw control character or a bad escape: the escapes read one by one.
    return literal
      .slice(1, -1)
      .replace(/\\u([0-9a-fA-F]{4})|\\(.)/g, (_all, hex?: string, char?: string) =>
        hex === undefined ? (char ?? '') : String.fromCharCode(parseInt(hex, 16)),
      );
  }
}

/** A form or query name (`pass%63ode`, `pass+code`) as URLSearchParams reads it; a bad escape is kept as written. */
function formName(raw: string): string {
  if (raw.length > LONGEST_NAME * 3) return '';
  const spaced = raw.includes('+') ? raw.replace(/\+/g, ' ') : raw;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%([0-9a-fA-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

const QUOTE = 34;
const BACKSLASH = 92;
const isJsonSpace = (char: string | undefined): boolean => char === ' ' || char === '\n' || char === '\r' || char === '\t';

/** The index after the JSON string that opens at `start`; -1 when the text ends first (a body cut short). */
function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === BACKSLASH) index++;
    else if (char === QUOTE) return index + 1;
  }
  return -1;
}

/** The index after the JSON value that starts at `start`: a string, an object or array (brackets balanced), else a word or number. */
function valueEnd(text: string, start: number): number {
  const first = text[start];
  if (first === '"') {
    const end = stringEnd(text, start);
    return end < 0 ? text.length : end;
  }
  if (first !== '{' && first !== '[') {
    let index = start;
    while (index < text.length && !isJsonSpace(text[index]) && !',}]'.includes(text[index]!)) index++;
    return index;
  }
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (char === '"') {
      const end = stringEnd(text, index);
      if (end < 0) return text.length;
      index = end - 1;
    } else if (char === '{' || char === '[') depth++;
    else if ((char === '}' || char === ']') && --depth === 0) return index + 1;
  }
  return text.length;
}

/**
 * JSON text with the value of each secret field, at any depth, replaced by the string
 * `"${value(placeholder)}"`. Read token by token from the start, so each name is a name (never the
 * inside of a string) and is read as a parser reads it; everything else is kept as written.
 */
function replaceJsonFields(text: string, value: (placeholder: string) => string): string {
  let out = '';
  let copied = 0;
  let at = text.indexOf('"');
  while (at >= 0) {
    const end = stringEnd(text, at);
    if (end < 0) break;
    let next = end;
    while (isJsonSpace(text[next])) next++;
    if (text[next] !== ':') {
      at = text.indexOf('"', end);
      continue;
    }
    next++;
    const placeholder = secretPlaceholder(jsonName(text.slice(at, end)));
    if (placeholder !== undefined) {
      while (isJsonSpace(text[next])) next++;
      const stop = valueEnd(text, next);
      if (stop > next) {
        out += `${text.slice(copied, next)}"${value(placeholder)}"`;
        copied = next = stop;
      }
    }
    at = text.indexOf('"', next);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** A closing quote and a colon after it: where a name ends in text that is not JSON as a whole. */
const NAME_END = /"[ \t\r\n]*:[ \t\r\n]*/g;

/** Whether the character at `index` follows an odd run of backslashes (it is escaped); `from` bounds the look back. */
function escaped(text: string, index: number, from: number): boolean {
  let run = 0;
  while (index - run - 1 >= from && text.charCodeAt(index - run - 1) === BACKSLASH) run++;
  return run % 2 === 1;
}

/** The quoted string that ends at the quote `close`, opening at `from` or after; undefined when there is none. */
function literalBefore(text: string, close: number, from: number): string | undefined {
  if (escaped(text, close, from)) return undefined;
  let open = close - 1;
  while (open >= from && (text[open] !== '"' || escaped(text, open, from))) open--;
  return open < from ? undefined : text.slice(open, close + 1);
}

/**
 * replaceJsonFields for text that is not JSON as a whole (a log line, a header): a name is a quoted
 * string a colon follows, read from its closing quote back to its opening one, never further back
 * than LONGEST_LITERAL or the name before it, so a text full of quotes is read once.
 */
function replaceQuotedFields(text: string, value: (placeholder: string) => string): string {
  let out = '';
  let copied = 0;
  let after = 0;
  const ends = new RegExp(NAME_END);
  for (let found = ends.exec(text); found; found = ends.exec(text)) {
    const close = found.index;
    const literal = literalBefore(text, close, Math.max(copied, after, close - LONGEST_LITERAL));
    after = close + 1;
    const placeholder = literal === undefined ? undefined : secretPlaceholder(jsonName(literal));
    if (placeholder === undefined) continue;
    const start = ends.lastIndex;
    const stop = valueEnd(text, start);
    if (stop > start) {
      out += `${text.slice(copied, start)}"${value(placeholder)}"`;
      copied = ends.lastIndex = stop;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** A secret field's name written plainly, in any case, with spaces, `-` and `_` anywhere (`Pass_Code`). */
const PLAIN_NAME = Object.keys(SECRET_FIELDS)
  .map((name) => [...name].join('[\\s_-]*'))
  .join('|');
/** `name=value` in a form body or a query string, its name a secret field's written plainly: one native pass. */
const PLAIN_FORM_SECRET = new RegExp(`(^|&)([\\s_-]*(?:${PLAIN_NAME})[\\s_-]*)=([^&]*)`, 'gi');
/** `name=value` whose name is encoded (`%63`, `+`): decoded before it is matched. */
const ENCODED_FORM_FIELD = /(^|&)([^&=%+]*[%+][^&=]*)=([^&]*)/g;

/** The text with each secret field's value replaced: in JSON by `"${json(placeholder)}"`, in a form or query by `form(placeholder)`. */
function replaceSecretFields(text: string, json: (placeholder: string) => string, form: (placeholder: string) => string): string {
  let out = text;
  if (out.includes('"')) {
    out = /^\s*[[{]/.test(out) ? replaceJsonFields(out, json) : replaceQuotedFields(out, json);
  }
  if (!out.includes('=')) return out;
  const formField = (all: string, start: string, name: string): string => {
    const placeholder = secretPlaceholder(formName(name));
    return placeholder === undefined ? all : `${start}${name}=${form(placeholder)}`;
  };
  out = out.replace(PLAIN_FORM_SECRET, formField);
  return out.includes('%') || out.includes('+') ? out.replace(ENCODED_FORM_FIELD, formField) : out;
}

const MASKED_FORM_VALUE = encodeURIComponent(MASK);
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
  let masked = replaceSecretFields(
    text,
    () => MASK,
    () => MASKED_FORM_VALUE,
  );
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
  const placeholder = (name: string): string => {
    used.add(name);
    return `$${name}`;
  };
  return replaceSecretFields(text, placeholder, placeholder);
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
