// Reading the request line: method, path (one trailing slash ignored) and raw query.

export const ADMIN_PREFIX = '/__sandbox';

export interface RequestTarget {
  method: string;
  path: string;
  rawQuery: string;
  admin: boolean;
}

export function readTarget(rawMethod: string | undefined, url: string | undefined): RequestTarget {
  const method = (rawMethod ?? 'GET').toUpperCase();
  const target = url ?? '/';
  const queryStart = target.indexOf('?');
  let path = queryStart === -1 ? target : target.slice(0, queryStart);
  // Real clients call `/v1/transactions/` and `/v1/apps/`: one trailing slash means the same path.
  if (path.length > 1 && path.endsWith('/')) {
    path = path.slice(0, -1);
  }
  const rawQuery = queryStart === -1 ? '' : target.slice(queryStart + 1);
  const admin = path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
  return { method, path, rawQuery, admin };
}
