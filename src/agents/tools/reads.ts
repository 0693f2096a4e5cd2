// The read-only tools: they work in every environment and say which one answered.

import type { ToolContext } from './context';
import type { ToolInput } from './definitions';
import { bankLine, eventLine, money, requestLine, transactionDetail, transactionLine } from './format';
import { maskAccountNumber, maskText } from '../../masking/masking';
import { findingLines, mostSevereFirst, RULE_GUIDE } from '../../sandbox/reference';
import { countText } from '../../common/plural';

export async function balance(ctx: ToolContext, input: ToolInput<'balance'>): Promise<string[]> {
  const answer = await ctx.withWallet((client, credentials) => client.getBalance(credentials), input.wallet);
  return [`Wallet ${answer.mobile}: balance ${money(answer.balance)}.`];
}

export async function transactions(ctx: ToolContext, input: ToolInput<'transactions'>): Promise<string[]> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? 10;
  const shown = await ctx.withWallet(
    (client, credentials) => client.listTransactions(credentials, { limit: pageSize, pages: page, type: input.type }),
    input.wallet,
  );
  const what = input.type ? `${input.type} transactions` : 'transactions';
  if (shown.length === 0) return [page === 1 ? `No ${what}.` : `No ${what} on page ${page}.`];
  const first = (page - 1) * pageSize + 1;
  return [
    `Page ${page}: ${what} ${first} to ${first + shown.length - 1}, newest first (reference | date | type | amount | status | counterparty):`,
    ...shown.map(transactionLine),
    // A full page may or may not be the last one: the API gives no total.
    shown.length === pageSize ? `Page ${page + 1} may have more.` : 'No more.',
  ];
}

export async function transaction(ctx: ToolContext, input: ToolInput<'transaction'>): Promise<string[]> {
  const found = await ctx.withWallet((client, credentials) => client.getTransaction(credentials, input.reference), input.wallet);
  return transactionDetail(found);
}

export async function banks(ctx: ToolContext, input: ToolInput<'banks'>): Promise<string[]> {
  const all = await ctx.listBanks();
  const search = input.search?.trim().toLowerCase() ?? '';
  const matching = search ? all.filter((bank) => bank.bankName.toLowerCase().includes(search) || bank.bankCode.includes(search)) : all;
  const limit = input.limit ?? 15;
  const header = search
    ? `Banks matching "${input.search}": ${matching.length} of ${all.length}`
    : countText(all.length, `${all.length} bank`, `${all.length} banks`, 'en');
  if (matching.length === 0) return [`${header}. Try part of the name, e.g. "access" or "first".`];
  const more = matching.length > limit ? ` (first ${limit}; narrow the search for the rest)` : '';
  return [`${header}${more}: code name`, ...matching.slice(0, limit).map(bankLine)];
}

export async function verifyBankAccount(ctx: ToolContext, input: ToolInput<'verifyBankAccount'>): Promise<string[]> {
  const answer = await ctx.withWallet((client, credentials) =>
    client.verifyBankAccount(credentials, { bankCode: input.bankCode, accountNumber: input.accountNumber }),
  );
  const bank = answer.bankName ? `${answer.bankName} (${input.bankCode})` : `bank ${input.bankCode}`;
  return [`Account ${maskAccountNumber(input.accountNumber)} at ${bank} is named "${answer.accountName}".`];
}

export async function recentRequests(ctx: ToolContext, input: ToolInput<'recentRequests'>): Promise<string[]> {
  const rows = await ctx.recentRequests.recent(input.limit ?? 20);
  if (rows.length === 0) return ['No requests recorded yet.'];
  const n = rows.length;
  const last = countText(n, `The last ${n} request`, `The last ${n} requests`, 'en');
  return [`${last}, newest first (time | request | status | duration | client):`, ...rows.map(requestLine)];
}

export async function webhookEvents(ctx: ToolContext, input: ToolInput<'webhookEvents'>): Promise<string[]> {
  const environment = ctx.environment();
  if (!environment.local) {
    return [
      `${environment.label} sends webhook events straight to your app's callbackURL; only the local sandbox records them for Wallet Console to list.`,
    ];
  }
  // Newest first, as the sandbox's own listing.
  const all = (await (await ctx.sandbox()).webhooks.list()).reverse();
  const matching = input.state ? all.filter((event) => event.state === input.state) : all;
  const limit = input.limit ?? 10;
  if (matching.length === 0) return [input.state ? `No ${input.state} webhook events (of ${all.length}).` : 'No webhook events yet.'];
  const count = countText(matching.length, `${matching.length} webhook event`, `${matching.length} webhook events`, 'en');
  const shown = matching.length > limit ? `, first ${limit}` : '';
  return [
    `${count}${input.state ? ` ${input.state}` : ''}, newest first${shown} (id | type | state | created | attempts):`,
    ...matching.slice(0, limit).map(eventLine),
  ];
}

export async function findings(ctx: ToolContext, input: ToolInput<'findings'>): Promise<string[]> {
  const environment = ctx.environment();
  if (!environment.local) {
    return [`${environment.label} does not review an app's traffic; the local sandbox does (docs/integration-review.md).`];
  }
  const all = await (await ctx.sandbox()).findings();
  const matching = mostSevereFirst(input.severity ? all.filter((finding) => finding.severity === input.severity) : all);
  if (matching.length === 0)
    return [input.severity ? `No ${input.severity} findings (of ${all.length}).` : 'No findings: nothing to fix so far.'];
  const limit = input.limit ?? 10;
  const shown = matching.slice(0, limit);
  const count = countText(matching.length, `${matching.length} finding`, `${matching.length} findings`, 'en');
  const more = matching.length > limit ? `, first ${limit}` : '';
  const lines = findingLines(shown).map((line, index) => `${maskText(line)}\n  Fix: ${RULE_GUIDE[shown[index]!.rule].fix}`);
  return [`${count}, most severe first${more} (severity rule: what happened (requests); how to fix it):`, ...lines];
}
