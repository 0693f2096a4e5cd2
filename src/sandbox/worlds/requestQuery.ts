import * as v from 'valibot';
import { checkedInput } from '../domain/inputs';
import type { SandboxEnv } from './env';
import { countRequests, expectRequests } from '../requests/nearMisses';
import { arrayOf, object, ref } from './answers';
import type { RequestFilter } from '../requests/filter';
import { MAX_JOURNAL_ENTRIES } from '../requests/journal';
import { DEFAULT_PAGE_LIMIT } from './answerPage';
import { countField, textField } from './input';
import { documentedAs, operation, withoutEmptyQuery, type RawInput } from './operation';
import { MAX_WAIT_MS } from './waitQuery';

// GET /__sandbox/requests?method=POST&path=/v1/users/transfers/phone&status=200,0&after=41&limit=20
// (every parameter optional): the journal's filter over HTTP, and which page of what it takes
// (`limit`, `before`: worlds/answerPage.ts). The same schema reads a Node caller's filter
// (requests.count, expectCount), which may also hold a pattern and a predicate.

/** The filter's fields an admin route reads from its query. */
export const FILTER_FIELDS = ['method', 'path', 'pathPrefix', 'status', 'since', 'until', 'after'] as const;

const STATUS = 'must be a status or a comma-separated list of them (0: no answer)';
const status = v.pipe(v.number(STATUS), v.integer(STATUS), v.minValue(0, STATUS), v.maxValue(999, STATUS));
const STATUS_LIST = /^\d{1,3}(,\d{1,3})*$/;

const TIME = 'must be a time: epoch milliseconds or an ISO 8601 date';

/** Epoch milliseconds, from a Date, a number, its digits or a date Date.parse reads. */
function timeField(description: string) {
  return v.pipe(
    v.union([v.date(), v.number(), v.string()], TIME),
    v.transform((given) =>
      given instanceof Date
        ? given.getTime()
        : typeof given === 'number'
          ? given
          : /^\d{1,15}$/.test(given)
            ? Number(given)
            : Date.parse(given),
    ),
    v.check((at) => Number.isFinite(at), TIME),
    documentedAs({ type: 'string', description }),
  );
}

/** An entry id: `after` (and `before`, the next page of GET /__sandbox/requests). */
const entryId = (description: string) => v.pipe(countField([0, Number.MAX_SAFE_INTEGER], 'an entry id'), v.description(description));

/** The journal's filter: what Node passes (with a pattern and a predicate besides), and the admin routes' query. */
export const RequestFilterFields = {
  method: v.optional(v.pipe(textField(2_000), v.description('The method, any case'))),
  // A pattern from Node only: a query carries the path itself.
  path: v.optional(
    v.pipe(
      v.union([textField(2_000), v.instance(RegExp)], 'must be a string of at most 2000 characters'),
      v.description('The path exactly'),
    ),
  ),
  pathPrefix: v.optional(v.pipe(textField(2_000), v.description('Paths that start with this'))),
  status: v.optional(
    v.pipe(
      v.union(
        [
          status,
          v.array(status),
          v.pipe(
            v.string(),
            v.regex(STATUS_LIST),
            v.transform((list) => list.split(',').map(Number)),
          ),
        ],
        STATUS,
      ),
      documentedAs({
        type: 'string',
        pattern: STATUS_LIST.source,
        description: 'A status or a comma-separated list of them (0: no answer)',
      }),
    ),
  ),
  since: v.optional(timeField('Arrived at or after: epoch milliseconds or an ISO 8601 date')),
  until: v.optional(timeField('Arrived at or before: epoch milliseconds or an ISO 8601 date')),
  after: v.optional(entryId('Only entries with a higher id (what came after a point)')),
  where: v.optional(v.function('must be a function of the entry')),
};

const RequestFilterSchema = v.strictObject(RequestFilterFields);

