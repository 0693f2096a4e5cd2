import * as v from 'valibot';
import { invalid } from '../vocabulary/errors';

// What a caller may give the sandbox for a fault and for the knobs, each defined once with its
// limits, and the scalars the scenario format shares with them (kobo, a mobile). The admin API
// and the Node controls check with these (worlds/faults.ts, worlds/knobs.ts), the scenario
// format is made of them (scenario/format.ts), and the agent tools and the extension's prompts
// take their numbers from here (through src/sandbox/index.ts): what the admin API accepts, a
// scenario accepts and Save Sandbox as Scenario writes (issue 52: a fault of 120 s could be
// added but not saved). Every message completes "<field> …", so the admin API says
// `delayMs must be a whole number from 0 to 600000 (…)` and a scenario `faults[0].delayMs: must be …`.

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

/** Any Nigerian form a person writes (0803…, +234803…, 234803…); scenario/parse.ts keeps 234…. */
export const mobile = v.pipe(
  v.string('must be a mobile number, such as "2348031234567" or "08031234567"'),
  v.regex(/^(\+?234|0)[789]\d{9}$/, 'must be a Nigerian mobile number, such as "2348031234567" or "08031234567"'),
);

// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;

/** A string a header can carry as is: no CR, LF or other control character. */
const headerText = (max: number) => {
  const text = `must be at most ${max} characters, with no line break or control character`;
  return v.pipe(v.string('must be a string'), v.maxLength(max, text), v.regex(NO_CONTROL, text));
};

const FAULT_PATH = `must start with "/", such as "/v1/users/balance" (end it with "*" to match a prefix: "/v1/*"), with no line break or control character`;

/** One fault, as the admin API takes it (its method in capitals: worlds/faults.ts writes a given one so) and a scenario holds it. */
export const FaultSchema = v.strictObject({
  path: v.pipe(
    v.string(FAULT_PATH),
    // One pattern, not startsWith and a second one: the JSON Schema keeps only the last.
    // eslint-disable-next-line no-control-regex
    v.regex(/^\/[^\u0000-\u001f\u007f]*$/, FAULT_PATH),
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

/**
 * The value as the schema reads it, or a 400 (10000) that names the first field at fault and what
 * it must be; `field` names the value itself (a knob checked on its own).
 */
export function checkedInput<S extends v.GenericSchema>(schema: S, value: unknown, field = ''): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  const inside = jsonPath(issue.path as PathItem[] | undefined);
  const at = field && inside && !inside.startsWith('[') ? `${field}.${inside}` : field + inside;
  if (issue.expected === 'never' && inside) throw invalid(`Unknown field ${at}`);
  const missing = issue.input === undefined && issue.kind === 'schema' && at !== '';
  throw invalid(missing ? `${at} is required and ${issue.message}` : `${at ? `${at} ` : ''}${issue.message}`);
}
