// The one definition of every agent tool: the language model tools (package.json
// contributes.languageModelTools, generated from this by `npm run tools:manifest`) and the MCP
// server's tools both come from here, so the two cannot drift. Plain Node: no vscode.

import * as v from 'valibot';
import { AIRTIME_PROVIDERS, TRANSACTION_TYPES } from '../../api';
import { FaultSchema, kobo, walletMobile, WEBHOOK_CONTROL_LIMITS } from '../../sandbox/reference';

const described = <T extends v.GenericSchema>(schema: T, text: string) => v.pipe(schema, v.description(text));
const wholeNumber = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));

// A mobile, an amount and a fault are the sandbox's own input concepts (src/sandbox/domain/inputs.ts):
// what the model is told the tools take, the sandbox takes (a mobile in any Nigerian form, sent as 234…).
const WALLET = v.optional(
  described(
    walletMobile,
    'Mobile of the wallet to use (2348031234567, 08031234567 or +2348031234567). ' +
      'Omit it for the active wallet in VS Code, or the demo wallet 2348000000000 over MCP.',
  ),
);
const AMOUNT_KOBO = described(kobo(1), 'Amount in kobo, a whole number (100 kobo = ₦1; 150000 = ₦1,500.00).');
const ACCOUNT_NUMBER = described(v.pipe(v.string(), v.regex(/^\d{10}$/)), 'The 10-digit NUBAN account number.');
const BANK_CODE = described(v.pipe(v.string(), v.regex(/^\d{3,6}$/)), 'The bank code from wallet_banks (e.g. 000014).');
const RECIPIENT_MOBILE = described(walletMobile, 'Recipient mobile: 2348031234567, 08031234567 or +2348031234567.');
const FAULT = FaultSchema.entries;

export interface ToolDefinition<TInput extends v.GenericSchema = v.GenericSchema> {
  /** Tool name, the same in VS Code and over MCP. */
  name: string;
  /** Short title people see (VS Code's tool picker and confirmations, MCP clients). */
  title: string;
  /** What the model reads to decide when and how to call it. */
  modelDescription: string;
  input: TInput;
  /** Changes the local sandbox's state: asks first in VS Code, refused outside the local sandbox. */
  action: boolean;
}

const tool = <T extends v.GenericSchema>(definition: ToolDefinition<T>) => definition;

