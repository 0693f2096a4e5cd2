import * as assert from 'node:assert/strict';
import type { WalletConsoleApi } from '../../../src/extensionApi';
import { activateExtension, runScripted, setSetting, uniqueEmail } from './extension';
import { SandboxAdmin } from './sandboxAdmin';

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
  await runScripted(api, 'walletConsole.connectWallet', [mobile, (options) => (passcode = sandboxPasscode(options.prompt))]);
  assert.equal(api.accounts.activeWallet('local')?.mobile, mobile);
  await untilQuiet(api, admin);
  return { api, admin, email, password, mobile, passcode };
}

/**
 * Waits until the extension has fetched what connecting set off (the status-bar balance, the
 * Wallet view when it is open): a test that counts the sandbox's requests must not count a
 * late one of those (a burst of 50 calls once saw 51).
 */
async function untilQuiet(api: WalletConsoleApi, admin: SandboxAdmin): Promise<void> {
  const { model } = api.views;
  let seen = -1;
  for (let round = 0; round < 50; round++) {
    const count = (await admin.requests()).length;
    const loading = [model.balance, model.accounts, model.transactions].some((part) => part.loading);
    if (!loading && count === seen) return;
    seen = count;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
