import { ApiError, ErrorCode } from '../../vocabulary/errors';
import { verifyJwt } from '../../domain/jwt';
import { RequestContext } from '../router';
import { AppRecord, DeveloperRecord } from '../../domain/state';
import { Wallet } from '../../domain/wallet';

// The three credentials of the API: the app key, the wallet access token, the developer token.

function header(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

export function requireApp(ctx: RequestContext): AppRecord {
  const key = header(ctx, 'x-app-key');
  if (!key) {
    throw new ApiError(401, ErrorCode.badAppKey, 'The X-App-Key header is missing');
  }
  const app = ctx.env.state.apps.appByKey(key);
  if (!app) {
    throw unknownAppKey();
  }
  return app;
}

/** An X-App-Key that names no app (of the world it reached) and no namespace: the API's and the admin API's answer. */
export function unknownAppKey(): ApiError {
  return new ApiError(401, ErrorCode.badAppKey, 'The X-App-Key header does not hold a valid application key');
}

export function requireWallet(ctx: RequestContext): Wallet {
  const token = header(ctx, 'x-app-wallet-access-token');
  if (!token) {
    throw new ApiError(401, ErrorCode.badWalletToken, 'The X-App-Wallet-Access-Token header is missing');
  }
  const check = verifyJwt(token, ctx.env.state.secret, ctx.env.now());
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new ApiError(401, ErrorCode.walletTokenExpired, 'The wallet access token has expired; get a new one with your refresh token')
      : new ApiError(401, ErrorCode.badWalletToken, 'The wallet access token is not valid');
  }
  const mobile = check.claims['mobile'];
  if (typeof mobile === 'string' && check.claims.iat <= (ctx.env.state.credentials.accessTokensExpiredThrough(mobile) ?? -1)) {
    // Expired early by Sandbox.expireAccessTokens.
    throw new ApiError(401, ErrorCode.walletTokenExpired, 'The wallet access token has expired; get a new one with your refresh token');
  }
  const wallet = typeof mobile === 'string' ? ctx.env.state.wallets.wallet(mobile) : undefined;
  if (!wallet) {
    throw new ApiError(401, ErrorCode.badWalletToken, 'The wallet access token is not valid');
  }
  return wallet;
}

export const DEVELOPER_TOKEN_SECONDS = 7 * 24 * 3600;

export function requireDeveloper(ctx: RequestContext): DeveloperRecord {
  const token = header(ctx, 'x-auth-token');
  if (!token) {
    throw new ApiError(401, ErrorCode.badAuthToken, 'The x-auth-token header is missing; get a token from POST /v1/resource/auth');
  }
  return developerOf(ctx, token, 'resource', {
    invalid: 'The x-auth-token is not a valid resource token from POST /v1/resource/auth',
    expired: 'The x-auth-token has expired; authenticate again',
  });
}

/**
 * The developer of `Authorization: Bearer <token>`, the token POST /v1/auth/login answers: what
 * public SDKs send to the app API (/v1/apps). A resource token (x-auth-token) does not open it.
 */
export function requireLoginDeveloper(ctx: RequestContext): DeveloperRecord {
  const authorization = header(ctx, 'authorization');
  const token = authorization && /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (!token) {
    throw new ApiError(
      401,
      ErrorCode.badAuthToken,
      'The Authorization header is missing; send "Bearer <token>" with the token from POST /v1/auth/login',
    );
  }
  return developerOf(ctx, token, 'developer', {
    invalid: 'The bearer token is not a valid login token from POST /v1/auth/login',
    expired: 'The bearer token has expired; log in again',
  });
}

/** The developer a token of this scope names, or the 401 that says why not. */
function developerOf(ctx: RequestContext, token: string, scope: string, words: { invalid: string; expired: string }): DeveloperRecord {
  const check = verifyJwt(token, ctx.env.state.secret, ctx.env.now());
  const id = check.ok && check.claims['scope'] === scope ? check.claims['id'] : undefined;
  const developer = typeof id === 'string' ? ctx.env.state.apps.developer(id) : undefined;
  if (!developer) {
    throw new ApiError(401, ErrorCode.badAuthToken, check.ok || check.reason !== 'expired' ? words.invalid : words.expired);
  }
  return developer;
}
