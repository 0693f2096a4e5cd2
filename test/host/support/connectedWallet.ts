import * as assert from 'node:assert/strict';
import type { WalletConsoleApi } from '../../../src/extensionApi';
import { activateExtension, runScripted, setSetting, uniqueEmail } from './extension';
import { followRedraws } from './redraws';
import { SandboxAdmin } from './sandboxAdmin';
import { waitFor } from './waitFor';

export interface ConnectedWallet {
  api: WalletConsoleApi;
  admin: SandboxAdmin;
  email: string;
  password: string;
  mobile: string;
  /** The passcode the wallet was connected with (secret audits look for it). */
  passcode: string;
}

/** Reads the passcode the local sandbox shows in the OTP prompt. */
export function sandboxPasscode(prompt: string | undefined): string {
  const match = /local sandbox passcode: (\d{6})/.exec(prompt ?? '');
  assert.ok(match, `the passcode prompt shows the sandbox passcode: ${prompt}`);
  return match[1]!;
}

/**
 * Signs up a fresh developer in the local sandbox, creates an app and connects the
 * developer's sandbox wallet, all through the real commands with scripted answers.
 */
export async function connectFreshWallet(label: string): Promise<ConnectedWallet> {
  const api = await activateExtension();
  await setSetting('environment', 'local');
  const admin = new SandboxAdmin(await api.sandboxUrl());
  const email = uniqueEmail(label);
  const password = `pw-${Math.random().toString(36).slice(2)}-Secret!`;
  await runScripted(api, 'walletConsole.signUp', [email, password, password]);
  await runScripted(api, 'walletConsole.createApp', [`${label} app`]);
  const mobile = api.accounts.accounts('local').developer!.sandboxMobile!;
  let passcode = '';
  const redraws = followRedraws(api);
  await runScripted(api, 'walletConsole.connectWallet', [mobile, (options) => (passcode = sandboxPasscode(options.prompt))]);
  assert.equal(api.accounts.activeWallet('local')?.mobile, mobile);
  await untilQuiet(api, admin, redraws);
  return { api, admin, email, password, mobile, passcode };
}

/**
 * Every secret the extension holds for a connected wallet, each with what it is: the list a
 * secret audit looks for, so a new kind of secret is added here once. (The passcode is apart:
 * six digits can turn up inside an amount, so each audit matches it its own way.)
 */
export async function storedSecrets(wallet: ConnectedWallet): Promise<[label: string, value: string][]> {
  const { accounts } = wallet.api;
  const app = accounts.activeApp('local');
  assert.ok(app, 'the wallet has an app');
  const developer = await accounts.store.developerSecrets('local');
  const keys = await accounts.store.appSecrets('local', app.id);
  const tokens = await accounts.store.walletSecrets('local', wallet.mobile);
  const secrets: [string, string | undefined][] = [
    ['password', wallet.password],
    ['login token', developer?.loginToken],
    ['resource token', developer?.resourceToken],
    ['app key (pk_live)', keys?.key],
    ['app key (sk_test)', keys?.sandboxKey],
    ['access token', tokens?.accessToken],
    ['refresh token', tokens?.refreshToken],
  ];
  for (const [label, value] of secrets) assert.ok(value, `the ${label} is known to the audit`);
  return secrets as [string, string][];
}

/**
 * Waits until the extension has fetched what connecting set off (the status-bar balance, the
 * Wallet view when it is open): a test that counts the sandbox's requests must not count a
 * late one of those (a burst of 50 calls once saw 51).
 */
async function untilQuiet(api: WalletConsoleApi, admin: SandboxAdmin, redraws: ReturnType<typeof followRedraws>): Promise<void> {
  const { model } = api.views;
  const parts = () => [model.balance, model.accounts, model.transactions];
  // The views drew the connected wallet (a view that loads a part starts it as it draws), every
  // part they started has loaded, and the sandbox has logged all it was sent before a marker.
  await redraws.drawn('the views to draw the connected wallet');
  await waitFor('the Wallet view’s parts to load', () => !parts().some((part) => part.loading));
  await admin.caughtUp();
}
