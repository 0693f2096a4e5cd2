import * as v from 'valibot';
import { invalid } from '../vocabulary/errors';

// The input concepts of the sandbox, each defined once with its limits: a fault, the knobs (the
// latency and a token's lifetime), a mobile, an amount in kobo, and the namespace options. The
// world operations check with these (worlds/operations.ts: Node and the admin API alike), the
// scenario format is made of them (scenario/format.ts), startSandbox and the CLI check their
// options with them, the admin half of openapi.json is generated from them (npm run
// openapi:admin), and the agent tools and the extension's prompts take them from
// src/sandbox/reference.ts. So what the admin API accepts, a scenario accepts and Save Sandbox as
// Scenario writes (issue 52: a fault of 120 s could be added but not saved). Every message
// completes "<field> …", so the admin API says `delayMs must be a whole number from 0 to 600000
// (…)` and a scenario `faults[0].delayMs: must be …`.

/** A whole-number range, both ends included. */
export type Range = readonly [min: number, max: number];

/** The ranges of a fault's numbers (POST /__sandbox/faults, Sandbox.addFault, a scenario's faults). */
export const FAULT_LIMITS = {
  /** A status a response can carry with a body. */
  status: [200, 599],
  /** Milliseconds: at most ten minutes. */
  delayMs: [0, 600_000],
  /** Seconds: at most a day. */
  retryAfterSeconds: [0, 86_400],
  times: [1, 1_000_000],
} as const satisfies Record<string, Range>;

/**
 * The longest strings of a fault. The body is an error envelope, a gateway's page, or a short
 * answer of the wrong shape (a few transactions), not a payload: 100 faults in each of 101 worlds
 * is 10,100 of them, so the sandbox's memory stays bounded only with it small (64 KiB took it
 * past 2 GB).
 */
export const FAULT_LENGTHS = { path: 500, body: 2_048, contentType: 200 } as const;

/** The most faults a world holds at once (each is checked on every API request): a scenario's, and those added later. */
export const MAX_FAULTS = 100;

export const FAULT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * When a fault plays: `before` the API does its work (nothing happens: the default), or `after`
 * it (money moved, records written, webhooks scheduled), deciding only what the app hears.
 */
export const FAULT_PHASES = ['before', 'after'] as const;
export type FaultPhase = (typeof FAULT_PHASES)[number];

/** The knobs a caller sets, each with its range (PATCH /__sandbox/knobs, setLatency, setTokenLifetime, a scenario). */
export const KNOB_LIMITS = {
  /** Seconds: at most ten years. */
  tokenLifetimeSeconds: [1, 10 * 365 * 86_400],
  /** Milliseconds: at most ten minutes. */
  latencyMs: [0, 600_000],
} as const satisfies Record<string, Range>;
export type KnobName = keyof typeof KNOB_LIMITS;

/** The namespace options (startSandbox({ maxNamespaces }), --max-namespaces). */
export const NAMESPACE_LIMITS = {
  /** How many namespaces a sandbox holds at once (0: none). */
  maxNamespaces: [0, 10_000],
} as const satisfies Record<string, Range>;

/** How many namespaces a sandbox holds unless told. */
export const DEFAULT_MAX_NAMESPACES = 100;

/** The webhook controls' ranges (worlds/webhookOperations.ts), for the agents' tool too. */
export const WEBHOOK_CONTROL_LIMITS = {
  /** Copies of an event sent at once: each is an attempt, within the 50 an event keeps. */
  copies: [2, 10],
  /** How many next events a withholding, or next answers a hold, covers (0 stops it). */
  times: [0, 100],
  /** Seconds until a reversal: at most ten years of the virtual clock. */
  afterSeconds: [0, 10 * 365 * 86_400],
} as const satisfies Record<string, Range>;

/** A whole number in the range; `unit` says what it counts, after the range. */
export function wholeNumber([min, max]: Range, unit?: string) {
  const text = `must be a whole number from ${min} to ${max}${unit ? ` (${unit})` : ''}`;
  return v.pipe(v.number(text), v.integer(text), v.minValue(min, text), v.maxValue(max, text));
}

const KOBO = 'must be an integer number of kobo';

