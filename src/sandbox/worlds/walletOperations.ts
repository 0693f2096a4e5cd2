import { ApiError, ErrorCode, invalid } from '../vocabulary/errors';
import { generateTransactionsInTurns } from '../domain/bulkHistory';
import type { Wallet } from '../domain/wallet';
import type { SandboxEnv } from './env';
import { TRANSACTION_TYPES, type TransactionRecord, type TransactionType } from '../types';
import { koboInput, mobileInput, objectInput, optionalString, timestampInput, walletInput, wholeInput, type RawInput } from './input';
import { operation } from './operation';

// The operations on one wallet: its passcode and tokens, its balance and its history. Each
// takes the mobile in any form the scenario accepts (worlds/input.ts).

/** The largest count the input takes; the limits themselves are bulkHistory's (10,000 a call), with their own error. */
export const MAX_GENERATE = Number.MAX_SAFE_INTEGER;

const byMobile = { input: (raw: RawInput) => ({ mobile: mobileInput(raw['mobile']) }) };

function walletUser(wallet: Wallet): { id: string; mobile: string; balance: number } {
  return { id: wallet.record.id, mobile: wallet.record.mobile, balance: wallet.record.balance };
}

type TransactionInput = Partial<TransactionRecord> & { type: TransactionType; amount: number };

/** A transaction as a test adds it: every field checked as the scenario export will read it back. */
function transactionInput(raw: RawInput): { mobile: string; tx: TransactionInput } {
  const mobile = mobileInput(raw['mobile']);
  const type = raw['type'];
  if (!(TRANSACTION_TYPES as readonly unknown[]).includes(type)) throw invalid(`type must be one of ${TRANSACTION_TYPES.join(', ')}`);
  const tx: TransactionInput = { type: type as TransactionType, amount: koboInput(raw['amount'], 'amount', 1) };
  const recipient = objectInput(raw['recipient'], 'recipient');
  if (recipient) tx.recipient = recipient as unknown as TransactionRecord['recipient'];
  for (const field of ['_id', 'reference'] as const) {
    const value = optionalString(raw[field], field, 64);
    if (value !== undefined) tx[field] = value;
  }
  for (const field of ['createdAt', 'updatedAt'] as const) {
    const value = timestampInput(raw[field], field);
    if (value !== undefined) tx[field] = value;
  }
  return { mobile, tx };
}

/** A state-level refusal (a thrown Error: a reference taken) is the caller's mistake: a 400. */
function asBadInput<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw error instanceof ApiError ? error : invalid((error as Error).message);
  }
}

export const walletOperations = {
  passcode: operation({
    route: { method: 'GET', path: '/__sandbox/passcode', query: ['mobile'] },
    ...byMobile,
    run: (env: SandboxEnv, { mobile }) => {
      const wallet = walletInput(env.state, mobile);
      const passcode = env.state.credentials.lastPasscode(wallet.record.mobile);
      if (passcode === undefined) {
        throw new ApiError(404, ErrorCode.notFound, 'No passcode is waiting for this mobile; send an OTP first');
      }
      return { mobile: wallet.record.mobile, passcode };
    },
  }),
  revoke: operation({
    route: { method: 'POST', path: '/__sandbox/revoke', query: ['mobile'] },
    ...byMobile,
    run: (env: SandboxEnv, { mobile }) => {
      walletInput(env.state, mobile);
      return { mobile, revoked: env.state.credentials.revokeRefreshTokens(mobile) };
    },
  }),
  expire: operation({
    route: { method: 'POST', path: '/__sandbox/expire', query: ['mobile'] },
    ...byMobile,
    run: (env: SandboxEnv, { mobile }) => {
      walletInput(env.state, mobile);
      env.state.credentials.expireAccessTokens(mobile, env.now());
      return { mobile };
    },
  }),
  balance: operation({
    route: { method: 'GET', path: '/__sandbox/balance', query: ['mobile'] },
    ...byMobile,
    run: (env: SandboxEnv, { mobile }) => ({ user: walletUser(walletInput(env.state, mobile)) }),
  }),
  setBalance: operation({
    route: { method: 'POST', path: '/__sandbox/balance', query: ['mobile'], body: true },
    input: (raw) => ({ mobile: mobileInput(raw['mobile']), balance: koboInput(raw['balance'], 'balance', 0) }),
    run: (env: SandboxEnv, { mobile, balance }) => {
      walletInput(env.state, mobile);
      return { user: walletUser(env.state.wallets.setBalance(mobile, balance)) };
    },
  }),
  addTransaction: operation({
    route: { method: 'POST', path: '/__sandbox/transactions', query: ['mobile'], body: true },
    input: transactionInput,
    run: (env: SandboxEnv, { mobile, tx }) => {
      walletInput(env.state, mobile);
      return { transaction: asBadInput(() => env.state.wallets.addTransaction(mobile, tx, env.now())) };
    },
  }),
  generateTransactions: operation({
    route: { method: 'POST', path: '/__sandbox/generate', query: ['mobile', 'count'] },
    input: (raw) => ({ mobile: mobileInput(raw['mobile']), count: wholeInput(raw['count'], 'count', 0, MAX_GENERATE) }),
    // In turns: other requests are answered between its chunks, over HTTP and from Node alike.
    run: async (env: SandboxEnv, { mobile, count }) => {
      const state = env.state;
      const wallet = walletInput(state, mobile);
      // Bounded per call, per wallet and for the whole sandbox (domain/bulkHistory.ts: 400 or 409 90008).
      await generateTransactionsInTurns(state, mobile, count, env.now(), () => env.namespaces.historySize());
      return { mobile, total: wallet.size };
    },
  }),
  resetWallet: operation({
    route: { method: 'POST', path: '/__sandbox/reset', query: ['mobile'], when: (query) => query.has('mobile') },
    ...byMobile,
    run: (env: SandboxEnv, { mobile }) => {
      walletInput(env.state, mobile);
      const reset = env.state.wallets.resetWallet(mobile, env.now());
      return { user: walletUser(reset), total: reset.size };
    },
  }),
};
