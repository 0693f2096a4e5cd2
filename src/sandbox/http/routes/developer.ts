import { ApiError, ErrorCode, invalid } from '../../vocabulary/errors';
import { signJwt } from '../../domain/jwt';
import { checkPassword, hashPassword } from '../../domain/records';
import { ok, RequestContext, Router } from '../router';
import { DeveloperRecord } from '../../domain/state';
import { DEVELOPER_TOKEN_SECONDS, requireDeveloper } from './guards';
import { requiredString } from '../../worlds/requestFields';

// Endpoints 11-14: developer accounts and programmatic app creation.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 256;
export const MAX_APP_NAME_LENGTH = 64;

/** An app's name: 1 to MAX_APP_NAME_LENGTH characters once trimmed. */
export function appNameField(body: Record<string, unknown>): string {
  const raw = body['name'];
  if (typeof raw !== 'string' || raw.trim().length === 0 || raw.trim().length > MAX_APP_NAME_LENGTH) {
    throw invalid(`name is required: 1 to ${MAX_APP_NAME_LENGTH} characters`);
  }
  return raw.trim();
}

function emailField(body: Record<string, unknown>): string {
  const email = requiredString(body, 'email').trim().toLowerCase();
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    throw invalid('email must be a valid e-mail address');
  }
  return email;
}

/** The developer as the API shows it: no password hash, sandboxMobile only from resource auth. */
function publicDeveloper(developer: DeveloperRecord, withSandboxMobile: boolean): Record<string, unknown> {
  const shown: Record<string, unknown> = {
    _id: developer._id,
    deleted: developer.deleted,
    lastLogin: developer.lastLogin,
    email: developer.email,
    createdAt: developer.createdAt,
    updatedAt: developer.updatedAt,
  };
  if (withSandboxMobile) {
    shown['sandboxMobile'] = developer.sandboxMobile;
  } else {
    shown['__v'] = developer.__v;
  }
  return shown;
}

async function authenticate(ctx: RequestContext): Promise<DeveloperRecord> {
  const email = requiredString(ctx.body, 'email').trim().toLowerCase();
  const password = requiredString(ctx.body, 'password');
  const developer = ctx.env.state.apps.developerByEmail(email);
  // Same answer for an unknown e-mail and a wrong password, so accounts cannot be probed.
  if (!developer || !(await checkPassword(password, developer.passwordHash))) {
    throw new ApiError(401, ErrorCode.badCredentials, 'Invalid email or password');
  }
  ctx.env.state.apps.touchLogin(developer, ctx.env.now());
  return developer;
}

function developerToken(ctx: RequestContext, developer: DeveloperRecord, scope: 'developer' | 'resource'): string {
  const iat = Math.floor(ctx.env.now() / 1000);
  return signJwt({ id: developer._id, email: developer.email, scope, iat, exp: iat + DEVELOPER_TOKEN_SECONDS }, ctx.env.state.secret);
}

export function developerRoutes(router: Router): void {
  router.add('POST', '/v1/auth/signup', async (ctx) => {
    const email = emailField(ctx.body);
    const password = requiredString(ctx.body, 'password');
    if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
      throw invalid(`password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`);
    }
    const taken = (): ApiError => new ApiError(409, ErrorCode.emailTaken, 'An account with this email already exists');
    if (ctx.env.state.apps.developerByEmail(email)) {
      throw taken();
    }
    const passwordHash = await hashPassword(password);
    // Checked again: another signup for the same address may have finished while we hashed.
    if (ctx.env.state.apps.developerByEmail(email)) {
      throw taken();
    }
    const developer = ctx.env.state.apps.createDeveloper(email, passwordHash, ctx.env.now());
    return ok({ user: publicDeveloper(developer, false) }, 'Account created successfully');
  });

  router.add('POST', '/v1/auth/login', async (ctx) => {
    const developer = await authenticate(ctx);
    return ok({ user: publicDeveloper(developer, false), token: developerToken(ctx, developer, 'developer') }, 'Login successful');
  });

  router.add('POST', '/v1/resource/auth', async (ctx) => {
    const developer = await authenticate(ctx);
    return ok({ user: publicDeveloper(developer, true), token: developerToken(ctx, developer, 'resource') }, 'Authentication successful');
  });

  router.add('POST', '/v1/resource/app', (ctx) => {
    const developer = requireDeveloper(ctx);
    const app = ctx.env.state.apps.createApp(developer, appNameField(ctx.body), ctx.env.now());
    return ok({ app }, 'App created successfully');
  });
}
