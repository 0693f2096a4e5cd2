import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, ErrorCode } from '../errors';
import { carriesOwnerToken, sameSecret } from '../sharing/wire';
import type { SandboxEnv } from '../worlds/env';

// The trust model's second half (the first is start.ts's remoteHostRefusal): a sandbox started
// with allowRemote asks every admin call on its root world for its admin token, as
// `Authorization: Bearer <token>`. A namespace's admin calls carry that namespace's app key
// instead; health and the OpenAPI document stay open (a load balancer or a generator reads them).
// The owner file's secret (sharing/wire.ts OWNER_TOKEN_HEADER) counts as the token: the processes
// that share the state file (other windows, the MCP server) read it there, not in the ready line.

const OPEN_PATHS = new Set(['/__sandbox/health', '/__sandbox/openapi.json']);

/** Whether the request carries the env's admin token, or the owner file's secret (never true when the env has no token). */
export function carriesAdminToken(env: SandboxEnv, headers: IncomingHttpHeaders): boolean {
  if (env.adminToken === undefined) return false;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
  return sameSecret(bearer, env.adminToken) || carriesOwnerToken(env.feed.secret, headers);
}

/** Throws 401 90011 for an admin call without the token, when the sandbox has one (server.ts asks for the root world's calls only). */
export function checkAdminToken(env: SandboxEnv, path: string, headers: IncomingHttpHeaders): void {
  if (env.adminToken === undefined || OPEN_PATHS.has(path) || carriesAdminToken(env, headers)) return;
  throw new ApiError(
    401,
    ErrorCode.adminToken,
    headers.authorization === undefined
      ? 'This sandbox listens beyond loopback: its admin API needs the admin token its ready line printed, as Authorization: Bearer <token>'
      : 'The admin token does not match: send the one the sandbox printed when it started (--admin-token sets it)',
  );
}

/** Whether the journal over HTTP shows secrets: always on loopback; with allowRemote, only to `?secrets=true` with the token. */
export function journalShowsSecrets(env: SandboxEnv, query: URLSearchParams, headers: IncomingHttpHeaders): boolean {
  if (env.adminToken === undefined) return true;
  return query.get('secrets') === 'true' && carriesAdminToken(env, headers);
}
