#!/usr/bin/env node
// Makes every picture of the README (docs/images/*.png) and of the walkthrough
// (media/walkthrough/*.webp) from the real, packaged extension in the VS Code server:
// a newcomer's path from signed out to a verified bank account, then the development loop
// (devLoop.mjs), in dark and light themes.
//
//   npm run screenshots                    the dark pictures (and the README's light ones)
//   npm run screenshots -- --theme light   only the walkthrough's light pictures (*-light.webp)
//   npm run screenshots -- --only api-in-code [--theme light]
//                                          only the "API in your own code" step's picture (a
//                                          fresh workbench, no sign-up: about a minute)
//   npm run screenshots -- --only findings [--theme light]
//                                          only the "Review your integration" step's picture
//                                          (findings.mjs: no sign-up either)
//   npm run screenshots -- --only editor [--theme light]
//                                          the pictures of the editor's own surfaces (hover,
//                                          scenario schema, Add Configuration, settings, palette),
//                                          docs/images/*-dark.png or *-light.png: editorPictures.mjs
//
// The walkthrough shows *-dark.webp in dark and high-contrast themes, *-light.webp in light ones.
/* global Image, document -- used only inside page.evaluate, which runs in the browser */
import { Buffer } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { connectSandboxWallet, createApp, openTransaction, panelFrame, signUp, verifyInPanel } from '../host/flows.mjs';
import { compileTypeScript, log, parseArgs, repoRoot } from '../host/util.mjs';
import { runCommand, settle, startWorkbench } from '../host/workbench.mjs';
import { API_IN_CODE_REGION, apiInCodePicture } from './apiInCode.mjs';
import { devLoopPictures } from './devLoop.mjs';
import { editorPictures } from './editorPictures.mjs';
import { FINDINGS_REGION, findingsPicture } from './findings.mjs';

const docs = path.join(repoRoot, 'docs', 'images');
const walkthrough = path.join(repoRoot, 'media', 'walkthrough');
const WIDTH = 1280;
const HEIGHT = 800;
const ARGS = parseArgs(process.argv.slice(2));
const THEME = ARGS.theme === 'light' ? 'light' : 'dark';
/** Pictures that need no account can be made alone (`--only <name>`). */
const ONLY = {
  'api-in-code': apiInCodePicture,
  editor: (page, _shoot, { workbench, theme }) => editorPictures(page, workbench, theme),
  findings: findingsPicture,
};
if (ARGS.only !== undefined && !ONLY[ARGS.only]) throw new Error(`--only takes one of: ${Object.keys(ONLY).join(', ')}`);
/**
 * What each walkthrough step is about, cropped to it: VS Code shows a step's picture in a
 * narrow column, where a whole-workbench capture shrinks until its text is unreadable.
 */
const SIDE_BAR = { selectors: ['.part.activitybar', '.part.sidebar'], maxWidth: 420, maxHeight: 420 };
const PROMPT = { selectors: ['.quick-input-widget'], pad: 12 };
const PANEL = { selectors: ['.part.editor'], maxWidth: 640, maxHeight: 460 };
/** From the page's heading down to the answer, which is what the step is about. */
const VERIFICATION = {
  selectors: [(page) => panelFrame(page).locator('h1'), (page) => panelFrame(page).locator('#result')],
  pad: 6,
  maxWidth: 640,
};
const DIALOG = { selectors: ['.monaco-dialog-box'], pad: 12 };
const BOTTOM_PANEL = { selectors: ['.part.panel'], maxHeight: 420 };
const EDITOR_AND_PANEL = { selectors: ['.part.editor', '.part.panel'], maxHeight: 620 };
const WALKTHROUGH_REGIONS = {
  sandbox: SIDE_BAR,
  'send-money': DIALOG,
  requests: EDITOR_AND_PANEL,
  webhooks: BOTTOM_PANEL,
  'sandbox-controls': SIDE_BAR,
  'sign-up': PROMPT,
  'create-app': PROMPT,
  'connect-wallet': PROMPT,
  transaction: PANEL,
  'verify-bank': VERIFICATION,
  'api-in-code': API_IN_CODE_REGION,
  findings: FINDINGS_REGION,
};

