#!/usr/bin/env node
// Makes every picture of the README (docs/images/*.png) and of the walkthrough
// (media/walkthrough/*.jpg) from the real, packaged extension in the VS Code server:
// a newcomer's path from signed out to a verified bank account, in dark and light themes.
//
//   npm run screenshots
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { log, repoRoot, run } from '../host/util.mjs';
import { fillInput, runCommand, settle, startWorkbench } from '../host/workbench.mjs';

const QUICK_INPUT = '.quick-input-widget';
const docs = path.join(repoRoot, 'docs', 'images');
const walkthrough = path.join(repoRoot, 'media', 'walkthrough');
mkdirSync(docs, { recursive: true });
mkdirSync(walkthrough, { recursive: true });

const WIDTH = 1280;
const HEIGHT = 800;
/** The side bar and the prompt area: what a walkthrough step needs to show. */
const SIDEBAR = { x: 0, y: 0, width: 960, height: 560 };

async function shoot(page, name, { walkthroughCrop, full = true } = {}) {
  await settle(page, { quietMs: 800 });
  await page.mouse.move(WIDTH - 5, HEIGHT - 60);
  if (full) await page.screenshot({ path: path.join(docs, `${name}.png`) });
  if (walkthroughCrop) await page.screenshot({ path: path.join(walkthrough, `${walkthroughCrop}.jpg`), type: 'jpeg', quality: 72, clip: SIDEBAR });
  log(`Pictured ${name}.`);
}

/** The webview's own document: an iframe inside VS Code's webview iframe. */
function panelFrame(page) {
  return page.frameLocator('iframe.webview.ready').last().frameLocator('#active-frame');
}

/** Switches to the preferred light theme (Default Light Modern) without a marketplace lookup. */
async function switchToLightTheme(page) {
  await runCommand(page, 'Preferences: Toggle between Light/Dark Themes');
  await settle(page, { quietMs: 1000 });
}

async function main() {
  // The sandbox's own rule makes a number that resolves (docs/sandbox.md, NUBAN check digit).
  await run('npx', ['tsc', '-p', '.'], { cwd: repoRoot, label: 'tsc', timeoutMs: 5 * 60_000 });
  const { makeValidAccountNumber } = createRequire(import.meta.url)(path.join(repoRoot, 'out', 'src', 'sandbox', 'index.js'));
  const accountNumber = makeValidAccountNumber('000014', '069000003');
  const workbench = await startWorkbench({ extension: 'vsix', width: WIDTH, height: HEIGHT, settings: { 'workbench.colorTheme': 'Default Dark Modern', 'workbench.sideBar.location': 'left' } });
  const { page } = workbench;
  try {
    await workbench.clickActivity('Wallet Console', { timeoutMs: 20_000 });
    await shoot(page, 'signed-out', { walkthroughCrop: 'sandbox' });

    const email = 'ada@example.com';
    const password = 'sandbox-password';
    await runCommand(page, 'Wallet Console: Sign Up');
    await fillInput(page, email, { title: '(1/3)', submit: false });
    await shoot(page, 'sign-up', { walkthroughCrop: 'sign-up', full: false });
    await page.keyboard.press('Enter');
    await fillInput(page, password, { title: '(2/3)' });
    await fillInput(page, password, { title: '(3/3)' });
    await settle(page);

    await runCommand(page, 'Wallet Console: Create App');
    await fillInput(page, 'Demo Shop', { title: 'Create App', submit: false });
    await shoot(page, 'create-app', { walkthroughCrop: 'create-app', full: false });
    await page.keyboard.press('Enter');
    await settle(page);

    await runCommand(page, 'Wallet Console: Connect Wallet');
    await page.locator(`${QUICK_INPUT} .quick-input-title`, { hasText: '(1/2)' }).first().waitFor({ state: 'visible', timeout: 15_000 });
    await page.locator(`${QUICK_INPUT} .quick-input-box input`).first().press('Enter');
    const message = page.locator(`${QUICK_INPUT} .quick-input-message`, { hasText: 'local sandbox passcode' }).first();
    await message.waitFor({ state: 'visible', timeout: 20_000 });
    const passcode = /passcode: (\d{6})/.exec((await message.textContent()) ?? '')?.[1];
    if (!passcode) throw new Error('The OTP prompt did not show the sandbox passcode.');
    await fillInput(page, passcode, { title: '(2/2)', submit: false });
    await shoot(page, 'connect-wallet', { walkthroughCrop: 'connect-wallet' });
    await page.keyboard.press('Enter');
    await settle(page, { quietMs: 1500 });
    await shoot(page, 'wallet-dark');

    // The first bank transfer in the tree opens the detail panel.
    await page.locator('.monaco-list-row', { hasText: 'Bank transfer' }).first().click();
    await panelFrame(page).locator('#summary-heading').waitFor({ state: 'visible', timeout: 20_000 });
    await shoot(page, 'transaction-dark', { walkthroughCrop: 'transaction' });

    await runCommand(page, 'Wallet Console: Verify Bank Account');
    const frame = panelFrame(page);
    await frame.locator('#bank-filter').waitFor({ state: 'visible', timeout: 20_000 });
    await frame.locator('#bank-filter').fill('access');
    await frame.locator('#bank').selectOption('000014');
    await frame.locator('#account').fill(accountNumber);
    await frame.locator('#verify-button').click();
    await frame.locator('#result').waitFor({ state: 'visible', timeout: 20_000 });
    await shoot(page, 'verify-dark', { walkthroughCrop: 'verify-bank' });

    await switchToLightTheme(page);
    await page.locator('.monaco-list-row', { hasText: 'Bank transfer' }).first().click();
    await panelFrame(page).locator('#summary-heading').waitFor({ state: 'visible', timeout: 20_000 });
    await shoot(page, 'transaction-light');
    await page.screenshot({ path: path.join(docs, 'status-bar.png'), clip: { x: 0, y: HEIGHT - 24, width: 520, height: 24 } });
  } catch (error) {
    await page.screenshot({ path: path.join(docs, 'failed.png') }).catch(() => {});
    throw error;
  } finally {
    await workbench.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[screenshots] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
