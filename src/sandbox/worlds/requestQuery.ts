import { invalid } from '../vocabulary/errors';
import type { SandboxEnv } from './env';
import { countRequests, expectRequests } from '../requests/nearMisses';
import { wholeInput } from './input';
import { operation } from './operation';
import { queryInt, queryParam } from './requestFields';
import type { RequestFilter } from '../requests/filter';
import { MAX_JOURNAL_ENTRIES } from '../requests/journal';
import { DEFAULT_PAGE_LIMIT } from './answerPage';

// GET /__sandbox/requests?method=POST&path=/v1/users/transfers/phone&status=200,0&after=41&limit=20
// (every parameter optional): the journal's filter over HTTP, and which page of what it takes
// (`limit`, `before`: worlds/answerPage.ts). The same check reads a Node caller's filter
// (requests.count, expectCount), which may also hold a pattern and a predicate.

/** The filter's fields an admin route reads from its query. */
export const FILTER_FIELDS = ['method', 'path', 'pathPrefix', 'status', 'since', 'until', 'after'] as const;

export interface RequestQuery {
  filter: RequestFilter;
  /** The newest this many of those the filter takes (still oldest first): DEFAULT_PAGE_LIMIT unless told, and within MAX_PAGE_BYTES. */
  limit: number;
  /** Only entries with a lower id: where the next page starts (the previous answer's `nextBefore`). */
  before?: number;
}

const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length > 2_000) throw invalid(`${field} must be a string of at most 2000 characters`);
  return value;
}

function time(value: unknown, field: string): number {
  if (value instanceof Date) value = value.getTime();
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const raw = String(value);
  const at = /^\d{1,15}$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (!Number.isFinite(at)) throw invalid(`${field} must be a time: epoch milliseconds or an ISO 8601 date`);
  return at;
}

function statusInput(value: unknown): number | number[] {
  const isStatus = (status: unknown): status is number => Number.isInteger(status) && (status as number) >= 0 && (status as number) <= 999;
  if (isStatus(value)) return value;
  if (Array.isArray(value) && value.every(isStatus)) return value;
  if (typeof value === 'string' && /^\d{1,3}(,\d{1,3})*$/.test(value)) return value.split(',').map(Number);
  throw invalid('status must be a status or a comma-separated list of them (0: no answer)');
}

function idInput(value: unknown, field: 'after' | 'before'): number {
  const number = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
  if (!Number.isSafeInteger(number) || (number as number) < 0) throw invalid(`${field} must be a whole number, 0 or more (an entry id)`);
  return number as number;
}

/** A request filter from a Node caller's object or an admin route's query fields; a bad field is a 400 (10000) naming it. */
export function requestFilterInput(raw: Record<string, unknown>): RequestFilter {
  const filter: RequestFilter = {};
  const { method, path, pathPrefix, status, since, until, after, where } = raw;
  if (given(method)) filter.method = text(method, 'method');
  if (path instanceof RegExp) filter.path = path;
  else if (given(path)) filter.path = text(path, 'path');
  if (given(pathPrefix)) filter.pathPrefix = text(pathPrefix, 'pathPrefix');
  if (given(status)) filter.status = statusInput(status);
  if (given(since)) filter.since = time(since, 'since');
  if (given(until)) filter.until = time(until, 'until');
  if (given(after)) filter.after = idInput(after, 'after');
  if (where !== undefined) {
    if (typeof where !== 'function') throw invalid('where must be a function of the entry');
    filter.where = where as RequestFilter['where'] & object;
  }
  return filter;
}

export function requestQuery(query: URLSearchParams): RequestQuery {
  const raw: Record<string, unknown> = {};
  for (const name of FILTER_FIELDS) {
    const values = query.getAll(name);
    if (values.length > 1) throw invalid(`${name} is given more than once`);
    raw[name] = values[0];
  }
  const before = queryParam(query, 'before');
  return {
    filter: requestFilterInput(raw),
    limit: queryInt(query, 'limit', 1, MAX_JOURNAL_ENTRIES, DEFAULT_PAGE_LIMIT),
    ...(before === undefined || before === '' ? {} : { before: idInput(before, 'before') }),
  };
}

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
