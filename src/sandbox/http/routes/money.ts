import { CHECK_USER_AGENT } from '../../findings/finding';
import * as v from 'valibot';
import { ApiError, ErrorCode, invalid } from '../../vocabulary/errors';
import { STATUS_CODES } from '../../domain/ledger';
import { AIRTIME_PROVIDERS, AirtimeProvider, Outcome, OUTCOMES } from '../../domain/magic';
import { ok, Reply, RequestContext, Router } from '../router';
import { requireApp, requireWallet } from './guards';
import { bankAccountFields, mobileField, requiredString } from '../../worlds/requestFields';
import type { Sender } from '../../domain/ledger';
import { webhookTargetRefusal } from '../../domain/webhookTarget';
import { kobo } from '../../domain/inputs';

// Money movement: phone and bank transfers, requery, airtime (VTU), and the app's callbackURL.
// Each answer is sent only after the state that holds it is on disk (env.durable); see moveMoney.

/**
 * Runs a money move together with its save. While the world cannot be saved, the save is tried
 * again first and, if it still fails, the call is a 503 and nothing moves. Then the answer waits
 * for the move to be on disk; a save that fails has undone it (a 503 again, nothing moved). With
 * events before answers asked for (POST /__sandbox/events/before-answers), it waits for the
 * move's webhook to have been answered too: `reference` names the transfer whose event that is.
 */
export async function moveMoney<T>(ctx: RequestContext, move: () => T, reference?: (moved: T) => string): Promise<T> {
  if (ctx.env.state.saveFailure) await ctx.env.durable();
  const moved = move();
  await ctx.env.durable();
  if (reference) await ctx.env.webhooks.answerAfterEvent(reference(moved), ctx.env.closing);
  return moved;
}

/** An amount the money routes move: the sandbox's kobo from 1 (domain/inputs.ts), as the admin API and a scenario take it. */
const AMOUNT = kobo(1);

/** Integer kobo, as a number or a digit string ("4000"), as the real service accepted. */
export function amountField(body: Record<string, unknown>): number {
  const raw = body['amount'];
  const value = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  if (!v.is(AMOUNT, value)) {
    throw new ApiError(
      400,
      ErrorCode.invalidAmount,
      raw === undefined
        ? 'amount is required: a whole number of kobo, e.g. 10000 for ₦100'
        : 'amount must be a whole number of kobo greater than 0, e.g. 10000 for ₦100 (a digit string like "10000" is fine too)',
    );
  }
  return value;
}

function outcomeHeader(ctx: RequestContext): Outcome | undefined {
  const raw = ctx.headers['x-sandbox-outcome'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
  if (value === undefined || value === '') {
    return undefined;
  }
  if (!(OUTCOMES as readonly string[]).includes(value)) {
    throw new ApiError(400, ErrorCode.badOutcomeHeader, `X-Sandbox-Outcome must be one of ${OUTCOMES.join(', ')}`);
  }
  return value as Outcome;
}

/** Check Webhook Handler's own transfers (CHECK_USER_AGENT) are test transfers: the review leaves their events alone, even one sent before its answer. */
function sender(ctx: RequestContext): Sender {
  const app = requireApp(ctx);
  const wallet = requireWallet(ctx);
  return { app, wallet, ...(ctx.headers['user-agent'] === CHECK_USER_AGENT ? { test: true as const } : {}) };
}

function optionalBoolean(body: Record<string, unknown>, field: string): void {
  const value = body[field];
  if (value !== undefined && typeof value !== 'boolean' && value !== 'true' && value !== 'false') {
    throw invalid(`${field} must be true or false`);
  }
}

function providerField(body: Record<string, unknown>): AirtimeProvider {
  const raw = body['provider'];
  const value = typeof raw === 'string' ? raw.trim().toLowerCase() : raw;
  if (!(AIRTIME_PROVIDERS as readonly unknown[]).includes(value)) {
    throw new ApiError(400, ErrorCode.invalidProvider, `provider must be one of ${AIRTIME_PROVIDERS.join(', ')}`);
  }
  return value as AirtimeProvider;
}

function callbackUrlField(body: Record<string, unknown>): string {
  const raw = body['callbackURL'];
  if (typeof raw !== 'string') {
    throw new ApiError(400, ErrorCode.invalidCallbackUrl, 'callbackURL is required: an http(s) URL, or "" to clear it');
  }
  const url = raw.trim();
  if (url === '') {
    return '';
  }
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || url.length > 2048) {
    throw new ApiError(
      400,
      ErrorCode.invalidCallbackUrl,
      'callbackURL must be an http(s) URL such as http://localhost:3000/webhooks, or "" to clear it',
    );
  }
  const refusal = webhookTargetRefusal(url);
  if (refusal) throw new ApiError(400, ErrorCode.invalidCallbackUrl, refusal);
  return url;
}

