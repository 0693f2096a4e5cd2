// The curated code snippets that `wallet-` completion offers: plain text, imports nothing of ours.
import { airtime } from './airtime';
import { balance } from './balance';
import { bankTransfer } from './bankTransfer';
import { signIn } from './signIn';
import type { WalletSnippet } from './snippetSource';
import { webhookHandler } from './webhookHandler';

export { codeFor, expand, toSnippetSyntax, type SnippetDialect, type WalletSnippet } from './snippetSource';

/** The curated set, in the order completion lists them. */
export const WALLET_SNIPPETS: readonly WalletSnippet[] = [signIn, balance, bankTransfer, airtime, webhookHandler];
