import { invalid } from '../errors';
import { queryInt, queryParam } from '../worlds/requestFields';
import type { RequestFilter } from '../requests/filter';
import { MAX_JOURNAL_ENTRIES } from '../requests/journal';

// GET /__sandbox/requests?method=POST&path=/v1/users/transfers/phone&status=200,0&after=41&limit=20
// (every parameter optional): the journal's filter over HTTP, a predicate and a pattern aside.

export interface RequestQuery {
  filter: RequestFilter;
  /** The newest this many of those the filter takes (still oldest first). */
  limit: number;
}

function time(query: URLSearchParams, name: string): number | undefined {
  const raw = queryParam(query, name);
  if (raw === undefined || raw === '') return undefined;
  const at = /^\d{1,15}$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (!Number.isFinite(at)) throw invalid(`${name} must be a time: epoch milliseconds or an ISO 8601 date`);
  return at;
}

export function requestQuery(query: URLSearchParams): RequestQuery {
  const filter: RequestFilter = {};
  const method = queryParam(query, 'method');
  if (method) filter.method = method;
  const path = queryParam(query, 'path');
  if (path) filter.path = path;
  const prefix = queryParam(query, 'pathPrefix');
  if (prefix) filter.pathPrefix = prefix;
  const status = queryParam(query, 'status');
  if (status) {
    if (!/^\d{1,3}(,\d{1,3})*$/.test(status)) throw invalid('status must be a status or a comma-separated list of them (0: no answer)');
    filter.status = status.split(',').map(Number);
  }
  const since = time(query, 'since');
  if (since !== undefined) filter.since = since;
  const until = time(query, 'until');
  if (until !== undefined) filter.until = until;
  const after = queryParam(query, 'after');
  if (after !== undefined && after !== '') filter.after = queryInt(query, 'after', 0, Number.MAX_SAFE_INTEGER, 0);
  return { filter, limit: queryInt(query, 'limit', 1, MAX_JOURNAL_ENTRIES, MAX_JOURNAL_ENTRIES) };
}
