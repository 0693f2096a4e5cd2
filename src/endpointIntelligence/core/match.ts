// Matches a path found in code to the catalog's endpoints, and finds the nearest one for a path
// the API does not have ("did you mean").

import type { Catalog, Endpoint } from './catalog';
import { shapeOf, type FoundPath } from './pathFinder';

export interface PathMatch {
  endpoint: Endpoint;
  /** False when a template part of the code stands where the endpoint has a literal segment. */
  exact: boolean;
}

/**
 * The endpoint a path names. A literal segment matches the same literal or a parameter; a
 * template part matches a parameter exactly, a literal only loosely (`/v1/users/${what}` may be
 * any of several). Exact matches with the most literal segments win.
 */
export function matchPath(catalog: Catalog, segments: readonly (string | undefined)[]): PathMatch | undefined {
  let best: { match: PathMatch; score: number } | undefined;
  for (const endpoint of catalog.endpoints) {
    if (endpoint.segments.length !== segments.length) continue;
    let exact = true;
    let score = 0;
    let fits = true;
    for (let index = 0; index < segments.length; index++) {
      const theirs = endpoint.segments[index];
      const ours = segments[index];
      if (theirs === undefined) continue;
      if (ours === undefined) {
        exact = false;
        continue;
      }
      if (ours !== theirs) {
        fits = false;
        break;
      }
      score++;
    }
    if (!fits) continue;
    const total = (exact ? 1000 : 0) + score;
    if (!best || total > best.score) best = { match: { endpoint, exact }, score: total };
  }
  return best?.match;
}

/** Edit distance (insert, delete, replace), cut off above `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The endpoint nearest to a path the API does not have: by edit distance on the paths with every
 * parameter written `{}`, close enough to be a slip (a third of the path at most).
 */
export function nearestEndpoint(catalog: Catalog, segments: readonly (string | undefined)[]): Endpoint | undefined {
  const ours = shapeOf(segments).toLowerCase();
  const limit = Math.max(2, Math.floor(ours.length / 3));
  let best: { endpoint: Endpoint; distance: number } | undefined;
  for (const endpoint of catalog.endpoints) {
    const distance = editDistance(ours, shapeOf(endpoint.segments).toLowerCase(), limit);
    if (distance <= limit && (!best || distance < best.distance)) best = { endpoint, distance };
  }
  return best?.endpoint;
}

/**
 * The suggested path written the developer's way: where the endpoint has a parameter, what the
 * code has at that place (`${ref}`, a reference) stays; a parameter the code lacks reads `{name}`.
 */
export function rewriteAs(found: FoundPath, endpoint: Endpoint): string {
  const names = endpoint.path.slice(1).split('/');
  const own = (index: number) => found.rawSegments[index];
  return `/${names.map((name, index) => (endpoint.segments[index] === undefined && own(index) ? own(index) : name)).join('/')}`;
}
