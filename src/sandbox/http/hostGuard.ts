import { isIP } from 'node:net';
import { ApiError, ErrorCode } from '../vocabulary/errors';

// Against DNS rebinding, as dev servers do: a web page that points its own domain at 127.0.0.1
// reaches the sandbox with its domain in Host (and its origin in Origin). Only this machine's
// names pass, so such a page can read neither the passcode nor the request log.

const ADMIN_PREFIX = '/__sandbox';
/** A refused client gets no second answer on the same connection. */
const HANG_UP = { Connection: 'close' };

/** The host name of a Host header ("[::1]:4010" → "::1"), lower-case; undefined if malformed. */
function hostName(header: string): string | undefined {
  const text = header.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return bracketed[1];
  const plain = /^([a-z0-9.-]+)(?::\d{1,5})?$/.exec(text);
  return plain?.[1];
}

function isLoopback(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  return name === '::1' || name.startsWith('::ffff:127.');
}

/** "::ffff:192.168.1.5" (a v4 client on a dual-stack socket) is 192.168.1.5. */
function plainAddress(address: string): string {
  return address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/**
 * A refusal for a request the sandbox must not answer, or undefined to go on: Host must be a
 * loopback name or the address the request came in on; an admin call that carries a browser
 * Origin must come from the sandbox's own origin.
 */
export function hostGuard(
  hostHeader: string | undefined,
  originHeader: string | undefined,
  path: string,
  listeningAddress: string | undefined,
): ApiError | undefined {
  const name = hostHeader === undefined ? undefined : hostName(hostHeader);
  const allowed =
    name !== undefined && (isLoopback(name) || (listeningAddress !== undefined && plainAddress(name) === plainAddress(listeningAddress)));
  if (!allowed) {
    return new ApiError(
      403,
      ErrorCode.forbiddenHost,
      'The sandbox answers only this machine: use a loopback Host (localhost, 127.0.0.1, [::1]) or the address it listens on',
      HANG_UP,
    );
  }
  const admin = path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
  if (admin && originHeader !== undefined && originHeader.toLowerCase() !== `http://${hostHeader!.trim().toLowerCase()}`) {
    return new ApiError(403, ErrorCode.forbiddenHost, 'Admin calls are not answered to web pages from another origin', HANG_UP);
  }
  return undefined;
}
