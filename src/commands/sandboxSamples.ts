import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import { formatMobileForPeople } from '../common/formatMobile';
import { MAGIC_ACCOUNTS, MAGIC_AIRTIME_MOBILES, PERSONA_MOBILE, PERSONA_PASSCODE } from '../sandbox/reference';

// Values the local sandbox answers as the prompts promise (its magic values and demo wallet,
// GET /__sandbox/magic): offered in prompts there only, so a first try works. Real servers
// get neutral examples.

/** The account number that verifies and settles at once, whatever the bank. */
export const SANDBOX_ACCOUNT = accountWith('instant');

function accountWith(plan: string): string {
  return Object.entries(MAGIC_ACCOUNTS).find(([, magic]) => magic.plan === plan)?.[0] ?? '';
}

/** The account number box's placeholder. */
export function accountPlaceholder(local: boolean): string {
  return local
    ? vscode.l10n.t('10-digit NUBAN, like {0} (a sandbox account that always verifies)', SANDBOX_ACCOUNT)
    : vscode.l10n.t('10-digit NUBAN, like 0123456789');
}

/** A sentence after the account number prompt, in the sandbox: which numbers do what. */
export function accountHint(local: boolean): string {
  if (!local) return '';
  return vscode.l10n.t(
    'Sandbox: {0} succeeds at once, {1} stays pending, {2} fails and returns the money, {3} does not verify.',
    SANDBOX_ACCOUNT,
    accountWith('held'),
    accountWith('fails'),
    accountWith('unresolved'),
  );
}

/**
 * A wallet that takes a phone transfer in the sandbox, as people write it and what it is: the
 * demo wallet, or when that is the sender, the developer's own sandbox wallet. Undefined
 * outside the sandbox.
 */
export function samplePhoneRecipient(accounts: AccountService): string | undefined {
  if (accounts.env() !== 'local') return undefined;
  const sender = accounts.activeWallet('local')?.mobile;
  if (sender !== PERSONA_MOBILE) return vscode.l10n.t('{0} (the sandbox demo wallet)', formatMobileForPeople(PERSONA_MOBILE));
  const own = accounts.accounts('local').developer?.sandboxMobile;
  return own && own !== sender ? vscode.l10n.t('{0} (your sandbox wallet)', formatMobileForPeople(own)) : undefined;
}

/** The recipient box's placeholder for Send to Phone. */
export function phonePlaceholder(accounts: AccountService): string {
  const sample = samplePhoneRecipient(accounts);
  return sample ? vscode.l10n.t('Mobile of a wallet, like {0}', sample) : vscode.l10n.t('Mobile of a wallet, like 0803 123 4567');
}

/** The line box's placeholder for Buy Airtime: in the sandbox, its line of the chosen network. */
export function airtimePlaceholder(local: boolean, provider: string, network: string): string {
  const line = Object.entries(MAGIC_AIRTIME_MOBILES).find(([, magic]) => magic.provider === provider)?.[0];
  return local && line
    ? vscode.l10n.t('Mobile, like {0} (a sandbox {1} line)', formatMobileForPeople(line), network)
    : vscode.l10n.t('Mobile, like 0803 123 4567');
}

/** The sandbox's demo wallet and its fixed passcode, for Connect Wallet. */
export function walletSample(): string {
  return vscode.l10n.t('{0} (the sandbox demo wallet, passcode {1})', formatMobileForPeople(PERSONA_MOBILE), PERSONA_PASSCODE);
}

/** The mobile box's placeholder for Connect Wallet. */
export function walletPlaceholder(local: boolean): string {
  return local ? vscode.l10n.t('Mobile, like {0}', walletSample()) : vscode.l10n.t('Mobile, like 0803 123 4567');
}