export const TOOL_DEFINITIONS = {
  balance: tool({
    name: 'wallet_balance',
    title: 'Wallet balance',
    modelDescription:
      "Reads a wallet's balance (naira, with the exact kobo) from the current environment of Wallet Console (local sandbox, staging or production). Read-only.",
    input: v.strictObject({ wallet: WALLET }),
    action: false,
  }),
  transactions: tool({
    name: 'wallet_transactions',
    title: 'Wallet transactions',
    modelDescription:
      "Lists a wallet's transactions, newest first, one page at a time (default 10 per page), optionally of one type. " +
      'Each line has the reference, type, amount, date and masked counterparty; ask for the next page for more. Read-only.',
    input: v.strictObject({
      wallet: WALLET,
      type: v.optional(described(v.picklist(TRANSACTION_TYPES), 'Only transactions of this type.')),
      page: v.optional(described(wholeNumber(1, 100_000), 'Page number, from 1.')),
      pageSize: v.optional(described(wholeNumber(1, 50), 'Transactions per page, 1 to 50 (default 10).')),
    }),
    action: false,
  }),
  transaction: tool({
    name: 'wallet_transaction',
    title: 'One transaction',
    modelDescription:
      'Shows one transaction of a wallet by its reference (24 hex characters): amount, type, dates and masked recipient. Read-only.',
    input: v.strictObject({
      reference: described(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)), 'The transaction reference.'),
      wallet: WALLET,
    }),
    action: false,
  }),
  banks: tool({
    name: 'wallet_banks',
    title: 'Bank list',
    modelDescription:
      'Finds banks and their codes in the bank list (dozens of banks, hundreds on a real server): ' +
      'give part of a name or code to filter; without a filter it gives the count and the first matches. ' +
      'Use the code with wallet_verify_bank_account or sandbox_bank_transfer. Read-only.',
    input: v.strictObject({
      search: v.optional(
        described(v.pipe(v.string(), v.maxLength(60)), 'Part of the bank name or code, any case (e.g. "access", "guaranty", "000014").'),
      ),
      limit: v.optional(described(wholeNumber(1, 50), 'Most banks to list, 1 to 50 (default 15).')),
    }),
    action: false,
  }),
  verifyBankAccount: tool({
    name: 'wallet_verify_bank_account',
    title: 'Verify a bank account',
    modelDescription:
      'Looks up the account name of a bank account (bank code and 10-digit NUBAN), as a transfer would. Use it before sandbox_bank_transfer. ' +
      'The result masks the account number. Read-only.',
    input: v.strictObject({ bankCode: BANK_CODE, accountNumber: ACCOUNT_NUMBER }),
    action: false,
  }),
  recentRequests: tool({
    name: 'wallet_recent_requests',
    title: 'Recent API requests',
    modelDescription:
      'Lists the most recent HTTP requests made to the wallet API (method, path, status, time), newest first, ' +
      'to see what an app or the extension just called and how it was answered. Read-only.',
    input: v.strictObject({
      limit: v.optional(described(wholeNumber(1, 100), 'How many requests, 1 to 100 (default 20).')),
    }),
    action: false,
  }),
  webhookEvents: tool({
    name: 'wallet_webhook_events',
    title: 'Webhook events',
    modelDescription:
      "Lists the local sandbox's webhook events (transfers' callbacks to the app's callbackURL), newest first: " +
      'id, type, state, attempts and the last answer. Use an id with sandbox_redeliver_event. Read-only.',
    input: v.strictObject({
      state: v.optional(described(v.picklist(['pending', 'delivered', 'retrying', 'failed', 'withheld']), 'Only events in this state.')),
      limit: v.optional(described(wholeNumber(1, 50), 'How many events, 1 to 50 (default 10).')),
    }),
    action: false,
  }),
  findings: tool({
    name: 'wallet_findings',
    title: 'Integration review findings',
    modelDescription:
      "Lists what the local sandbox's integration review found the app doing that costs money in production " +
      '(a money POST retried without a requery, a secret in a URL, a webhook not acknowledged or trusted without a requery…), ' +
      'most severe first: severity, rule, what happened, the request ids (see wallet_recent_requests) and how to fix it. Read-only.',
    input: v.strictObject({
      severity: v.optional(described(v.picklist(['error', 'warning', 'info']), 'Only findings of this severity.')),
      limit: v.optional(described(wholeNumber(1, 50), 'How many findings, 1 to 50 (default 10).')),
    }),
    action: false,
  }),
  bankTransfer: tool({
    name: 'sandbox_bank_transfer',
    title: 'Send a test bank transfer',
    modelDescription:
      'Local sandbox only: sends a test bank transfer from a sandbox wallet. ' +
      'It answers pending and settles when the sandbox clock passes its settlement time (see sandbox_advance_clock). ' +
      'The account name is looked up when not given. ' +
      'Never retried: if the answer is lost the outcome is unknown and must be checked with wallet_transactions.',
    input: v.strictObject({
      bankCode: BANK_CODE,
      accountNumber: ACCOUNT_NUMBER,
      amountKobo: AMOUNT_KOBO,
      accountName: v.optional(described(v.pipe(v.string(), v.minLength(1), v.maxLength(100)), 'The account name, if already verified.')),
      wallet: WALLET,
    }),
    action: true,
  }),
  phoneTransfer: tool({
    name: 'sandbox_phone_transfer',
    title: 'Send a test phone transfer',
    modelDescription:
      'Local sandbox only: sends a test transfer from a sandbox wallet to another wallet by mobile number; it completes at once. ' +
      'Never retried: if the answer is lost the outcome is unknown and must be checked with wallet_transactions.',
    input: v.strictObject({ mobile: RECIPIENT_MOBILE, amountKobo: AMOUNT_KOBO, wallet: WALLET }),
    action: true,
  }),
  airtime: tool({
    name: 'sandbox_buy_airtime',
    title: 'Buy test airtime',
    modelDescription:
      'Local sandbox only: buys test airtime (VTU) for a mobile number from a sandbox wallet. ' +
      'Never retried: if the answer is lost the outcome is unknown and must be checked with wallet_transactions.',
    input: v.strictObject({
      mobile: RECIPIENT_MOBILE,
      amountKobo: AMOUNT_KOBO,
      provider: described(v.picklist(AIRTIME_PROVIDERS), 'The mobile network.'),
      wallet: WALLET,
    }),
    action: true,
  }),
  advanceClock: tool({
    name: 'sandbox_advance_clock',
    title: 'Advance the sandbox clock',
    modelDescription:
      "Local sandbox only: moves the sandbox's virtual clock forward, which settles pending bank transfers that fall due and runs due webhook retries.",
    input: v.strictObject({ seconds: described(wholeNumber(1, 30 * 86_400), 'Seconds to move forward, 1 to 2592000 (30 days).') }),
    action: true,
  }),
  injectFault: tool({
    name: 'sandbox_inject_fault',
    title: 'Inject a fault',
    modelDescription:
      'Local sandbox only: makes the sandbox fail requests to a path (end it with * for a prefix) ' +
      'with an HTTP status, a dropped connection or a delay, for the next `times` requests (default: until cleared), ' +
      'to test how a client copes. With phase "after" the API does its work first (a transfer moves the money and ' +
      'its webhook follows), then the app gets the fault: how production loses an answer, and why a blind retry pays twice.',
    input: v.strictObject({
      // The fault's fields and limits are the sandbox's own (FaultSchema, src/sandbox/domain/inputs.ts): what the model
      // is told, the sandbox takes.
      path: described(FAULT.path, 'Request path, e.g. /v1/users/balance or /v1/*.'),
      method: v.optional(described(FAULT.method.wrapped, 'Only requests with this method.')),
      phase: FAULT.phase,
      status: v.optional(described(FAULT.status.wrapped, 'Answer with this HTTP status and an error body (e.g. 500, 503, 429).')),
      drop: v.optional(described(FAULT.drop.wrapped, 'Drop the connection without an answer.')),
      delayMs: v.optional(
        described(FAULT.delayMs.wrapped, 'Wait this long before answering, in milliseconds (with phase "after": hold the answer).'),
      ),
      times: v.optional(described(FAULT.times.wrapped, 'Only for this many requests.')),
    }),
    action: true,
  }),
  clearFaults: tool({
    name: 'sandbox_clear_faults',
    title: 'Clear faults',
    modelDescription: 'Local sandbox only: removes every injected fault, so requests are answered normally again.',
    input: v.strictObject({}),
    action: true,
  }),
  redeliverEvent: tool({
    name: 'sandbox_redeliver_event',
    title: 'Redeliver a webhook event',
    modelDescription: "Local sandbox only: sends a webhook event (an id from wallet_webhook_events) to the app's callbackURL again.",
    input: v.strictObject({ eventId: described(v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/)), 'The event id.') }),
    action: true,
  }),
  webhookDisorder: tool({
    name: 'sandbox_webhook_disorder',
    title: 'Send webhooks as production does',
    modelDescription:
      "Local sandbox only: makes the sandbox's webhooks behave as production's do, to test the app's webhook handler. " +
      "'copies': sends an event (eventId) as 2 to 10 requests open at once (a check-then-insert guard credits twice). " +
      "'older': sends the PENDING event that preceded a bank transfer's SUCCESS or FAILED event (eventId) after it. " +
      "'withhold': the next event (of eventType, or any) is made but never sent, so the app must requery. " +
      "'beforeAnswer': the next transfer's answer waits until its webhook was answered. " +
      "'reversal': a bank transfer that succeeded (reference) is reversed afterDays later on the sandbox clock (money back, a FAILED event). " +
      'Event ids and references come from wallet_webhook_events.',
    input: v.strictObject({
      disorder: described(v.picklist(['copies', 'older', 'withhold', 'beforeAnswer', 'reversal']), 'Which of production’s disorders.'),
      eventId: v.optional(described(v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/)), "For 'copies' and 'older': the event id.")),
      copies: v.optional(described(wholeNumber(...WEBHOOK_CONTROL_LIMITS.copies), "For 'copies': how many requests at once (default 2).")),
      eventType: v.optional(
        described(v.picklist(['BANK_TRANSFER', 'PHONE_TRANSFER']), "For 'withhold': only this type's next event (default any)."),
      ),
      reference: v.optional(
        described(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)), "For 'reversal': the bank transfer's transactionReference."),
      ),
      afterDays: v.optional(described(wholeNumber(0, 365), "For 'reversal': days on the sandbox clock until it (default 3).")),
    }),
    action: true,
  }),
  resetWallet: tool({
    name: 'sandbox_reset_wallet',
    title: "Reset a wallet's history",
    modelDescription:
      'Local sandbox only: gives a sandbox wallet back its seeded balance, history and linked accounts, ' +
      'discarding every transaction made since (tokens and webhook events stay).',
    input: v.strictObject({ wallet: WALLET }),
    action: true,
  }),
};

export type ToolKey = keyof typeof TOOL_DEFINITIONS;
export type ToolInput<K extends ToolKey> = v.InferOutput<(typeof TOOL_DEFINITIONS)[K]['input']>;

/** Every tool, in the order they are listed (package.json, MCP tools/list). */
export const TOOLS: readonly ToolDefinition[] = Object.values(TOOL_DEFINITIONS);

export function toolKeyByName(name: string): ToolKey | undefined {
  return (Object.keys(TOOL_DEFINITIONS) as ToolKey[]).find((key) => TOOL_DEFINITIONS[key].name === name);
}
