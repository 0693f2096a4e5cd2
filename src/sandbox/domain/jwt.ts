import { createHmac, timingSafeEqual } from 'node:crypto';

// HS256 JWTs by hand: the format is tiny and a dependency would be larger than this file.

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function sign(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

export interface JwtClaims {
  iat: number;
  exp: number;
  [claim: string]: unknown;
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${sign(body, secret)}`;
}

export type JwtCheck = { ok: true; claims: JwtClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Checks shape, signature and expiry (`exp` in seconds, expired once now >= exp). */
export function verifyJwt(token: string, secret: string, nowMs: number): JwtCheck {
  const parts = token.split('.');
  if (parts.length !== 3) {
    return { ok: false, reason: 'malformed' };
  }
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) {
    return { ok: false, reason: 'malformed' };
  }
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'signature' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (
    typeof claims !== 'object' ||
    claims === null ||
    typeof (claims as JwtClaims).exp !== 'number' ||
    typeof (claims as JwtClaims).iat !== 'number'
  ) {
    return { ok: false, reason: 'malformed' };
  }
  if (Math.floor(nowMs / 1000) >= (claims as JwtClaims).exp) {
    return { ok: false, reason: 'expired' };
  }
  return { ok: true, claims: claims as JwtClaims };
}