/** The box around the first match of each selector or locator (with padding), inside the window and the limits. */
async function regionOf(page, { selectors, pad = 0, maxWidth = WIDTH, maxHeight = HEIGHT }) {
  const boxes = [];
  for (const selector of selectors) {
    const box = await (typeof selector === 'function' ? selector(page) : page.locator(selector)).first().boundingBox();
    if (!box) throw new Error(`Nothing to picture: ${selector} is not on screen.`);
    boxes.push(box);
  }
  const x = Math.max(0, Math.min(...boxes.map((box) => box.x)) - pad);
  const y = Math.max(0, Math.min(...boxes.map((box) => box.y)) - pad);
  const right = Math.min(WIDTH, Math.max(...boxes.map((box) => box.x + box.width)) + pad);
  const bottom = Math.min(HEIGHT, Math.max(...boxes.map((box) => box.y + box.height)) + pad);
  return { x, y, width: Math.min(maxWidth, right - x), height: Math.min(maxHeight, bottom - y) };
}

/**
 * WebP, encoded by the browser itself: a third smaller than JPEG at the same legibility, which
 * keeps the walkthrough's pictures inside the package's size budget.
 */
async function toWebp(page, png) {
  const scratch = await page.context().newPage();
  try {
    const dataUrl = await scratch.evaluate(async (b64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${b64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      canvas.getContext('2d').drawImage(image, 0, 0);
      return canvas.toDataURL('image/webp', 0.7);
    }, png.toString('base64'));
    if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error('This browser cannot encode WebP.');
    return Buffer.from(dataUrl.slice('data:image/webp;base64,'.length), 'base64');
  } finally {
    await scratch.close();
  }
}

/** The walkthrough's pictures, as PNG until they are encoded at the end. */
const pictures = [];

async function shoot(page, name, { walkthroughName, full = true, keepMouse = false } = {}) {
  await settle(page, { quietMs: 800 });
  // (Out of the way, unless the picture is of what the mouse shows: a hover.)
  if (!keepMouse) await page.mouse.move(WIDTH - 5, HEIGHT - 60);
  // The README's pictures come from the dark run; the light run makes the walkthrough's light ones only.
  if (full && THEME === 'dark') await page.screenshot({ path: path.join(docs, `${name}.png`) });
  if (walkthroughName) {
    const clip = await regionOf(page, WALKTHROUGH_REGIONS[walkthroughName]);
    // Encoded once the flow is done: a second page now would take the keyboard from the workbench.
    const png = await page.screenshot({ clip });
    pictures.push({ file: path.join(walkthrough, `${walkthroughName}-${THEME}.webp`), png });
    // A PNG copy to look at (WebP is not every viewer's format): PICTURES_PNG_DIR=/tmp/pictures.
    if (process.env.PICTURES_PNG_DIR) writeFileSync(path.join(process.env.PICTURES_PNG_DIR, `${walkthroughName}-${THEME}.png`), png);
  }
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
    settings: {
      'workbench.colorTheme': THEME === 'light' ? 'Default Light Modern' : 'Default Dark Modern',
      // A hover below its line leaves the CodeLens above it in the picture.
      'editor.hover.above': false,
    },
  });
  const { page } = workbench;
  try {
    if (ARGS.only) {
      await workbench.clickActivity('Wallet Console', { timeoutMs: 20_000 });
      await ONLY[ARGS.only](page, (name, options) => shoot(page, name, options), { workbench, theme: THEME });
      for (const { file, png } of pictures) writeFileSync(file, await toWebp(page, png));
      return;
    }
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
    await devLoopPictures(page, (name, options) => shoot(page, name, options));
    await apiInCodePicture(page, (name, options) => shoot(page, name, options));
    await findingsPicture(page, (name, options) => shoot(page, name, options));
    if (THEME === 'light') {
      for (const { file, png } of pictures) writeFileSync(file, await toWebp(page, png));
      return;
    }

    // Default Light Modern, without a marketplace lookup.
    await runCommand(page, 'Preferences: Toggle between Light/Dark Themes');
    await openTransaction(page);
    await shoot(page, 'transaction-light');
    await runCommand(page, 'Wallet Console: Focus on Events View');
    await shoot(page, 'events-light');
    await page.screenshot({ path: path.join(docs, 'status-bar.png'), clip: { x: 0, y: HEIGHT - 24, width: 520, height: 24 } });
    for (const { file, png } of pictures) writeFileSync(file, await toWebp(page, png));
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
