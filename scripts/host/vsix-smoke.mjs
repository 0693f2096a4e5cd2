#!/usr/bin/env node
// Packages the extension as users get it (.vsix), installs it into the VS Code server with
// --install-extension, and uses it through the UI: sign up, create an app, connect the
// sandbox wallet, open a transaction. Fails if any step does not show what a person expects.
// Runs on every VS Code version CI proves (setup.mjs HOSTS), one after the other.
//
//   npm run test:vsix                          every version
//   npm run test:vsix -- --vscode 1.139.1      one version (also: 1.139, all; env WALLET_CONSOLE_VSCODE)
import { connectSandboxWallet, createApp, openFirstTransaction, panelFrame, signUp } from './flows.mjs';
import { selectHosts } from './setup.mjs';
import { failAndExit, log, parseArgs } from './util.mjs';
import { packageVsix } from './vsix.mjs';
import { startWorkbench } from './workbench.mjs';

function expect(condition, message) {
  if (!condition) throw new Error(`VSIX smoke test: ${message}`);
  log(`ok: ${message}`);
}

async function smoke(vscode, vsixFile) {
  const workbench = await startWorkbench({ extension: 'vsix', vsixFile, vscode });
  const { page } = workbench;
  try {
    expect(await workbench.clickActivity('Wallet Console', { timeoutMs: 20_000 }), 'the installed extension shows its activity-bar icon');
    await page.getByRole('button', { name: 'Sign Up' }).first().waitFor({ state: 'visible', timeout: 20_000 });
    log('ok: the signed-out welcome offers Sign Up');
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
  } finally {
    await workbench.close();
  }
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
