import * as v from 'valibot';
import { ApiError, ErrorCode, invalid } from '../../vocabulary/errors';
import { openApiDocument } from '../../vocabulary/openapiDocument';
import { magicTable } from '../../domain/magic';
import { describeWebhookFilter, matchesWebhook, webhookNearMisses } from '../../domain/webhookFilter';
import { publicEvent } from '../../domain/webhooks';
import { ok, RequestContext, Router } from '../router';
import { WATCH_PATH } from '../../sharing/wire';
import { journalShowsSecrets, NAMESPACES_PATH } from '../adminToken';
import { maskedEntry } from '../../requests/masked';
import { filterOf, PAGE_FIELDS, RequestPageSchema } from '../../worlds/requestQuery';
import { takePage } from '../../worlds/answerPage';
import type { JournalEntry } from '../../requests/entry';
import type { RequestFilter } from '../../requests/filter';
import { waitUntil } from '../../vocabulary/wait';
import { addAdminRoutes, adminRoute, operationRoutes, type AdminRoute, type Around } from './operationRoutes';
import { CHECK_USER_AGENT } from '../../findings/finding';
import { answerAfter } from '../../worlds/waitQuery';
import { eventsFilter, type EventsQuery } from '../../worlds/eventsPage';
import { arrayOf, object, pagedAnswer, ref, WAITED } from '../../worlds/answers';
import { namespaceNotFound } from '../../worlds/namespaces';

// /__sandbox/*: controls for tests in other processes and for people driving the sandbox by hand.
// These paths are never delayed or faulted and are not recorded in the request journal. The
// world's operations are routes made from their table (operationRoutes.ts); here are the others,
// each defined as an operation is (what it takes, its doc), so openapi.json is made for them too.

/** GET /__sandbox/events?waitMs=: answered once an event matches (or 408). */
async function waitForEvent(ctx: RequestContext, input: unknown, answer: () => unknown): Promise<unknown> {
  const query = input as EventsQuery;
  if (query.waitMs !== undefined) {
    const filter = eventsFilter(query);
    // Looked for at each change while it waits: the events themselves, not a page of them (answered once, after).
    const first = () => [...ctx.env.state.events.values()].map(publicEvent).find((event) => matchesWebhook(event, filter));
    const subscribe = (again: () => void): (() => void) => ctx.env.onChange((change) => change.events.length > 0 && again());
    const what = `webhook event matching ${describeWebhookFilter(filter)}`;
    const explain = () => ({ nearMisses: webhookNearMisses([...ctx.env.state.events.values()].reverse().map(publicEvent), filter) });
    await answerAfter(waitUntil(first, subscribe, what, { timeoutMs: query.waitMs, signal: ctx.env.closing }, explain), ctx.env.closing);
  }
  return answer();
}

/**
 * The newest `limit` entries the filter takes below `before`, oldest first, within MAX_PAGE_BYTES
 * of JSON; `nextBefore` when more are left: the next page is the same query with `before` set to it.
 */
function journalPage(ctx: RequestContext, filter: RequestFilter, limit: number, before: number | undefined) {
  // An HTTP filter carries no predicate: `before` takes its place.
  const below = before === undefined ? filter : { ...filter, where: (entry: JournalEntry) => entry.id < before };
  const candidates = ctx.env.requests.newest(limit + 1, below);
  // Beyond loopback, secrets show only to the admin token that asks for them (?secrets=true).
  const show = journalShowsSecrets(ctx.env, ctx.query, ctx.headers) ? (entry: JournalEntry) => entry : maskedEntry;
  const { shown, taken } = takePage(candidates, limit, show);
  const oldest = candidates[taken - 1];
  return { requests: shown.reverse(), ...(taken < candidates.length && oldest ? { nextBefore: oldest.id } : {}) };
}

const NONE = v.strictObject({});

const HEALTH = adminRoute({
  route: { method: 'GET', path: '/__sandbox/health' },
  accepts: NONE,
  doc: {
    id: 'health',
    summary: 'Liveness',
    answer: object({
      status: { const: 'ok' },
      uptimeSeconds: { type: 'integer', minimum: 0 },
      instance: {
        type: 'string',
        description:
          'Random per running sandbox; the owner file beside a state file names it, so a process can tell the sandbox that serves ' +
          'the file from another server on the same port',
      },
      pid: { type: 'integer', minimum: 1, description: 'The process that serves it' },
    }),
  },
  handle: (ctx) =>
    ok({ status: 'ok', uptimeSeconds: Math.round((Date.now() - ctx.env.startedAt) / 1000), instance: ctx.env.instance, pid: process.pid }),
});

// Every change as it happens, for the processes that use this sandbox (one per state file).
const WATCH = adminRoute({
  route: { method: 'GET', path: WATCH_PATH },
  accepts: NONE,
  doc: {
    id: 'watch',
    summary: 'Every change of the sandbox as it happens (server-sent events)',
    description:
      'A stream that stays open: a `change` event for every change (what it touched: wallets, transfers, events; and whether the ' +
      'knobs or the clock changed), and a `requests` event ({ lastId }) for every change of the request journal. Notices only: ' +
      'what changed is read from the other routes. The processes that use a sandbox another process serves read it. Without ' +
      'Accept: text/event-stream, a 400.',
    headers: { 'X-Sandbox-Owner-Token': "Sandbox only: the owner file's secret; counts as the admin token" },
    bare: 'text/event-stream',
    answered: 'The stream',
    answer: { type: 'string' },
  },
  handle: (ctx) => {
    if (!String(ctx.headers.accept ?? '').includes('text/event-stream')) {
      throw invalid(`${WATCH_PATH} is a stream of server-sent events: send Accept: text/event-stream`);
    }
    return { body: undefined, stream: (res) => ctx.env.feed.open(res) };
  },
});

