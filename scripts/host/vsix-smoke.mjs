#!/usr/bin/env node
// Packages the extension as users get it (.vsix), installs it into the VS Code server with
// --install-extension, and uses it through the UI: sign up, create an app, connect the
// sandbox wallet, open a transaction. Fails if any step does not show what a person expects.
//
//   npm run test:vsix
import { connectSandboxWallet, createApp, openTransaction, panelFrame, signUp } from './flows.mjs';
import { failAndExit, log } from './util.mjs';
import { startWorkbench } from './workbench.mjs';

function expect(condition, message) {
  if (!condition) throw new Error(`VSIX smoke test: ${message}`);
  log(`ok: ${message}`);
}

async function main() {
  const workbench = await startWorkbench({ extension: 'vsix' });
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
    await openTransaction(page);
    const amount = await panelFrame(page).locator('h1, .amount').first().textContent();
    expect(/₦/.test(amount ?? ''), 'the detail panel shows the transaction amount');
    console.log('1 passed, 0 failed');
  } finally {
    await workbench.close();
  }
}

main().then(() => process.exit(0), failAndExit);
