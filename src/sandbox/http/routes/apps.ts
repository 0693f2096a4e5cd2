import { hash } from 'node:crypto';
import { ApiError, ErrorCode } from '../../vocabulary/errors';
import { BVN_CHARGE_KOBO } from '../../domain/bvn';
import { AppRecord, IssuedApp } from '../../domain/state';
import { withoutUserInfo } from '../../domain/webhookTarget';
import { ok, Router } from '../router';
import { appNameField } from './developer';
import { requireLoginDeveloper } from './guards';

// The app API on the developer host, opened by the login token (Authorization: Bearer), as the
// community C# SDK calls it: POST/GET /v1/apps and GET /v1/apps/:appID. Answers take the shape
// of the SDK README's recorded staging answer (evidence.md, "More of the public record").

/** A fixed id for the app's settings sub-document (the real service had one); derived, so nothing new is stored. */
function settingsId(appId: string): string {
  return hash('sha256', `settings|${appId}`, 'hex').slice(0, 24);
}

/** The app in the recorded shape; the keys only when just issued (the sandbox keeps hashes). */
export function recordedApp(app: AppRecord | IssuedApp, keys?: Pick<IssuedApp, 'key' | 'sandboxKey'>): Record<string, unknown> {
  return {
    disabled: app.disabled,
    settings: {
      cardProcessingEnabled: false,
      userCreationEnabled: false,
      // What a BVN query costs in this sandbox, in kobo (the 2021 recording showed 1500).
      bvnCheckAmount: BVN_CHARGE_KOBO,
      developerMode: app.settings.developerMode,
      appTags: [],
      ...(app.settings.callbackURL ? { callbackURL: withoutUserInfo(app.settings.callbackURL) } : {}),
      _id: settingsId(app._id),
    },
    _id: app._id,
    deleted: app.deleted,
    developerID: app.developerID,
    name: app.name,
    ...(keys ? { key: keys.key, sandboxKey: keys.sandboxKey } : {}),
    wallets: app.wallets,
    createdAt: app.createdAt,
    updatedAt: app.updatedAt,
    __v: app.__v,
  };
}

export function appRoutes(router: Router): void {
  router.add('POST', '/v1/apps', async (ctx) => {
    const developer = requireLoginDeveloper(ctx);
    const name = appNameField(ctx.body);
    const issued = ctx.env.state.apps.createApp(developer, name, ctx.env.now());
    await ctx.env.durable();
    return ok({ app: recordedApp(issued, issued) }, 'App created successfully');
  });

  router.add('GET', '/v1/apps', (ctx) => {
    const developer = requireLoginDeveloper(ctx);
    return ok({ apps: ctx.env.state.apps.appsOf(developer._id).map((app) => recordedApp(app)) });
  });

  router.add('GET', '/v1/apps/:appID', (ctx) => {
    const developer = requireLoginDeveloper(ctx);
    const app = ctx.env.state.apps.app(ctx.params['appID'] ?? '');
    // Another developer's app is as unknown as a made-up id: ids cannot be probed.
    if (!app || app.deleted || app.developerID !== developer._id) {
      throw new ApiError(404, ErrorCode.developerAppNotFound, 'No app of yours has that id; GET /v1/apps lists them');
    }
    return ok({ app: recordedApp(app) });
  });
}
