import { ApiError, ErrorCode, invalid, userNotFound } from '../errors';
import { openApiDocument } from '../openapiDocument';
import { parseFault } from '../http/faults';
import { ok, RequestContext, Router } from '../http/router';
import { TRANSACTION_TYPES, TransactionRecord, TransactionType } from '../types';
import { Wallet } from '../domain/wallet';
import { generateTransactionsInTurns, MAX_GENERATED_PER_CALL } from '../domain/bulkHistory';
import { WATCH_PATH } from '../sharing/wire';
import { exportScenario } from '../scenario/export';
import { requestQuery } from '../requests/query';
import { answerAfter, waitMsOf } from './waitQuery';
import { mobileField, queryParam } from '../http/routes/input';

// /__sandbox/*: controls for tests in other processes and for people driving the sandbox by hand.
// These paths are never delayed or faulted and are not recorded in the request journal.

function walletFromQuery(ctx: RequestContext): Wallet {
  const wallet = ctx.env.state.wallet(mobileField(queryParam(ctx.query, 'mobile'), 'mobile (query)'));
  if (!wallet) {
    throw userNotFound();
  }
  return wallet;
}

const KNOB_LIMITS: Record<string, [min: number, max: number]> = {
  tokenLifetimeSeconds: [1, 10 * 365 * 86400],
  latencyMs: [0, 600_000],
};

