import { resolveAccount } from '../../domain/accounts';
import { BANKS, bankInList } from '../../domain/banks';
import { BVN_PATTERN, lookupBvn } from '../../domain/bvn';
import { accountNotResolved, ApiError, ErrorCode, invalid } from '../../vocabulary/errors';
import { ok, Reply, RequestContext, Router } from '../router';
import { TransactionType } from '../../types';
import { Wallet } from '../../domain/wallet';
import { requireApp, requireWallet } from './guards';
import { moveMoney } from './money';
import { bankAccountFields, queryInt, queryParam, queryType } from '../../worlds/requestFields';

// Endpoints 5-10: what an app can read with a wallet access token, plus the bank queries.

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
const MAX_PAGE = 1_000_000_000;

function walletUser(wallet: Wallet): Record<string, unknown> {
  return { id: wallet.record.id, mobile: wallet.record.mobile, balance: wallet.record.balance };
}

function listQuery(ctx: RequestContext): { limit: number; page: number; type: TransactionType | undefined } {
  return {
    limit: queryInt(ctx.query, 'limit', 1, MAX_LIMIT, DEFAULT_LIMIT),
    page: queryInt(ctx.query, 'pages', 1, MAX_PAGE, 1),
    type: queryType(ctx.query),
  };
}

export function walletQueryRoutes(router: Router): void {
  router.add('GET', '/v1/users/accounts', (ctx) => {
    requireApp(ctx);
    const wallet = requireWallet(ctx);
    return ok({ accounts: wallet.record.accounts });
  });

  const balance = (ctx: RequestContext) => {
    requireApp(ctx);
    const wallet = requireWallet(ctx);
    // Old SDKs POST { mobile }; the token decides which wallet answers, the field is only checked.
    const mobile = ctx.body['mobile'];
    if (mobile !== undefined && typeof mobile !== 'string') {
      throw invalid('mobile must be a string');
    }
    return ok({ user: walletUser(wallet) });
  };
  router.add('GET', '/v1/users/balance', balance);
  router.add('POST', '/v1/users/balance', balance);

  router.add('GET', '/v1/transactions', (ctx) => {
    requireApp(ctx);
    const wallet = requireWallet(ctx);
    const { limit, page, type } = listQuery(ctx);
    return ok({ transactions: wallet.list(type, limit, page) });
  });

  router.add('GET', '/v1/transactions/:transactionRef', (ctx) => {
    requireApp(ctx);
    const wallet = requireWallet(ctx);
    const { type } = listQuery(ctx);
    const transaction = wallet.find(ctx.params['transactionRef'] ?? '');
    if (!transaction || (type !== undefined && transaction.type !== type)) {
      throw new ApiError(404, ErrorCode.transactionNotFound, 'Transaction not found');
    }
    return ok({ transaction });
  });

  // The wallet token is not needed here; clients that send one are not refused.
  router.add('GET', '/v1/queries/banks', (ctx) => {
    requireApp(ctx);
    return ok({ banks: BANKS });
  });

  router.add('GET', '/v1/queries/bvn', bvnQuery);

  router.add('GET', '/v1/queries/verify', verifyAccount);
}

/** GET /v1/queries/bvn: charged (N35) and recorded in the history, as the real service does per query. */
async function bvnQuery(ctx: RequestContext): Promise<Reply> {
  requireApp(ctx);
  const wallet = requireWallet(ctx);
  const bvn = queryParam(ctx.query, 'bvn') ?? '';
  if (!BVN_PATTERN.test(bvn)) {
    throw invalid('bvn must be the 11 digits of a Bank Verification Number, e.g. 22123456789');
  }
  const identity = lookupBvn(bvn);
  if (!identity) {
    throw new ApiError(404, ErrorCode.bvnNotFound, 'No record was found for this BVN; nothing was charged');
  }
  await moveMoney(ctx, () => ctx.env.ledger.bvnCharge(wallet, bvn, identity));
  return ok(identity);
}

/** GET /v1/queries/verify: the name on a bank account, as domain/accounts.ts resolves it. */
function verifyAccount(ctx: RequestContext): Reply {
  requireApp(ctx);
  const wallet = requireWallet(ctx);
  const { accountNumber, bankCode } = bankAccountFields(
    queryParam(ctx.query, 'accountNumber') ?? '',
    queryParam(ctx.query, 'bankCode') ?? '',
  );
  const bank = bankInList(bankCode);
  const resolved = resolveAccount(ctx.env.state, bankCode, accountNumber, wallet.record.transactions);
  if (!resolved) {
    throw accountNotResolved();
  }
  return ok({ accountNumber, accountName: resolved.accountName, bankCode, bankName: bank.bankName }, 'Account resolved');
}
