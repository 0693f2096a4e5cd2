import { invalid } from '../vocabulary/errors';
import { PERSONA_MOBILE } from '../domain/magic';
import type { AppRecord } from '../domain/state';
import type { Wallet } from '../domain/wallet';
import type { WebhookEvent, WebhookType } from '../types';
import type { SandboxEnv } from './env';
import { walletInput } from './input';

// A test event a handler can requery (POST /__sandbox/events/test with `transfer: true`, the
// editor's Trigger Test Event): the sandbox moves ₦1.00 of sandbox money from the app's wallet,
// as the app itself would, and its transfer's own webhook event goes out, marked as a test. A
// made-up reference would be unknown to the API, and a handler that requeries rightly ignores it.

/** What a test transfer moves: ₦1.00, in kobo. */
export const TEST_TRANSFER_KOBO = 100;
/** The magic account that settles at once (domain/magic.ts): the BANK_TRANSFER event follows the transfer. */
const INSTANT_ACCOUNT = { accountNumber: '1000000001', bankCode: '000014', accountName: 'SANDBOX INSTANT SUCCESS' };
/** Where a phone test transfer goes: the persona wallet, else the other demo wallet, else any other wallet. */
const RECIPIENTS = [PERSONA_MOBILE, '2348000000000'];

/** The wallet that sends: the one named, else the wallet connected to the app last. */
function senderWallet(env: SandboxEnv, app: AppRecord, mobile: string | undefined): Wallet {
  const chosen = mobile ?? app.wallets.at(-1);
  if (chosen === undefined) {
    throw invalid(`App "${app.name.slice(0, 60)}" has no connected wallet to send a test transfer from: connect one, or name its mobile`);
  }
  return walletInput(env.state, chosen);
}

function recipientMobile(env: SandboxEnv, from: Wallet): string {
  const found = [...RECIPIENTS, ...env.state.wallets.mobiles()].find(
    (mobile) => mobile !== from.record.mobile && env.state.wallets.wallet(mobile),
  );
  if (found === undefined) throw invalid('A PHONE_TRANSFER test transfer needs a second wallet in the sandbox; send a BANK_TRANSFER one');
  return found;
}

const referenceOf = (event: WebhookEvent): unknown =>
  (event.payload.payload.data as { transactionReference?: unknown }).transactionReference;

/**
 * Moves TEST_TRANSFER_KOBO from the wallet (`mobile`, else the app's) as the app, then answers its
 * webhook event, sent once the transfer is saved. Refused as the API refuses the transfer
 * (insufficient funds: 400 50001), moving nothing.
 */
export async function sendTestTransfer(
  env: SandboxEnv,
  app: AppRecord,
  type: WebhookType,
  mobile: string | undefined,
): Promise<WebhookEvent> {
  const wallet = senderWallet(env, app, mobile);
  // A forced success: a magic amount or account never turns the test into something else.
  const sender = { app, wallet, outcome: 'success' as const, test: true as const };
  const reference =
    type === 'BANK_TRANSFER'
      ? env.ledger.bankTransfer(sender, { ...INSTANT_ACCOUNT, amount: TEST_TRANSFER_KOBO }).reference
      : env.ledger.phoneTransfer(sender, recipientMobile(env, wallet), TEST_TRANSFER_KOBO).reference;
  await env.durable();
  const event = [...env.state.events.values()].find((candidate) => referenceOf(candidate) === reference);
  if (!event) throw new Error(`The sandbox made no webhook event for the test transfer ${reference}`);
  return event;
}