/** Turns a state-level refusal (a thrown Error) into a 400. */
function asBadInput<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw error instanceof ApiError ? error : invalid((error as Error).message);
  }
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
    return { body: undefined, stream: (res) => ctx.env.feed.open(ctx.headers, res) };
  });

  // The contract of every endpoint, this admin API included; not enveloped, so tools can import it as is.
  router.add('GET', '/__sandbox/openapi.json', () => ({ body: openApiDocument() }));

  // The request journal, oldest first (the query filters it: requests/query.ts).
  router.add('GET', '/__sandbox/requests', async (ctx) => {
    const { filter, limit } = requestQuery(ctx.query);
    const waitMs = waitMsOf(ctx.query);
    if (waitMs !== undefined)
      await answerAfter(ctx.env.requests.waitFor(filter, { timeoutMs: waitMs, signal: ctx.env.closing }), ctx.env.closing);
    return ok({ requests: ctx.env.requests.list(filter).slice(-limit) });
  });
  router.add('DELETE', '/__sandbox/requests', (ctx) => {
    ctx.env.requests.clear();
    return ok({ requests: [] });
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

  // The world as a scenario file (Save Sandbox as Scenario): sandbox fixtures, not secrets of a real service.
  router.add('GET', '/__sandbox/scenario', async (ctx) =>
    ok(await exportScenario({ state: ctx.env.state.toJSON(), knobs: ctx.env.knobs, nowMs: ctx.env.now(), scenario: ctx.env.scenario })),
  );

  router.add('GET', '/__sandbox/knobs', (ctx) => ok({ knobs: ctx.env.knobs }));
  router.add('PATCH', '/__sandbox/knobs', (ctx) => {
    const updates: [keyof typeof KNOB_LIMITS, number][] = [];
    for (const [name, value] of Object.entries(ctx.body)) {
      const limits = KNOB_LIMITS[name];
      if (!limits) {
        throw invalid(
          `Unknown knob "${name.slice(0, 40)}"; knobs are ${Object.keys(KNOB_LIMITS).join(', ')} (faults have their own endpoint)`,
        );
      }
      if (!Number.isInteger(value) || (value as number) < limits[0] || (value as number) > limits[1]) {
        throw invalid(`${name} must be a whole number from ${limits[0]} to ${limits[1]}`);
      }
      updates.push([name, value as number]);
    }
    for (const [name, value] of updates) {
      (ctx.env.knobs as unknown as Record<string, number>)[name] = value;
    }
    if (updates.length > 0) ctx.env.knobControl.changed();
    return ok({ knobs: ctx.env.knobs });
  });

  router.add('POST', '/__sandbox/faults', (ctx) => {
    const fault = ctx.env.knobControl.add(parseFault(ctx.body));
    return ok({ fault, faults: ctx.env.knobs.faults });
  });
  router.add('DELETE', '/__sandbox/faults', (ctx) => {
    const cleared = ctx.env.knobControl.clear();
    return ok({ cleared, faults: [] });
  });
  router.add('DELETE', '/__sandbox/faults/:id', (ctx) => {
    const removed = ctx.env.knobControl.remove(ctx.params['id'] ?? '');
    return ok({ removed, faults: ctx.env.knobs.faults });
  });

  router.add('GET', '/__sandbox/passcode', (ctx) => {
    const wallet = walletFromQuery(ctx);
    const passcode = ctx.env.state.credentials.lastPasscode(wallet.record.mobile);
    if (passcode === undefined) {
      throw new ApiError(404, ErrorCode.notFound, 'No passcode is waiting for this mobile; send an OTP first');
    }
    return ok({ mobile: wallet.record.mobile, passcode });
  });

  router.add('POST', '/__sandbox/revoke', (ctx) => {
    const wallet = walletFromQuery(ctx);
    return ok({ mobile: wallet.record.mobile, revoked: ctx.env.state.credentials.revokeRefreshTokens(wallet.record.mobile) });
  });

  router.add('POST', '/__sandbox/expire', (ctx) => {
    const wallet = walletFromQuery(ctx);
    ctx.env.state.credentials.expireAccessTokens(wallet.record.mobile, ctx.env.now());
    return ok({ mobile: wallet.record.mobile });
  });

  router.add('POST', '/__sandbox/transactions', (ctx) => {
    const wallet = walletFromQuery(ctx);
    const { type, amount } = ctx.body;
    if (!(TRANSACTION_TYPES as readonly unknown[]).includes(type)) {
      throw invalid(`type must be one of ${TRANSACTION_TYPES.join(', ')}`);
    }
    if (typeof amount !== 'number') {
      throw invalid('amount must be a positive whole number of kobo');
    }
    const recipient = ctx.body['recipient'];
    if (recipient !== undefined && (typeof recipient !== 'object' || recipient === null || Array.isArray(recipient))) {
      throw invalid('recipient must be an object');
    }
    for (const field of ['_id', 'reference', 'createdAt', 'updatedAt']) {
      if (ctx.body[field] !== undefined && typeof ctx.body[field] !== 'string') {
        throw invalid(`${field} must be a string`);
      }
    }
    const input = { ...ctx.body, type: type as TransactionType, amount } as Partial<TransactionRecord> & {
      type: TransactionType;
      amount: number;
    };
    const transaction = asBadInput(() => ctx.env.state.addTransaction(wallet.record.mobile, input, ctx.env.now()));
    return ok({ transaction });
  });

  router.add('POST', '/__sandbox/balance', (ctx) => {
    const wallet = walletFromQuery(ctx);
    const balance = ctx.body['balance'];
    if (!Number.isSafeInteger(balance) || (balance as number) < 0) {
      throw invalid('balance must be a whole, non-negative number of kobo');
    }
    ctx.env.state.setBalance(wallet.record.mobile, balance as number);
    return ok({ user: { id: wallet.record.id, mobile: wallet.record.mobile, balance } });
  });

  // With ?mobile=, that wallet only (its seeded history); without, the whole world (Sandbox.reset).
  router.add('POST', '/__sandbox/reset', async (ctx) => {
    if (queryParam(ctx.query, 'mobile') === undefined) {
      await ctx.env.reset();
      return ok({ reset: true, clock: { now: new Date(ctx.env.now()).toISOString(), offsetMs: ctx.env.clock.offsetMs } });
    }
    const wallet = walletFromQuery(ctx);
    const reset = ctx.env.state.resetWallet(wallet.record.mobile, ctx.env.now());
    return ok({ user: { id: reset.record.id, mobile: reset.record.mobile, balance: reset.record.balance }, total: reset.size });
  });

  // Bounded (domain/bulkHistory.ts), and made in turns so other clients are answered meanwhile.
  router.add('POST', '/__sandbox/generate', async (ctx) => {
    const wallet = walletFromQuery(ctx);
    const raw = queryParam(ctx.query, 'count') ?? '';
    if (!/^\d{1,15}$/.test(raw)) {
      throw invalid(`count must be a whole number from 0 to ${MAX_GENERATED_PER_CALL}`);
    }
    await generateTransactionsInTurns(ctx.env.state, wallet.record.mobile, Number(raw), ctx.env.now(), () =>
      ctx.env.namespaces.historySize(),
    );
    return ok({ mobile: wallet.record.mobile, total: wallet.size });
  });
}
