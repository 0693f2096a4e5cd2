// The sandbox actions. They run only in the local sandbox (run.ts refuses them elsewhere);
// money moves through the API client like any app's, once: a lost answer is "outcome unknown".

import type { Fault } from '../../sandbox';
import { formatBillerName } from '../../common/billerName';
import { maskAccountNumber, maskMobile } from '../../masking/masking';
import { countText } from '../../common/plural';
import type { ToolContext } from './context';
import type { ToolInput } from './definitions';
import { eventLine, money, shortDate } from './format';

const STATUS_WORDS: Readonly<Record<string, string>> = { '000001': 'succeeded', '000002': 'pending', '000000': 'failed' };

export async function bankTransfer(ctx: ToolContext, input: ToolInput<'bankTransfer'>): Promise<string[]> {
  const answer = await ctx.withWallet(async (client, credentials) => {
    const account = { bankCode: input.bankCode, accountNumber: input.accountNumber };
    const accountName = input.accountName ?? (await client.verifyBankAccount(credentials, account)).accountName;
    return client.sendToBank(credentials, { ...account, accountName, amount: input.amountKobo });
  }, input.wallet);
  const status = STATUS_WORDS[answer.statusCode] ?? `status ${answer.statusCode}`;
  const to = `${maskAccountNumber(input.accountNumber)} (${answer.accountName}) at bank ${input.bankCode}`;
  return [
    `Bank transfer of ${money(answer.amount)} to ${to}: ${status}, reference ${answer.transactionReference}.`,
    answer.statusCode === '000002'
      ? 'It settles when the sandbox clock passes its settlement time: use sandbox_advance_clock, then wallet_transaction with the reference.'
      : 'See it with wallet_transaction and the reference.',
  ];
}

export async function phoneTransfer(ctx: ToolContext, input: ToolInput<'phoneTransfer'>): Promise<string[]> {
  const answer = await ctx.withWallet(
    (client, credentials) => client.sendToPhone(credentials, { mobile: input.mobile, amount: input.amountKobo, sendSms: false }),
    input.wallet,
  );
  return [`Phone transfer of ${money(answer.amount)} to ${maskMobile(input.mobile)}: done, reference ${answer.reference}.`];
}

export async function airtime(ctx: ToolContext, input: ToolInput<'airtime'>): Promise<string[]> {
  const answer = await ctx.withWallet(
    (client, credentials) => client.buyAirtime(credentials, { mobile: input.mobile, amount: input.amountKobo, provider: input.provider }),
    input.wallet,
  );
  return [
    `Airtime of ${money(answer.amount)} (${formatBillerName(input.provider)}) for ${maskMobile(input.mobile)}: done, reference ${answer.reference}.`,
  ];
}

export async function advanceClock(ctx: ToolContext, input: ToolInput<'advanceClock'>): Promise<string[]> {
  const sandbox = await ctx.sandbox();
  const moved = await sandbox.clock.advance(input.seconds);
  const settled = moved.transfers.filter((transfer) => transfer.status !== 'pending');
  const events = new Set(moved.events.map((event) => event.id));
  return [
    `Sandbox clock moved forward ${input.seconds} s; it now reads ${shortDate(moved.now.toISOString())}.`,
    settled.length === 0
      ? 'No bank transfer settled.'
      : `Settled: ${settled.map((transfer) => `${transfer.reference} ${transfer.status}`).join(', ')}.`,
    events.size === 0 ? 'No webhook event was sent.' : `Webhook events sent or retried: ${[...events].join(', ')}.`,
  ];
}

export async function injectFault(ctx: ToolContext, input: ToolInput<'injectFault'>): Promise<string[]> {
  const sandbox = await ctx.sandbox();
  const fault: Fault = { path: input.path };
  if (input.method) fault.method = input.method;
  if (input.phase) fault.phase = input.phase;
  if (input.drop) fault.drop = true;
  if (input.delayMs !== undefined) fault.delayMs = input.delayMs;
  if (input.times !== undefined) fault.times = input.times;
  // A fault that neither drops nor waits answers with an error status: 500 unless told.
  if (input.status !== undefined || (!fault.drop && fault.delayMs === undefined)) fault.status = input.status ?? 500;
  await sandbox.faults.add(fault);
  const active = (await sandbox.faults.list()).length;
  const faults = countText(active, `${active} fault`, `${active} faults`, 'en');
  return [`Fault added: ${describeFault(fault)}. ${faults} active; sandbox_clear_faults removes them.`];
}

