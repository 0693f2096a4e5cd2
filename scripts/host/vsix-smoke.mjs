#!/usr/bin/env node
/* global document -- used only inside page.evaluate, which runs in the browser */
// Packages the extension as users get it (.vsix), installs it into the VS Code server with
// --install-extension, and uses it through the UI: sign up, create an app, connect the
// sandbox wallet, open a transaction, cancel a slow load, press Enter on the production
// warning, then stop everything and start again on the same profiles (as `npm start` and the
// same browser do): the sign-in, the app key and the wallet are still there. Fails if any step
// does not show what a person expects.
// Runs on every VS Code version CI proves (setup.mjs HOSTS), one after the other.
//
//   npm run test:vsix                          every version
//   npm run test:vsix -- --vscode 1.139.1      one version (also: 1.139, all; env WALLET_CONSOLE_VSCODE)
import { connectSandboxWallet, createApp, openFirstTransaction, panelFrame, signUp } from './flows.mjs';
import { selectHosts } from './setup.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tempWorkspace } from './server.mjs';
import { failAndExit, log, parseArgs } from './util.mjs';
import { packageVsix } from './vsix.mjs';
import { settle, startWorkbench } from './workbench.mjs';

function expect(condition, message) {
  if (!condition) throw new Error(`VSIX smoke test: ${message}`);
  log(`ok: ${message}`);
}

async function smoke(vscode, vsixFile) {
  const kept = mkdtempSync(path.join(os.tmpdir(), 'wallet-console-smoke-'));
  const profiles = { profileDir: path.join(kept, 'server'), browserProfileDir: path.join(kept, 'browser'), folder: tempWorkspace() };
  try {
    const { email, mobile, port } = await firstRun(vscode, vsixFile, profiles);
    // The same origin: the browser keeps the workbench's storage (and sealed secrets) per origin.
    await restartKeepsWhatTheUserMade(vscode, vsixFile, { ...profiles, port }, { email, mobile });
  } finally {
    rmSync(kept, { recursive: true, force: true, maxRetries: 3 });
  }
}

async function firstRun(vscode, vsixFile, profiles) {
  const workbench = await startWorkbench({ extension: 'vsix', vsixFile, vscode, ...profiles });
  const { page } = workbench;
  try {
    expect(await workbench.clickActivity('Wallet Console', { timeoutMs: 20_000 }), 'the installed extension shows its activity-bar icon');
    await page.getByRole('button', { name: 'Sign Up' }).first().waitFor({ state: 'visible', timeout: 20_000 });
    log('ok: the signed-out welcome offers Sign Up');
    // The walkthrough opens by itself once the extension activates in a new profile. Waited for
    // before the first prompt, as a person sees it first: an editor that opens while a prompt is
    // up takes the focus and closes it (the likely reason a cold CI run lost its Sign Up box).
    await page
      .locator('.part.editor')
      .getByText('Get Started with Wallet Console', { exact: true })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 })
      .catch(() => expect(false, 'the walkthrough opens by itself on the first run'));
    log('ok: the walkthrough opens by itself on the first run');
    // It selects its first step a moment later, taking the focus: a prompt open then would close.
    await settle(page, { quietMs: 1500 });
    const email = `smoke-${Date.now().toString(36)}@example.com`;
    await signUp(page, { email, password: 'smoke-password' });
    await page.locator('.monaco-list-row', { hasText: email }).first().waitFor({ state: 'visible', timeout: 20_000 });
    log('ok: the Developer view shows the signed-in e-mail');
    await createApp(page, 'Smoke App');
    await page.locator('.monaco-list-row', { hasText: 'Smoke App' }).first().waitFor({ state: 'visible', timeout: 20_000 });
    log('ok: the new app is listed');
    const mobile = await connectSandboxWallet(page);
    await page.locator('.monaco-list-row', { hasText: mobile }).first().waitFor({ state: 'visible', timeout: 20_000 });
    log(`ok: the Wallet view shows wallet ${mobile}`);
    const status = await page.locator('.part.statusbar').first().textContent();
    expect(/₦[\d,]+\.\d{2}/.test(status ?? ''), 'the status bar shows the balance in naira');
    await openFirstTransaction(page);
    const amount = await panelFrame(page).locator('h1, .amount').first().textContent();
    expect(/₦/.test(amount ?? ''), 'the detail panel shows the transaction amount');
    await cancelSlowWait(workbench);
    await enterStaysOffProduction(workbench);
    return { email, mobile, port: workbench.server.port };
  } catch (error) {
    await pictureOfFailure(page, 'first-run');
    throw error;
  } finally {
    await workbench.close();
  }
}