export function moneyRoutes(router: Router): void {
  router.add('POST', '/v1/users/transfers/phone', async (ctx) => {
    const from = sender(ctx);
    const mobile = mobileField(ctx.body['mobile']);
    const amount = amountField(ctx.body);
    optionalBoolean(ctx.body, 'sendSms');
    const outcome = outcomeHeader(ctx);
    const record = await moveMoney(
      ctx,
      () => ctx.env.ledger.phoneTransfer({ ...from, outcome }, mobile, amount),
      (moved) => moved.reference,
    );
    return ok({ transaction: { reference: record.reference, amount: record.amount } }, 'Transaction successful');
  });

  router.add('POST', '/v1/users/transfers/bank', bankTransfer);

  router.add('GET', '/v1/users/transfers/requery/bank/:transactionRef', (ctx) => {
    const { wallet } = sender(ctx);
    const transfer = ctx.env.ledger.requery(wallet, ctx.params['transactionRef'] ?? '');
    if (!transfer) {
      throw new ApiError(404, ErrorCode.transactionNotFound, 'Transaction not found: no bank transfer of this wallet has that reference');
    }
    return ok({ transaction: { statusMessage: transfer.status, statusCode: STATUS_CODES[transfer.status] } });
  });

  router.add('POST', '/v1/users/payments/bills/vtu', async (ctx) => {
    const from = sender(ctx);
    const mobile = mobileField(ctx.body['mobile']);
    const amount = amountField(ctx.body);
    const provider = providerField(ctx.body);
    const outcome = outcomeHeader(ctx);
    const record = await moveMoney(ctx, () => ctx.env.ledger.airtime({ ...from, outcome }, mobile, amount, provider));
    return ok({ transaction: { reference: record.reference, amount: record.amount } }, 'Transaction successful');
  });

  router.add('PUT', '/v1/apps/settings', async (ctx) => {
    const app = requireApp(ctx);
    const url = callbackUrlField(ctx.body);
    ctx.env.state.apps.setCallbackUrl(app, url, ctx.env.now());
    await ctx.env.durable();
    return ok(undefined, 'App settings update successful.');
  });
}

/** POST /v1/users/transfers/bank: the recipient's account checked, then the money moved (or nothing moved). */
async function bankTransfer(ctx: RequestContext): Promise<Reply> {
  const from = sender(ctx);
  const accountName = requiredString(ctx.body, 'accountName');
  const { accountNumber, bankCode } = bankAccountFields(requiredString(ctx.body, 'accountNumber'), requiredString(ctx.body, 'bankCode'));
  const amount = amountField(ctx.body);
  const outcome = outcomeHeader(ctx);
  const transfer = await moveMoney(
    ctx,
    () => ctx.env.ledger.bankTransfer({ ...from, outcome }, { accountName, accountNumber, bankCode, amount }),
    (moved) => moved.reference,
  );
  return ok(
    {
      transaction: {
        amount: transfer.amount,
        accountName: transfer.accountName,
        transactionReference: transfer.reference,
        statusCode: STATUS_CODES[transfer.status],
      },
    },
    'Transaction successful',
  );
}