// The contract of every endpoint, this admin API included; not enveloped, so tools can import it as is.
const OPENAPI = adminRoute({
  route: { method: 'GET', path: '/__sandbox/openapi.json' },
  accepts: NONE,
  doc: {
    id: 'getOpenApiDocument',
    summary: 'This document (not enveloped)',
    bare: 'application/json',
    answered: 'The OpenAPI 3.1 document',
    answer: { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { type: 'string', pattern: '^3\\.1\\.' } } },
  },
  handle: () => ({ body: openApiDocument() }),
});

// The request journal, a page at a time (the query filters it: worlds/requestQuery.ts).
const REQUESTS = adminRoute({
  route: { method: 'GET', path: '/__sandbox/requests', query: PAGE_FIELDS },
  accepts: RequestPageSchema,
  doc: {
    id: 'listRequests',
    summary:
      'The request journal, oldest first (the last 500 within 16 MB by default), filtered by the query, a page at a time: ' +
      'the newest 100 (limit) within 512 KiB of JSON, and nextBefore for the next page',
    errors: { 408: WAITED },
    answer: pagedAnswer('requests', 'JournalEntry', { type: 'integer', minimum: 1 }, 'entries'),
  },
  handle: async (ctx, page) => {
    const filter = filterOf(page);
    if (page.waitMs !== undefined)
      await answerAfter(ctx.env.requests.waitFor(filter, { timeoutMs: page.waitMs, signal: ctx.env.closing }), ctx.env.closing);
    return ok(journalPage(ctx, filter, page.limit, page.before));
  },
});

// The sandbox keeps only hashes of app keys: an editor that lost them gets new ones here.
const APP_KEYS = adminRoute({
  route: { method: 'POST', path: '/__sandbox/apps/:id/keys' },
  accepts: v.strictObject({
    id: v.pipe(v.string(), v.minLength(1, 'is required'), v.description("The app's _id, as POST /v1/resource/app answered it")),
  }),
  doc: {
    id: 'reissueAppKeys',
    summary:
      'New keys for an app (its old keys stop working): the sandbox keeps only hashes of keys, so an editor that lost an ' +
      "app's keys gets working ones back here",
    answered: "The app's new keys",
    answer: object({ app: object({ _id: { type: 'string' }, key: { type: 'string' }, sandboxKey: { type: 'string' } }) }),
  },
  handle: (ctx, { id }) => {
    const keys = ctx.env.state.apps.reissueAppKeys(id, ctx.env.now());
    if (!keys) {
      throw new ApiError(404, ErrorCode.appNotFound, 'No app has that id; an app made with POST /v1/resource/app has one');
    }
    // Inside a namespace, its new keys are what reach it (the old ones stop, as in the root world).
    if (ctx.env.namespace !== undefined) ctx.env.namespaces.keysChanged(ctx.env.namespace);
    return ok({ app: { _id: id, ...keys } });
  },
});

const MAGIC = adminRoute({
  route: { method: 'GET', path: '/__sandbox/magic' },
  accepts: NONE,
  doc: {
    id: 'getMagicValues',
    summary: 'The magic values (accounts, amounts, mobiles) and the outcome header',
    answer: object({
      accounts: arrayOf(ref('MagicValue')),
      amounts: arrayOf(ref('MagicValue')),
      mobiles: arrayOf(ref('MagicValue')),
      bvns: arrayOf(ref('MagicValue')),
      outcomeHeader: object({ name: { const: 'X-Sandbox-Outcome' }, values: arrayOf({ type: 'string' }) }),
    }),
  },
  handle: () => ok(magicTable()),
});

/** The admin routes beside the operations' (NAMESPACE_ROUTES below has the namespaces'). */
export const ADMIN_ROUTES: readonly AdminRoute[] = [HEALTH, WATCH, OPENAPI, REQUESTS, APP_KEYS, MAGIC];

export function adminRoutes(router: Router): void {
  addAdminRoutes(router, ADMIN_ROUTES);
  operationRoutes(router, { events: waitForEvent, sendTestEvent: checksOwnEvent });
}

/** A test event Check Webhook Handler sends (its forgery): the tool's traffic, which the integration review leaves alone. */
const checksOwnEvent: Around = async (ctx, _input, answer) => {
  const sent = await answer();
  if (ctx.headers['user-agent'] === CHECK_USER_AGENT) ctx.env.findings.checkMade(JSON.stringify(sent));
  return sent;
};

// /__sandbox/namespaces: private copies of the start world for parallel test workers. The answer
// of a create is the only place a namespace's keys are shown (the sandbox keeps their hashes).
// They act on the whole sandbox: with an admin token, they need it even with a namespace's key
// (http/adminToken.ts actsOnWholeSandbox, which names them by NAMESPACES_PATH).

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
