import * as v from 'valibot';
import type { SandboxEnv } from './env';
import { MAX_JOURNAL_ENTRIES } from '../requests/journal';
import { countRequests, expectRequests } from '../requests/nearMisses';
import { arrayOf, object, ref } from './answers';
import { FILTER_FIELDS, filterOf, RequestFilterFields } from './requestQuery';
import { countField } from './input';
import { operation } from './operation';

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
