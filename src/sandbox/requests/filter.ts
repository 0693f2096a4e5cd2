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

export function matches(entry: JournalEntry, filter: RequestFilter): boolean {
  const { method, path, pathPrefix, status, since, until, after, where } = filter;
  if (after !== undefined && entry.id <= after) return false;
  if (method !== undefined && entry.method !== method.toUpperCase()) return false;
  if (typeof path === 'string' && entry.path !== path) return false;
  if (path instanceof RegExp && !path.test(entry.path)) return false;
  if (pathPrefix !== undefined && !entry.path.startsWith(pathPrefix)) return false;
  if (typeof status === 'number' && entry.status !== status) return false;
  if (Array.isArray(status) && !status.includes(entry.status)) return false;
  if (since !== undefined && entry.at < since) return false;
  if (until !== undefined && entry.at > until) return false;
  return !where || where(entry);
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