/** What the screen showed when a step failed, for the log to point at. */
async function pictureOfFailure(page, label) {
  const file = path.join(os.tmpdir(), `wallet-console-smoke-${label}-${Date.now()}.png`);
  await page.screenshot({ path: file }).then(
    () => log(`The screen at the failure: ${file}`),
    () => undefined,
  );
  // Where the keys went: a prompt that ignored Enter may simply not have had the focus.
  const focus = await page
    .evaluate(() => {
      const describe = (el) =>
        el ? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}[${el.getAttribute('aria-label') ?? ''}]` : 'none';
      const chain = [];
      for (let el = document.activeElement; el && chain.length < 4; el = el.parentElement) chain.push(describe(el));
      return chain.join(' < ');
    })
    .catch((error) => `unknown (${error.message})`);
  log(`The keyboard focus at the failure: ${focus}`);
}

/**
 * Issue 25: secrets were never stored on this host (the workbench's key route answered 405), so
 * after a restart the app key and the wallet's tokens were gone. The same server and browser
 * profiles again: the Developer view still has the account and the Wallet view loads the balance,
 * which needs both the app key and the wallet's token from SecretStorage.
 */
async function restartKeepsWhatTheUserMade(vscode, vsixFile, profiles, { email, mobile }) {
  const workbench = await startWorkbench({ extension: 'vsix', vsixFile, vscode, ...profiles });
  const { page } = workbench;
  try {
    expect(await workbench.clickActivity('Wallet Console', { timeoutMs: 20_000 }), 'after a restart the activity-bar icon is there');
    await page.locator('.monaco-list-row', { hasText: email }).first().waitFor({ state: 'visible', timeout: 20_000 });
    log('ok: after a restart the Developer view still shows the signed-in e-mail');
    await page.locator('.monaco-list-row', { hasText: mobile }).first().waitFor({ state: 'visible', timeout: 20_000 });
    const balance = page.locator('.part.statusbar .statusbar-item', { hasText: /₦[\d,]+\.\d{2}/ }).first();
    await balance.waitFor({ state: 'visible', timeout: 20_000 });
    const failed = await page.locator('.monaco-list-row', { hasText: 'could not be loaded' }).count();
    expect(failed === 0, `after a restart wallet ${mobile} loads its balance with the kept app key and token`);
  } finally {
    await workbench.close();
  }
}

/**
 * Issue 17 item 3: a long wait shows a progress with Cancel, and Cancel ends it at once. The
 * sandbox is slowed from its own view's command (20 s on every request), as a developer would.
 */
async function cancelSlowWait(workbench) {
  const { page } = workbench;
  await workbench.runCommand('Wallet Console: Set Sandbox Delay');
  await workbench.fillInput('20000');
  // A click on the status bar's balance refreshes it (that command is not in the palette). The
  // delay reaches the sandbox after the input box closes; on a loaded machine a first click can
  // beat it and load at once, so a click that shows no progress is tried again, three times at most.
  const toast = page.locator('.notification-toast', { hasText: 'Loading the balance' });
  for (let attempt = 1; ; attempt++) {
    await page
      .locator('.part.statusbar .statusbar-item', { hasText: /₦[\d,]+\.\d{2}/ })
      .first()
      .click();
    const shown = await toast.waitFor({ state: 'visible', timeout: 8_000 }).then(
      () => true,
      () => false,
    );
    if (shown) break;
    expect(attempt < 3, 'a balance refresh with 20 s of sandbox delay shows the "Loading the balance" progress');
  }
  const cancelled = Date.now();
  await toast.getByRole('button', { name: 'Cancel' }).click();
  await toast.waitFor({ state: 'hidden', timeout: 5_000 });
  const waited = Date.now() - cancelled;
  expect(waited < 5_000, `Cancel on the slow-wait progress ends the wait at once (${waited} ms, with 20 s of delay left)`);
  // A cancel is the user's own choice: the balance row keeps the last balance, marked stale (its
  // tooltip says the load was cancelled), and no error notification outlives it.
  const row = page.locator('.monaco-list-row', { hasText: /₦[\d,]+\.\d{2}stale/ }).first();
  await row.waitFor({ state: 'visible', timeout: 5_000 });
  const errors = await page.locator('.notification-toast', { hasText: /did not answer|could not|failed/i }).count();
  expect(errors === 0, 'after Cancel the Wallet view keeps the last balance, marked stale, and no error notification stays');
  await workbench.runCommand('Wallet Console: Set Sandbox Delay');
  await workbench.fillInput('0');
}

/** Issue 17 item 10: on the real modal (no test driver refusing dialogs), Enter is the safe choice. */
async function enterStaysOffProduction(workbench) {
  const { page } = workbench;
  await workbench.runCommand('Wallet Console: Switch Environment');
  await workbench.pickItem('Production');
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 15_000 });
  const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  expect(focused === 'Stay on Local sandbox', `the production warning focuses "Stay on Local sandbox" (focused: "${focused}")`);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
  const environment = page.locator('.statusbar-item[aria-label^="Wallet Console environment"]').first();
  await page.waitForTimeout(500);
  const label = (await environment.getAttribute('aria-label')) ?? '';
  expect(label.includes('Local sandbox'), `Enter on the production warning stays in the local sandbox (status: "${label}")`);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const specs = selectHosts(options.vscode);
  const vsixFile = await packageVsix();
  for (const spec of specs) {
    const begun = Date.now();
    try {
      await smoke(spec.vscode, vsixFile);
    } catch (error) {
      if (error instanceof Error) error.message = `VS Code ${spec.vscode}: ${error.message}`;
      throw error;
    }
    console.log(`VS Code ${spec.vscode}: VSIX smoke test passed (${Math.round((Date.now() - begun) / 1000)} s)`);
  }
  console.log(`${specs.length} passed, 0 failed`);
}

main().then(() => process.exit(0), failAndExit);
