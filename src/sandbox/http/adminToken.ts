import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, ErrorCode } from '../vocabulary/errors';
import { OWNER_TOKEN_HEADER, WATCH_PATH } from '../sharing/wire';
import type { SandboxEnv } from '../worlds/env';

// The trust model's second half (the first is start.ts's remoteHostRefusal): a sandbox started
// with allowRemote asks every admin call on its root world for its admin token, as
// `Authorization: Bearer <token>`. A namespace's admin calls carry that namespace's app key
// instead, and reach that namespace's world only: the routes that act on the whole sandbox (the
// namespaces themselves, and the root world's watch stream, which every env shares) ask for the
// token whatever X-App-Key says, or one namespace's key would list, reset and delete the others,
// fill the namespace limit and watch the root world (issue 52). Health and the OpenAPI document
// stay open (a load balancer or a generator reads them). The owner file's secret (sharing/wire.ts
// OWNER_TOKEN_HEADER) counts as the token: the processes that share the state file (other
// windows, the MCP server) read it there, not in the ready line.

const OPEN_PATHS = new Set(['/__sandbox/health', '/__sandbox/openapi.json']);

/** Where the namespaces are listed, made, reset and deleted (admin/routes.ts namespaceRoutes). */
export const NAMESPACES_PATH = '/__sandbox/namespaces';

/**
 * Admin paths that act on the whole sandbox, not on the world X-App-Key picks: the namespaces and
 * the watch stream. The router matches paths exactly, segment by segment, so a prefix covers every
 * route under it.
 */
export function actsOnWholeSandbox(path: string): boolean {
  return path === WATCH_PATH || path === NAMESPACES_PATH || path.startsWith(`${NAMESPACES_PATH}/`);
}

/** Whether the request carries the env's admin token, or the owner file's secret (never true when the env has no token). */
export function carriesAdminToken(env: SandboxEnv, headers: IncomingHttpHeaders): boolean {
  if (env.adminToken === undefined) return false;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
  const owner = headers[OWNER_TOKEN_HEADER.toLowerCase()];
  return sameSecret(bearer, env.adminToken) || (typeof owner === 'string' && sameSecret(owner, env.feed.secret));
}

/**
 * Throws 401 90011 for an admin call without the token, when the sandbox has one. server.ts asks
 * for the root world's calls and for those that act on the whole sandbox (`byNamespaceKey`: the
 * call sent a namespace's key, which does not reach them).
 */
export function checkAdminToken(env: SandboxEnv, path: string, headers: IncomingHttpHeaders, byNamespaceKey = false): void {
  if (env.adminToken === undefined || OPEN_PATHS.has(path) || carriesAdminToken(env, headers)) return;
  throw new ApiError(
    401,
    ErrorCode.adminToken,
    headers.authorization !== undefined
      ? 'The admin token does not match: send the one the sandbox printed when it started (--admin-token sets it)'
      : byNamespaceKey
        ? `A namespace's key reaches only its own namespace: ${path.slice(0, 80)} acts on the whole sandbox and needs the admin token ` +
          'its ready line printed, as Authorization: Bearer <token>'
        : 'This sandbox listens beyond loopback: its admin API needs the admin token its ready line printed, as Authorization: Bearer <token>',
  );
}

/** Whether the journal over HTTP shows secrets: always on loopback; with allowRemote, only to `?secrets=true` with the token. */
export function journalShowsSecrets(env: SandboxEnv, query: URLSearchParams, headers: IncomingHttpHeaders): boolean {
  if (env.adminToken === undefined) return true;
  return query.get('secrets') === 'true' && carriesAdminToken(env, headers);
}

/** Whether `given` is `expected`, compared in constant time (never true when either is missing). */
function sameSecret(given: string | undefined, expected: string | undefined): boolean {
  if (given === undefined || expected === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
