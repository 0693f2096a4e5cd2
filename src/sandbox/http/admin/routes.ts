import { ApiError, ErrorCode, invalid } from '../../vocabulary/errors';
import { openApiDocument } from '../../vocabulary/openapiDocument';
import { magicTable } from '../../domain/magic';
import { describeWebhookFilter, matchesWebhook, webhookNearMisses } from '../../domain/webhookFilter';
import { publicEvent } from '../../domain/webhooks';
import { ok, RequestContext, Router } from '../router';
import { WATCH_PATH } from '../../sharing/wire';
import { journalShowsSecrets } from '../adminToken';
import { maskedEntry } from '../../requests/masked';
import { requestQuery } from '../../worlds/requestQuery';
import { takePage } from '../../worlds/answerPage';
import type { JournalEntry } from '../../requests/entry';
import type { RequestFilter } from '../../requests/filter';
import { waitUntil } from '../../vocabulary/wait';
import { operationRoutes, type Around } from './operationRoutes';
import { CHECK_USER_AGENT } from '../../findings/finding';
import { answerAfter, waitMsOf, webhookQuery } from '../../worlds/waitQuery';

// /__sandbox/*: controls for tests in other processes and for people driving the sandbox by hand.
// These paths are never delayed or faulted and are not recorded in the request journal. The
// world's operations are routes made from their table (operationRoutes.ts); here are the others.

/** GET /__sandbox/events?waitMs=: answered once an event matches (or 408). */
async function waitForEvent(ctx: RequestContext, answer: () => unknown): Promise<unknown> {
  const waitMs = waitMsOf(ctx.query);
  if (waitMs !== undefined) {
    const filter = webhookQuery(ctx.query);
    // Looked for at each change while it waits: the events themselves, not a page of them (answered once, after).
    const first = () => [...ctx.env.state.events.values()].map(publicEvent).find((event) => matchesWebhook(event, filter));
    const subscribe = (again: () => void): (() => void) => ctx.env.onChange((change) => change.events.length > 0 && again());
    const what = `webhook event matching ${describeWebhookFilter(filter)}`;
    const explain = () => ({ nearMisses: webhookNearMisses([...ctx.env.state.events.values()].reverse().map(publicEvent), filter) });
    await answerAfter(waitUntil(first, subscribe, what, { timeoutMs: waitMs, signal: ctx.env.closing }, explain), ctx.env.closing);
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

export function adminRoutes(router: Router): void {
  router.add('GET', '/__sandbox/health', (ctx) =>
    ok({ status: 'ok', uptimeSeconds: Math.round((Date.now() - ctx.env.startedAt) / 1000), instance: ctx.env.instance, pid: process.pid }),
  );

  // Every change as it happens, for the processes that use this sandbox (one per state file).
  router.add('GET', WATCH_PATH, (ctx) => {
    if (!String(ctx.headers.accept ?? '').includes('text/event-stream')) {
      throw invalid(`${WATCH_PATH} is a stream of server-sent events: send Accept: text/event-stream`);
    }
    return { body: undefined, stream: (res) => ctx.env.feed.open(res) };
  });

  // The contract of every endpoint, this admin API included; not enveloped, so tools can import it as is.
  router.add('GET', '/__sandbox/openapi.json', () => ({ body: openApiDocument() }));

  // The request journal, a page at a time (the query filters it: worlds/requestQuery.ts).
  router.add('GET', '/__sandbox/requests', async (ctx) => {
    const { filter, limit, before } = requestQuery(ctx.query);
    const waitMs = waitMsOf(ctx.query);
    if (waitMs !== undefined)
      await answerAfter(ctx.env.requests.waitFor(filter, { timeoutMs: waitMs, signal: ctx.env.closing }), ctx.env.closing);
    return ok(journalPage(ctx, filter, limit, before));
  });

  // The sandbox keeps only hashes of app keys: an editor that lost them gets new ones here.
  router.add('POST', '/__sandbox/apps/:id/keys', (ctx) => {
    const id = ctx.params['id'] ?? '';
    const keys = ctx.env.state.reissueAppKeys(id, ctx.env.now());
    if (!keys) {
      throw new ApiError(404, ErrorCode.appNotFound, 'No app has that id; an app made with POST /v1/resource/app has one');
    }
    // Inside a namespace, its new keys are what reach it (the old ones stop, as in the root world).
    if (ctx.env.namespace !== undefined) ctx.env.namespaces.keysChanged(ctx.env.namespace);
    return ok({ app: { _id: id, ...keys } });
  });

  router.add('GET', '/__sandbox/magic', () => ok(magicTable()));

  operationRoutes(router, { events: waitForEvent, sendTestEvent: checksOwnEvent });
}

/** A test event Check Webhook Handler sends (its forgery): the tool's traffic, which the integration review leaves alone. */
const checksOwnEvent: Around = async (ctx, answer) => {
  const sent = await answer();
  if (ctx.headers['user-agent'] === CHECK_USER_AGENT) ctx.env.findings.checkMade(JSON.stringify(sent));
  return sent;
};
