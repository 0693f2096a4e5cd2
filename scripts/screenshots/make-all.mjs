#!/usr/bin/env node
// Makes every picture of the README (docs/images/*.png) and of the walkthrough
// (media/walkthrough/*.jpg) from the real, packaged extension in the VS Code server:
// a newcomer's path from signed out to a verified bank account, in dark and light themes.
//
//   npm run screenshots
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { connectSandboxWallet, createApp, openTransaction, signUp, verifyInPanel } from '../host/flows.mjs';
import { compileTypeScript, log, repoRoot } from '../host/util.mjs';
import { runCommand, settle, startWorkbench } from '../host/workbench.mjs';

const docs = path.join(repoRoot, 'docs', 'images');
const walkthrough = path.join(repoRoot, 'media', 'walkthrough');
const WIDTH = 1280;
const HEIGHT = 800;
/** The side bar and the prompt area: what a walkthrough step needs to show. */
const WALKTHROUGH_CLIP = { x: 0, y: 0, width: 960, height: 560 };

async function shoot(page, name, { walkthroughName, full = true } = {}) {
  await settle(page, { quietMs: 800 });
  await page.mouse.move(WIDTH - 5, HEIGHT - 60);
  if (full) await page.screenshot({ path: path.join(docs, `${name}.png`) });
  if (walkthroughName)
    await page.screenshot({ path: path.join(walkthrough, `${walkthroughName}.jpg`), type: 'jpeg', quality: 72, clip: WALKTHROUGH_CLIP });
  log(`Pictured ${name}.`);
}

async function main() {
  mkdirSync(docs, { recursive: true });
  mkdirSync(walkthrough, { recursive: true });
  // The sandbox's own rule makes a number that resolves (docs/sandbox.md, NUBAN check digit).
  await compileTypeScript('taking the pictures');
  const { makeValidAccountNumber } = createRequire(import.meta.url)(path.join(repoRoot, 'out', 'src', 'sandbox', 'index.js'));

  const workbench = await startWorkbench({
    extension: 'vsix',
    width: WIDTH,
    height: HEIGHT,
    settings: { 'workbench.colorTheme': 'Default Dark Modern' },
  });
  const { page } = workbench;
  try {
    await workbench.clickActivity('Wallet Console', { timeoutMs: 20_000 });
    await shoot(page, 'signed-out', { walkthroughName: 'sandbox' });
    await signUp(page, { email: 'ada@example.com', password: 'sandbox-password' }, () =>
      shoot(page, 'sign-up', { walkthroughName: 'sign-up', full: false }),
    );
    await createApp(page, 'Demo Shop', () => shoot(page, 'create-app', { walkthroughName: 'create-app', full: false }));
    await connectSandboxWallet(page, () => shoot(page, 'connect-wallet', { walkthroughName: 'connect-wallet' }));
    await shoot(page, 'wallet-dark');
    await openTransaction(page);
    await shoot(page, 'transaction-dark', { walkthroughName: 'transaction' });
    await verifyInPanel(page, { bankFilter: 'access', bankCode: '000014', accountNumber: makeValidAccountNumber('000014', '069000003') });
    await shoot(page, 'verify-dark', { walkthroughName: 'verify-bank' });

    // Default Light Modern, without a marketplace lookup.
    await runCommand(page, 'Preferences: Toggle between Light/Dark Themes');
    await openTransaction(page);
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
