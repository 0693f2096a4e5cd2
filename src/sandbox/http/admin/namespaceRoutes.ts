import { NAMESPACES_PATH } from '../adminToken';
import { ok, Router } from '../router';
import { namespaceNotFound } from '../../worlds/namespaces';

// /__sandbox/namespaces: private copies of the start world for parallel test workers. The answer
// of a create is the only place a namespace's keys are shown (the sandbox keeps their hashes).
// They act on the whole sandbox: with an admin token, they need it even with a namespace's key
// (http/adminToken.ts actsOnWholeSandbox, which names them by NAMESPACES_PATH).

export function namespaceRoutes(router: Router): void {
  router.add('POST', NAMESPACES_PATH, (ctx) => {
    const { id, createdAt, appKey, apps, wallets } = ctx.env.namespaces.create();
    return ok({ namespace: { id, createdAt, appKey, apps, wallets } });
  });
  router.add('GET', NAMESPACES_PATH, (ctx) => ok({ namespaces: ctx.env.namespaces.list() }));
  // Back to its start, keeping its keys: what POST /__sandbox/reset does when sent the namespace's key.
  router.add('POST', `${NAMESPACES_PATH}/:id/reset`, async (ctx) => {
    const id = ctx.params['id'] ?? '';
    if (!(await ctx.env.namespaces.reset(id))) throw namespaceNotFound(id);
    return ok({ reset: id });
  });
  router.add('DELETE', `${NAMESPACES_PATH}/:id`, (ctx) => {
    const id = ctx.params['id'] ?? '';
    if (!ctx.env.namespaces.delete(id)) throw namespaceNotFound(id);
    return ok({ deleted: id });
  });
}