export function describeFault(fault: Fault): string {
  const wait = fault.phase === 'after' ? 'hold the answer' : 'wait';
  const what = [fault.drop ? 'drop the connection' : undefined, fault.delayMs !== undefined ? `${wait} ${fault.delayMs} ms` : undefined]
    .concat(fault.status !== undefined ? [`answer HTTP ${fault.status}`] : [])
    .filter(Boolean)
    .join(', then ');
  const times = fault.times;
  const howLong = times === undefined ? ', until cleared' : `, ${countText(times, `${times} time`, `${times} times`, 'en')}`;
  const phase = fault.phase === 'after' ? 'after the work (the money moves), ' : '';
  return `${fault.method ?? 'any method'} ${fault.path}: ${phase}${what}${howLong}`;
}

export async function clearFaults(ctx: ToolContext): Promise<string[]> {
  const sandbox = await ctx.sandbox();
  const count = await sandbox.faults.clear();
  if (count === 0) return ['No fault was active.'];
  return [`Cleared ${countText(count, `${count} fault`, `${count} faults`, 'en')}; requests are answered normally again.`];
}

export async function redeliverEvent(ctx: ToolContext, input: ToolInput<'redeliverEvent'>): Promise<string[]> {
  const sandbox = await ctx.sandbox();
  if (!(await sandbox.webhooks.get(input.eventId)))
    return [`No webhook event has the id ${input.eventId}; wallet_webhook_events lists them.`];
  const event = await sandbox.webhooks.redeliver(input.eventId);
  return [`Redelivery of ${event.id} started to the app's callbackURL.`, eventLine(event)];
}

/** Sets up one of production's webhook disorders (the sandbox refuses what does not apply, in its own words). */
export async function webhookDisorder(ctx: ToolContext, input: ToolInput<'webhookDisorder'>): Promise<string[]> {
  const sandbox = await ctx.sandbox();
  const needs = (value: string | undefined, what: string): string => {
    if (value === undefined) throw new Error(`${input.disorder} needs ${what}`);
    return value;
  };
  switch (input.disorder) {
    case 'copies': {
      const copies = input.copies ?? 2;
      const event = await sandbox.webhooks.deliverCopies(needs(input.eventId, 'eventId'), copies);
      return [`Sending ${copies} copies of ${event.id} at once to the app's callbackURL.`, eventLine(event)];
    }
    case 'older': {
      const event = await sandbox.webhooks.sendOlder(needs(input.eventId, 'eventId'));
      return [`Sending the older PENDING event ${event.id} after ${input.eventId}.`, eventLine(event)];
    }
    case 'withhold':
      await sandbox.webhooks.withhold({ times: 1, ...(input.eventType ? { type: input.eventType } : {}) });
      return [
        `The next ${input.eventType ?? 'webhook'} event is made but never sent (state withheld); sandbox_redeliver_event sends it late.`,
      ];
    case 'beforeAnswer':
      await sandbox.webhooks.beforeAnswers(1);
      return ["The next transfer's answer waits until its webhook was answered by the app's handler."];
    case 'reversal': {
      const afterSeconds = (input.afterDays ?? 3) * 86_400;
      const reference = needs(input.reference, 'reference');
      const reverseAt = await sandbox.reverseTransfer(reference, { afterSeconds });
      return [
        `Bank transfer ${reference} is reversed at ${shortDate(reverseAt.toISOString())} on the sandbox clock (money back, a FAILED event).`,
        'sandbox_advance_clock gets there.',
      ];
    }
  }
}

export async function resetWallet(ctx: ToolContext, input: ToolInput<'resetWallet'>): Promise<string[]> {
  const mobile = input.wallet ?? ctx.defaultWallet();
  if (!mobile) return ['No wallet given and none is active: name the wallet to reset.'];
  const sandbox = await ctx.sandbox();
  await sandbox.resetWallet(mobile);
  return [`Wallet ${mobile} has its seeded balance, history and linked accounts again; everything since is gone.`];
}