/** Kobo from `min`, at most Number.MAX_SAFE_INTEGER, the sandbox's balance limit (domain/balanceLimit.ts): past it kobo are lost. */
export const kobo = (min: number) =>
  v.pipe(
    v.number(KOBO),
    v.integer(KOBO),
    v.minValue(min, min > 0 ? `${KOBO}, at least ${min}` : `${KOBO}, 0 or more`),
    v.maxValue(Number.MAX_SAFE_INTEGER, `${KOBO}, at most ${Number.MAX_SAFE_INTEGER} (Number.MAX_SAFE_INTEGER)`),
  );

/**
 * Any Nigerian form a person writes (0803…, +234803…, 234803…): a Nigerian mobile is 070, 080,
 * 081, 090 or 091 and eight digits, so `2340803…` (a 0 kept after 234) is refused here rather
 * than answered "no such wallet". A scenario holds it as written; walletMobile keeps 234….
 */
const MOBILE = 'must be a Nigerian mobile number, such as "2348031234567" or "08031234567"';
export const mobile = v.pipe(
  // One message for both: a query parameter is always a string, so 42 over HTTP and from Node read alike.
  v.string(MOBILE),
  v.regex(/^(\+?234|0)[789]\d{9}$/, MOBILE),
);

/** 234… from any form `mobile` takes. */
export function normaliseMobile(given: string): string {
  const digits = given.replace(/^\+/, '');
  return digits.startsWith('0') ? `234${digits.slice(1)}` : digits;
}

/** A mobile in any form `mobile` takes, written 234… (as the sandbox keeps a wallet's). */
export const walletMobile = v.pipe(mobile, v.transform(normaliseMobile));

/** What Node lets a header carry: printable Latin-1 (a character past U+00FF made every matching request a 500). */
const HEADER_TEXT = /^[\u0020-\u007e\u0080-\u00ff]*$/;

/** A string a header can carry as is: no CR, LF or other control character, nothing past U+00FF. */
const headerText = (max: number) => {
  const text = `must be at most ${max} characters of printable Latin-1 (U+0020 to U+00FF), with no line break or control character`;
  return v.pipe(v.string('must be a string'), v.maxLength(max, text), v.regex(HEADER_TEXT, text));
};

const FAULT_PATH =
  'must start with "/", such as "/v1/users/balance" (end it with "*" to match a prefix: "/v1/*"), ' +
  'with no space, line break or control character';

/** One fault, as the admin API takes it (its method in capitals: worlds/faults.ts writes a given one so) and a scenario holds it. */
export const FaultSchema = v.strictObject({
  path: v.pipe(
    v.string(FAULT_PATH),
    // One pattern, not startsWith and a second one: the JSON Schema keeps only the last. No space:
    // a request's path never has one (it comes %20), so such a fault could never answer.
    // eslint-disable-next-line no-control-regex
    v.regex(/^\/[^\s\u0000-\u001f\u007f]*$/, FAULT_PATH),
    v.maxLength(FAULT_LENGTHS.path, `must be at most ${FAULT_LENGTHS.path} characters`),
    v.description('Exact, such as "/v1/users/balance", or a prefix ending in "*", such as "/v1/*".'),
  ),
  method: v.optional(v.picklist(FAULT_METHODS, `must be one of ${FAULT_METHODS.join(', ')}`)),
  phase: v.optional(
    v.pipe(
      v.picklist(FAULT_PHASES, `must be one of ${FAULT_PHASES.join(', ')}`),
      v.description(
        'before (the default): the fault plays instead of the API, and nothing moves. after: the API does its work ' +
          '(money moves, records are written, webhooks are scheduled), then the fault decides what the app hears: ' +
          'the connection dropped (drop), another answer (status, body), or the answer held delayMs.',
      ),
    ),
  ),
  status: v.optional(wholeNumber(FAULT_LIMITS.status, 'an HTTP status a response can carry with a body')),
  body: v.optional(
    v.pipe(
      v.string('must be a string'),
      v.maxLength(FAULT_LENGTHS.body, `must be at most ${FAULT_LENGTHS.body} characters`),
      v.description('The raw body to answer with (status 200 unless given).'),
    ),
  ),
  contentType: v.optional(headerText(FAULT_LENGTHS.contentType)),
  success2xxFalse: v.optional(v.boolean('must be true or false')),
  drop: v.optional(v.boolean('must be true or false')),
  delayMs: v.optional(wholeNumber(FAULT_LIMITS.delayMs, 'milliseconds: at most ten minutes')),
  retryAfterSeconds: v.optional(wholeNumber(FAULT_LIMITS.retryAfterSeconds, 'seconds: at most a day')),
  times: v.optional(wholeNumber(FAULT_LIMITS.times, 'how many requests it answers, then it is removed')),
});
export type FaultInput = v.InferOutput<typeof FaultSchema>;

