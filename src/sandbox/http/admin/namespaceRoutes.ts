import * as v from 'valibot';
import { NAMESPACES_PATH } from '../adminToken';
import { ok, Router } from '../router';
import { namespaceNotFound } from '../../worlds/namespaces';
import { arrayOf, object, ref } from '../../worlds/answers';
import { addAdminRoutes, adminRoute, type AdminRoute } from './operationRoutes';

// /__sandbox/namespaces: private copies of the start world for parallel test workers. The answer
// of a create is the only place a namespace's keys are shown (the sandbox keeps their hashes).
// They act on the whole sandbox: with an admin token, they need it even with a namespace's key
// (http/adminToken.ts actsOnWholeSandbox, which names them by NAMESPACES_PATH).

const NONE = v.strictObject({});
const ById = v.strictObject({
  id: v.pipe(
    v.string(),
    v.minLength(1, 'is required'),
    v.description("The namespace's id (`ns_` and 24 hex digits), as POST /__sandbox/namespaces answered it"),
  ),
});

const CREATE = adminRoute({
  route: { method: 'POST', path: NAMESPACES_PATH },
  accepts: NONE,
  doc: {
    id: 'createNamespace',
    summary: 'A private copy of the world the sandbox started from, reached by an app key of its own',
    description:
      "For test workers running in parallel against one sandbox. The namespace is a copy of the scenario's world (or of the fresh " +
      'seeded world): its own wallets, ledger, bank transfers, webhook events, request journal, virtual clock, faults and latency. ' +
      'Its apps get new sandbox keys (a sandbox started without a scenario has no app: the namespace gets one). Every request ' +
      'whose `X-App-Key` is one of them lands in the namespace and nowhere else; wallet tokens issued there work only there. The ' +
      'admin API acts on a namespace when sent its `X-App-Key`, and only then (`?namespace=<id>` is a 400 90007). On a sandbox ' +
      'started with --allow-remote, listing, making, resetting and deleting namespaces need the admin token, whatever `X-App-Key` ' +
      "is sent: a namespace's key reaches its own namespace only. This answer is the only place its keys are shown (the sandbox " +
      'keeps hashes). Namespaces live in memory only; a whole-sandbox reset leaves them alone. Refused (409 90008) past the ' +
      "namespace limit (100 unless --max-namespaces), or when the transactions the copy would hold take every world's together " +
      "(the sandbox's own and every namespace's) past 200,000, the generated-history budget: delete a namespace to make room.",
    answered: 'The new namespace, with its keys',
    errors: { 409: 'LimitReached' },
    answer: object({ namespace: ref('CreatedNamespace') }),
  },
  handle: (ctx) => {
    const { id, createdAt, appKey, apps, wallets } = ctx.env.namespaces.create();
    return ok({ namespace: { id, createdAt, appKey, apps, wallets } });
  },
});

const LIST = adminRoute({
  route: { method: 'GET', path: NAMESPACES_PATH },
  accepts: NONE,
  doc: {
    id: 'listNamespaces',
    summary: 'The namespaces, oldest first, without keys',
    answered: 'The namespaces',
    answer: object({ namespaces: arrayOf(ref('NamespaceSummary')) }),
  },
  handle: (ctx) => ok({ namespaces: ctx.env.namespaces.list() }),
});

// Back to its start, keeping its keys: what POST /__sandbox/reset does when sent the namespace's key.
const RESET = adminRoute({
  route: { method: 'POST', path: `${NAMESPACES_PATH}/:id/reset` },
  accepts: ById,
  doc: {
    id: 'resetNamespace',
    summary:
      'Puts a namespace back to its start (wallets, ledger, events, journal, clock, knobs), keeping its keys; ' +
      'POST /__sandbox/reset with its X-App-Key does the same',
    answered: 'Reset',
    answer: object({ reset: { type: 'string' } }),
  },
  handle: async (ctx, { id }) => {
    if (!(await ctx.env.namespaces.reset(id))) throw namespaceNotFound(id);
    return ok({ reset: id });
  },
});

const DELETE = adminRoute({
  route: { method: 'DELETE', path: `${NAMESPACES_PATH}/:id` },
  accepts: ById,
  doc: {
    id: 'deleteNamespace',
    summary: 'Deletes a namespace: its keys stop working, its scheduled settlements and webhook retries stop',
    answered: 'Deleted',
    answer: object({ deleted: { type: 'string' } }),
  },
  handle: (ctx, { id }) => {
    if (!ctx.env.namespaces.delete(id)) throw namespaceNotFound(id);
    return ok({ deleted: id });
  },
});

export const NAMESPACE_ROUTES: readonly AdminRoute[] = [CREATE, LIST, RESET, DELETE];

export function namespaceRoutes(router: Router): void {
  addAdminRoutes(router, NAMESPACE_ROUTES);
}