/** The filter's fields of a checked input, those given only (a page's or an expectation's other fields left out). */
export function filterOf(checked: v.InferOutput<typeof RequestFilterSchema>): RequestFilter {
  const { method, path, pathPrefix, status, since, until, after, where } = checked;
  const fields = { method, path, pathPrefix, status, since, until, after, where };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as RequestFilter;
}

/** A request filter from a Node caller's object or an admin route's query fields; a bad field is a 400 (10000) naming it. */
export function requestFilterInput(raw: RawInput): RequestFilter {
  return filterOf(checkedInput(RequestFilterSchema, withoutEmptyQuery(raw, FILTER_FIELDS)));
}

/** What GET /__sandbox/requests reads from its query: the filter, the page, how long to wait, whether to show secrets. */
export const RequestPageSchema = v.strictObject({
  ...RequestFilterFields,
  limit: v.optional(
    v.pipe(
      countField([1, MAX_JOURNAL_ENTRIES]),
      v.description(
        `The newest this many of those the filter takes (default ${DEFAULT_PAGE_LIMIT}); an answer holds at most 512 KiB of entries' JSON ` +
          '(one entry larger than that comes alone), so it may hold fewer: nextBefore says where the rest start',
      ),
    ),
    DEFAULT_PAGE_LIMIT,
  ),
  before: v.optional(
    entryId("Only entries with a lower id: the next page, from the previous answer's nextBefore (with the same other parameters)"),
  ),
  waitMs: v.optional(
    v.pipe(
      countField([0, MAX_WAIT_MS]),
      v.description(
        `Wait up to this many milliseconds (at most ${MAX_WAIT_MS}) for a request the filter takes, then answer; none by then: ` +
          '408 (90005). Without it the answer is at once.',
      ),
    ),
  ),
  secrets: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'must be true or false'),
      v.description(
        "On a sandbox started with --allow-remote, the journal's app keys, tokens, passcodes and passwords read [masked] unless the " +
          'request carries the admin token (Authorization: Bearer) and secrets=true. On loopback the journal is always as it came.',
      ),
    ),
  ),
});

/** The query fields of GET /__sandbox/requests. */
export const PAGE_FIELDS = [...FILTER_FIELDS, 'limit', 'before', 'waitMs', 'secrets'] as const;

// The operations on a world's request journal that assert: how many requests a filter takes,
// and that exactly so many came (else a readable list of what did). Node takes a pattern and a
// predicate besides; the admin routes take the filter's other fields as query parameters.

export const requestOperations = {
  countRequests: operation({
    route: { method: 'GET', path: '/__sandbox/requests/count', query: FILTER_FIELDS },
    accepts: v.strictObject(RequestFilterFields),
    doc: {
      id: 'countRequests',
      summary: 'How many entries of the request journal the filter takes (requests.count in Node)',
      answer: object({ count: { type: 'integer', minimum: 0 } }),
    },
    run: (env: SandboxEnv, filter) => ({ count: countRequests(env.requests, filterOf(filter)) }),
  }),
  expectRequests: operation({
    route: { method: 'GET', path: '/__sandbox/requests/expect', query: [...FILTER_FIELDS, 'count'] },
    accepts: v.strictObject({
      ...RequestFilterFields,
      count: v.pipe(countField([0, MAX_JOURNAL_ENTRIES]), v.description('How many are expected')),
    }),
    doc: {
      id: 'expectRequests',
      summary:
        'Asserts that exactly `count` entries of the request journal the filter takes: answers them, or 409 listing what did ' +
        'arrive (requests.expectCount in Node)',
      errors: {
        409:
          'Another number came (90010): the message lists each that did (and, when too few, the closest entries with why each ' +
          'did not match); details carries what, expected, actual, arrived and nearMisses',
      },
      answer: object({ requests: arrayOf(ref('JournalEntry')) }),
    },
    // 409 (90010) when another number came: its message lists them, its details carry them.
    run: (env: SandboxEnv, { count, ...filter }) => ({ requests: expectRequests(env.requests, filterOf(filter), count) }),
  }),
};
