import * as v from 'valibot';
import { ApiError, ErrorCode, invalid } from '../vocabulary/errors';
import { generateTransactionsInTurns, MAX_GENERATED_PER_CALL } from '../domain/bulkHistory';
import { kobo } from '../domain/inputs';
import { groupedDigits } from '../domain/ledger';
import type { Wallet } from '../domain/wallet';
import { reference } from '../scenario/format';
import type { SandboxEnv } from './env';
import { TRANSACTION_TYPES, type TransactionRecord } from '../types';
import { object, ref } from './answers';
import { countField, mobileField, recipientField, timestampField, walletInput } from './input';
import { operation } from './operation';

// The operations on one wallet: its passcode and tokens, its balance and its history. Each
// takes the mobile in any form the scenario accepts (worlds/input.ts).

/** The largest count the input takes; the limits themselves are bulkHistory's (10,000 a call), with their own error. */
export const MAX_GENERATE = Number.MAX_SAFE_INTEGER;

const ByMobile = v.strictObject({ mobile: mobileField });

function walletUser(wallet: Wallet): { id: string; mobile: string; balance: number } {
  return { id: wallet.record.id, mobile: wallet.record.mobile, balance: wallet.record.balance };
}

/**
 * A transaction as a test adds it: every field as a scenario holds it, so Save Sandbox as
 * Scenario writes it back (a recipient of another shape made the export a 500). Other fields
 * of a record are ignored, as they always were.
 */
const TransactionInput = v.object({
  mobile: mobileField,
  type: v.picklist(TRANSACTION_TYPES, `must be one of ${TRANSACTION_TYPES.join(', ')}`),
  amount: kobo(1),
  recipient: v.optional(recipientField),
  _id: v.optional(reference),
  reference: v.optional(reference),
  createdAt: v.optional(timestampField),
  updatedAt: v.optional(timestampField),
});

/** A state-level refusal (a thrown Error: a reference taken) is the caller's mistake: a 400. */
function asBadInput<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw error instanceof ApiError ? error : invalid((error as Error).message);
  }
}

/** What an answer says of a wallet. */
const WalletAnswer = object({ user: ref('WalletBalance') });

export const walletOperations = {
  passcode: operation({
    route: { method: 'GET', path: '/__sandbox/passcode', query: ['mobile'] },
    accepts: ByMobile,
    doc: {
      id: 'getPasscode',
      summary: 'The latest passcode sent to a mobile',
      answer: object({ mobile: ref('Mobile'), passcode: { type: 'string', pattern: '^\\d{6}$' } }),
    },
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
    accepts: ByMobile,
    doc: {
      id: 'revokeRefreshTokens',
      summary: "Revokes the wallet's refresh tokens",
      answer: object({ mobile: ref('Mobile'), revoked: { type: 'integer', minimum: 0 } }),
    },
    run: (env: SandboxEnv, { mobile }) => {
      walletInput(env.state, mobile);
      return { mobile, revoked: env.state.credentials.revokeRefreshTokens(mobile) };
    },
  }),
  expire: operation({
    route: { method: 'POST', path: '/__sandbox/expire', query: ['mobile'] },
    accepts: ByMobile,
    doc: {
      id: 'expireAccessTokens',
      summary: 'Makes every access token the wallet holds read as expired (refresh tokens still work)',
      answer: object({ mobile: ref('Mobile') }),
    },
    run: (env: SandboxEnv, { mobile }) => {
      walletInput(env.state, mobile);
      env.state.credentials.expireAccessTokens(mobile, env.now());
      return { mobile };
    },
  }),
  balance: operation({
    route: { method: 'GET', path: '/__sandbox/balance', query: ['mobile'] },
    accepts: ByMobile,
    doc: {
      id: 'getBalance',
      summary: "Reads a wallet's balance (kobo)",
      description: 'Node: sandbox.balance(mobile). Every admin mobile is taken in any form a scenario takes (0803…, +234803…, 234803…).',
      answered: 'The wallet and its balance',
      answer: WalletAnswer,
    },
    run: (env: SandboxEnv, { mobile }) => ({ user: walletUser(walletInput(env.state, mobile)) }),
  }),
  setBalance: operation({
    route: { method: 'POST', path: '/__sandbox/balance', query: ['mobile'], body: true },
    accepts: v.strictObject({ mobile: mobileField, balance: v.pipe(kobo(0), v.description('The new balance, in kobo.')) }),
    doc: { id: 'setBalance', summary: 'Sets the balance (kobo)', body: 'SetBalanceRequest', answer: WalletAnswer },
    run: (env: SandboxEnv, { mobile, balance }) => {
      walletInput(env.state, mobile);
      return { user: walletUser(env.state.wallets.setBalance(mobile, balance)) };
    },
  }),
  addTransaction: operation({
    route: { method: 'POST', path: '/__sandbox/transactions', query: ['mobile'], body: true },
    accepts: TransactionInput,
    doc: {
      id: 'addTransaction',
      summary: 'Adds a transaction (the newest, unless dated)',
      body: 'AddTransactionRequest',
      answer: object({ transaction: ref('Transaction') }),
    },
    run: (env: SandboxEnv, { mobile, ...tx }) => {
      walletInput(env.state, mobile);
      const added = tx as Partial<TransactionRecord> & Pick<TransactionRecord, 'type' | 'amount'>;
      return { transaction: asBadInput(() => env.state.wallets.addTransaction(mobile, added, env.now())) };
    },
  }),
  generateTransactions: operation({
    route: { method: 'POST', path: '/__sandbox/generate', query: ['mobile', 'count'] },
    accepts: v.strictObject({ mobile: mobileField, count: countField([0, MAX_GENERATE]) }),
    doc: {
      id: 'generateTransactions',
      summary:
        `Adds \`count\` generated transactions over the last year (at most ${groupedDigits(MAX_GENERATED_PER_CALL)} a call; ` +
        "a wallet's history grows to 100,000 at most this way, the whole sandbox's to 200,000)",
      parameters: { count: `How many to add; more than ${MAX_GENERATED_PER_CALL} in one call is a 400 (90008)` },
      errors: { 409: 'LimitReached' },
      answer: object({ mobile: ref('Mobile'), total: { type: 'integer', minimum: 0 } }),
    },
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
    accepts: ByMobile,
    // Shares POST /__sandbox/reset with the world's reset (worldOperations.ts), whose words describe both.
    doc: {
      id: 'resetWallet',
      summary: 'Gives one wallet back its seeded history, accounts and balance',
      parameters: { mobile: 'Reset only this wallet; without it, the whole sandbox' },
      answer: object({ user: ref('WalletBalance'), total: { type: 'integer', minimum: 0 } }),
    },
    run: (env: SandboxEnv, { mobile }) => {
      walletInput(env.state, mobile);
      const reset = env.state.wallets.resetWallet(mobile, env.now());
      return { user: walletUser(reset), total: reset.size };
    },
  }),
};
