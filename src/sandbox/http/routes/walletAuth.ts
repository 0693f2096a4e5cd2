import { ApiError, ErrorCode, invalid, userNotFound } from '../../vocabulary/errors';
import { signJwt } from '../../domain/jwt';
import { ok, RequestContext, Router } from '../router';
import { Wallet } from '../../domain/wallet';
import { requireApp } from './guards';
import { mobileField, requiredString } from '../../worlds/requestFields';

// Endpoints 1-4: validate a wallet, send and verify the OTP, refresh the access token.

function knownWallet(ctx: RequestContext, mobile: string): Wallet {
  const wallet = ctx.env.state.wallets.wallet(mobile);
  if (!wallet) {
    throw userNotFound();
  }
  return wallet;
}

export function accessToken(ctx: RequestContext, wallet: Wallet): { accessToken: string; expiresIn: number } {
  // After Sandbox.expireAccessTokens, a new token is dated past the expired ones (at most a second ahead).
  const expiredThrough = ctx.env.state.credentials.accessTokensExpiredThrough(wallet.record.mobile) ?? -1;
  const iat = Math.max(Math.floor(ctx.env.now() / 1000), expiredThrough + 1);
  const expiresIn = ctx.env.knobs.tokenLifetimeSeconds;
  const token = signJwt({ id: wallet.record.id, mobile: wallet.record.mobile, iat, exp: iat + expiresIn }, ctx.env.state.secret);
  return { accessToken: token, expiresIn };
}

export function walletAuthRoutes(router: Router): void {
  router.add('POST', '/v1/users/auth/validate', (ctx) => {
    requireApp(ctx);
    const wallet = knownWallet(ctx, mobileField(ctx.body['mobile']));
    return ok({ user: { id: wallet.record.id, mobile: wallet.record.mobile } }, 'Validation successful');
  });

  // Send OTP and verify OTP share a path; the presence of `passcode` tells them apart.
  router.add('POST', '/v1/users/auth', (ctx) => {
    const app = requireApp(ctx);
    const mobile = mobileField(ctx.body['mobile']);
    if (ctx.body['factor'] !== 'sms') {
      throw invalid('factor is required and must be "sms"');
    }
    const wallet = knownWallet(ctx, mobile);
    const { state } = ctx.env;
    const now = ctx.env.now();
    if (ctx.body['passcode'] === undefined) {
      const passcode = state.credentials.issuePasscode(mobile, now);
      return ok(undefined, `Please enter the passcode sent to ${mobile}. [Passcode: ${passcode}]`);
    }
    const passcode = ctx.body['passcode'];
    if (typeof passcode !== 'string') {
      throw invalid('passcode must be a string of 6 digits');
    }
    const result = state.credentials.checkPasscode(mobile, passcode, now);
    if (result === 'expired') {
      throw new ApiError(400, ErrorCode.passcodeExpired, 'The passcode has expired; request a new one');
    }
    if (result !== 'ok') {
      throw new ApiError(400, ErrorCode.wrongPasscode, 'The passcode you entered is invalid');
    }
    state.apps.linkWallet(app, mobile);
    const refreshToken = state.credentials.issueRefreshToken(mobile, now);
    return ok({ refreshToken, ...accessToken(ctx, wallet) }, 'Wallet added successfully');
  });

  // The refresh token is not rotated: the same one keeps working until it is revoked.
  router.add('POST', '/v1/users/accessToken', (ctx) => {
    requireApp(ctx);
    const refreshToken = requiredString(ctx.body, 'refreshToken');
    const mobile = ctx.env.state.credentials.refreshTokenMobile(refreshToken);
    const wallet = mobile === undefined ? undefined : ctx.env.state.wallets.wallet(mobile);
    if (!wallet) {
      throw new ApiError(401, ErrorCode.badRefreshToken, 'The refresh token is not valid or has been revoked; verify the wallet again');
    }
    return ok(accessToken(ctx, wallet));
  });
}
