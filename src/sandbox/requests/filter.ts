import type { JournalEntry } from './entry';

// Which entries a caller wants: what a developer's test asks ("the POST to /v1/users/transfers/phone
// after this point, answered 200") and what GET /__sandbox/requests takes as its query.

export interface RequestFilter {
  /** The method, any case. */
  method?: string;
  /** The path exactly (a string), or any path the pattern matches. */
  path?: string | RegExp;
  /** Paths that start with this. */
  pathPrefix?: string;
  /** The status, or any of these (0: no answer). */
  status?: number | readonly number[];
  /** Arrived at or after this time (epoch ms). */
  since?: number;
  /** Arrived at or before this time (epoch ms). */
  until?: number;
  /** Ids above this: what came after a point (journal.lastId then). */
  after?: number;
  /** Anything else: the body, a header, the sender. */
  where?: (entry: JournalEntry) => boolean;
}

/**
 * Each field of the filter as one check: undefined when the entry passes it, else why not
 * (`status 400, not 200`). `matches` and a wait's near misses both read these.
 */
const CHECKS: readonly ((entry: JournalEntry, filter: RequestFilter) => string | undefined)[] = [
  ({ id }, { after }) => (after !== undefined && id <= after ? `#${id} came before #${after + 1}` : undefined),
  ({ method }, filter) =>
    filter.method !== undefined && method !== filter.method.toUpperCase()
      ? `method ${method}, not ${filter.method.toUpperCase()}`
      : undefined,
  ({ path }, filter) => {
    const wanted = filter.path;
    const fails = typeof wanted === 'string' ? path !== wanted : wanted instanceof RegExp && !wanted.test(path);
    return fails ? `path ${path}, not ${String(wanted)}` : undefined;
  },
  ({ path }, { pathPrefix }) => (pathPrefix !== undefined && !path.startsWith(pathPrefix) ? `path ${path}, not ${pathPrefix}…` : undefined),
  ({ status }, filter) => {
    const wanted = filter.status;
    const fails = typeof wanted === 'number' ? status !== wanted : Array.isArray(wanted) && !wanted.includes(status);
    return fails ? `status ${status}, not ${[wanted].flat().join(' or ')}` : undefined;
  },
  ({ at }, { since }) => (since !== undefined && at < since ? `arrived before ${new Date(since).toISOString()}` : undefined),
  ({ at }, { until }) => (until !== undefined && at > until ? `arrived after ${new Date(until).toISOString()}` : undefined),
];

export function matches(entry: JournalEntry, filter: RequestFilter): boolean {
  for (const check of CHECKS) if (check(entry, filter) !== undefined) return false;
  return !filter.where || filter.where(entry);
}

/** Why the entry does not match the filter, one reason per field ([] when it matches). */
export function mismatches(entry: JournalEntry, filter: RequestFilter): string[] {
  const reasons: string[] = [];
  for (const check of CHECKS) {
    const reason = check(entry, filter);
    if (reason !== undefined) reasons.push(reason);
  }
  if (filter.where && !safeWhere(filter.where, entry)) reasons.push('the predicate answered false');
  return reasons;
}

/** The filter with its predicate made safe: one that throws counts as no match (a near miss must not fail the wait). */
export function safely(filter: RequestFilter): RequestFilter {
  const { where } = filter;
  return where ? { ...filter, where: (entry) => safeWhere(where, entry) } : filter;
}

function safeWhere(where: (entry: JournalEntry) => boolean, entry: JournalEntry): boolean {
  try {
    return where(entry);
  } catch {
    return false;
  }
}

/** An entry in one line, as a message lists it: `#4 POST /v1/users/transfers/bank → 400 (namespace ns_…)`. */
export function entryLine(entry: JournalEntry): string {
  const where = entry.namespace === undefined ? '' : ` (namespace ${entry.namespace})`;
  return `#${entry.id} ${entry.method} ${entry.path} → ${entry.status === 0 ? 'no answer' : entry.status}${where}`;
}

/** The filter in words, for a timeout's message. */
export function describeFilter(filter: RequestFilter): string {
  const parts: string[] = [];
  if (filter.method) parts.push(filter.method.toUpperCase());
  if (filter.path !== undefined) parts.push(String(filter.path));
  if (filter.pathPrefix !== undefined) parts.push(`${filter.pathPrefix}…`);
  if (filter.status !== undefined) parts.push(`status ${[filter.status].flat().join(' or ')}`);
  if (filter.since !== undefined) parts.push(`since ${new Date(filter.since).toISOString()}`);
  if (filter.until !== undefined) parts.push(`until ${new Date(filter.until).toISOString()}`);
  if (filter.after !== undefined) parts.push(`after #${filter.after}`);
  if (filter.where) parts.push('and the predicate');
  return parts.length === 0 ? 'any request' : parts.join(' ');
}

/** The value of a request header, whatever the case of its name; undefined when it was not sent. */
export function requestHeader(entry: JournalEntry, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const headers = entry.requestHeaders;
  for (let index = 0; index + 1 < headers.length; index += 2) {
    if (headers[index]!.toLowerCase() === wanted) return headers[index + 1];
  }
  return undefined;
}