/** A world's faults, in the order they are tried. */
export const FaultListSchema = v.pipe(
  v.array(FaultSchema, 'must be a list of faults'),
  v.maxLength(MAX_FAULTS, `must be at most ${MAX_FAULTS} faults`),
);

/** Each knob's value (PATCH /__sandbox/knobs names them one by one: worlds/knobs.ts). */
export const KNOB_SCHEMAS = {
  tokenLifetimeSeconds: v.pipe(
    wholeNumber(KNOB_LIMITS.tokenLifetimeSeconds, 'seconds: at most ten years'),
    v.description('How long a wallet access token lasts.'),
  ),
  latencyMs: v.pipe(
    wholeNumber(KNOB_LIMITS.latencyMs, 'milliseconds: at most ten minutes'),
    v.description('The delay added to every API request.'),
  ),
} satisfies Record<KnobName, v.GenericSchema<unknown, number>>;

/** The knobs a caller sets, each optional: PATCH /__sandbox/knobs's body, and the same fields of a scenario. */
export const KnobsSchema = v.strictObject({
  tokenLifetimeSeconds: v.optional(KNOB_SCHEMAS.tokenLifetimeSeconds),
  latencyMs: v.optional(KNOB_SCHEMAS.latencyMs),
});

/**
 * The options of startSandbox (and the CLI's flags) that are input concepts: a token's lifetime
 * (the knob's range: Save Sandbox as Scenario writes whatever the sandbox started with) and the
 * namespace options. Other options are checked where they are used.
 */
export const StartOptionsSchema = v.object({
  tokenLifetimeSeconds: v.optional(KNOB_SCHEMAS.tokenLifetimeSeconds),
  maxNamespaces: v.optional(wholeNumber(NAMESPACE_LIMITS.maxNamespaces, `namespaces held at once; ${DEFAULT_MAX_NAMESPACES} unless told`)),
});

type PathItem = { key: unknown };

/** `faults[2].delayMs` from valibot's path items (a scenario's JSON path, an admin body's field). */
export function jsonPath(items: readonly PathItem[] | undefined): string {
  let path = '';
  for (const { key } of items ?? []) {
    path +=
      typeof key === 'number'
        ? `[${key}]`
        : /^[A-Za-z_$][\w$]*$/.test(String(key))
          ? `${path ? '.' : ''}${String(key)}`
          : `[${JSON.stringify(key)}]`;
  }
  return path;
}

/** The fields of an object schema (through its pipe), for the message that refuses another. */
function fieldsOf(schema: v.GenericSchema): string[] {
  const pipe = (schema as { pipe?: v.GenericSchema[] }).pipe;
  const object = pipe ? [...pipe].reverse().find((item) => 'entries' in item) : schema;
  return Object.keys((object as { entries?: object } | undefined)?.entries ?? {});
}

/**
 * The value as the schema reads it, or a 400 (10000) that names the first field at fault and what
 * it must be; `field` names the value itself (a knob checked on its own). A field the schema does
 * not have is named with the fields it has (or the schema's own words for it), so a typo is seen.
 */
export function checkedInput<S extends v.GenericSchema>(schema: S, value: unknown, field = ''): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  const items = issue.path as PathItem[] | undefined;
  const inside = jsonPath(items);
  const at = field && inside && !inside.startsWith('[') ? `${field}.${inside}` : field + inside;
  if (issue.expected === 'never' && inside) {
    if (!issue.message.startsWith('Invalid key:')) throw invalid(`${at.slice(0, 80)} ${issue.message}`);
    const fields = items?.length === 1 ? fieldsOf(schema) : [];
    throw invalid(`Unknown field "${at.slice(0, 60)}"${fields.length ? `; the fields are ${fields.join(', ')}` : ''}`);
  }
  const missing = issue.input === undefined && issue.kind === 'schema' && at !== '';
  throw invalid(missing ? `${at} is required and ${issue.message}` : `${at ? `${at} ` : ''}${issue.message}`);
}
