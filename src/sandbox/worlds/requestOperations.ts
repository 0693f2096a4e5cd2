import type { SandboxEnv } from './env';
import { MAX_JOURNAL_ENTRIES } from '../requests/journal';
import { countRequests, expectRequests } from '../requests/nearMisses';
import { FILTER_FIELDS, requestFilterInput } from './requestQuery';
import { wholeInput } from './input';
import { operation } from './operation';

// The operations on a world's request journal that assert: how many requests a filter takes,
// and that exactly so many came (else a readable list of what did). Node takes a pattern and a
// predicate besides; the admin routes take the filter's other fields as query parameters.

export const requestOperations = {
  countRequests: operation({
    route: { method: 'GET', path: '/__sandbox/requests/count', query: FILTER_FIELDS },
    input: requestFilterInput,
    run: (env: SandboxEnv, filter) => ({ count: countRequests(env.requests, filter) }),
  }),
  expectRequests: operation({
    route: { method: 'GET', path: '/__sandbox/requests/expect', query: [...FILTER_FIELDS, 'count'] },
    input: (raw) => ({ filter: requestFilterInput(raw), count: wholeInput(raw['count'], 'count', 0, MAX_JOURNAL_ENTRIES) }),
    // 409 (90010) when another number came: its message lists them, its details carry them.
    run: (env: SandboxEnv, { filter, count }) => ({ requests: expectRequests(env.requests, filter, count) }),
  }),
};
