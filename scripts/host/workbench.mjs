// Drives the VS Code workbench in headless Chromium (playwright-core): open it, click the
// activity bar, run palette commands, fill input boxes, take screenshots. Import these from
// scripted flows (README pictures, UI checks):
//
//   import { startWorkbench } from './scripts/host/workbench.mjs';
//   const wb = await startWorkbench({ width: 1400, height: 900 });
//   await wb.runCommand('Wallet Console: Show Log');
//   await wb.page.screenshot({ path: 'x.png' });
//   await wb.close();
/* global document -- used only inside page.waitForFunction, which runs in the browser */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { developmentPayload, startServer, tempWorkspace, workbenchUrl } from './server.mjs';
import { selectHost, setupHost } from './setup.mjs';
import { HostError, describeMs, log, onShutdown, repoRoot } from './util.mjs';
import { packageVsix } from './vsix.mjs';

/** Chromium flags that work in a headless container without a GPU or internet. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const QUICK_INPUT = '.quick-input-widget';
const QUICK_INPUT_BOX = '.quick-input-widget .quick-input-box input';

/** Launches headless Chromium on a fresh profile. Resolves with { context, page, close(), profile (its folder) }. */
/** `profileDir`: a browser profile the caller keeps (a restart reopens the same one); default a fresh one, removed on close. */
export async function launchBrowser({ executablePath, width = 1400, height = 900, colorScheme = 'dark', profileDir } = {}) {
  const profile = profileDir ?? mkdtempSync(path.join(os.tmpdir(), 'wallet-console-chromium-'));
  let context;
  let closed = false;
  const close = async (options) => {
    if (closed) return;
    closed = true;
    unregister();
    // Playwright kills the browser itself when this process exits; here we close it politely.
    if (!options?.sync) await context?.close().catch(() => {});
    if (!profileDir) rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  };
  const unregister = onShutdown(close);
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width, height },
      deviceScaleFactor: 1,
      colorScheme,
      timeout: 60_000,
    });
  } catch (error) {
    await close();
    throw new HostError(`Could not start Chromium (${executablePath}): ${error instanceof Error ? error.message : String(error)}`);
  }
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, close, profile };
}

/** Opens a workbench URL and waits until the workbench and the extension host are up. */
export async function openWorkbench(page, url, { timeoutMs = 90_000 } = {}) {
  const begun = Date.now();
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
  await page.locator('.monaco-workbench .part.activitybar').first().waitFor({ state: 'visible', timeout: timeoutMs });
  await page.locator('.monaco-workbench .part.statusbar').first().waitFor({ state: 'visible', timeout: timeoutMs });
  log(`Workbench open (${describeMs(Date.now() - begun)}).`);
}

/** runCommand, once more after Escape if the palette was busy (a walkthrough opening under it): the screenshot scripts' way. */
export async function runCommandPatiently(page, title) {
  try {
    await runCommand(page, title);
  } catch {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1000);
    await runCommand(page, title);
  }
}

/** Runs a command by its palette title, e.g. "Wallet Console: Show Log". */
export async function runCommand(page, title, { timeoutMs = 15_000 } = {}) {
  const box = page.locator(QUICK_INPUT_BOX).first();
  // An editor that takes the focus a moment after it opens (VS Code's walkthrough page does)
  // closes the palette it finds open: then F1 again, as a person would.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    try {
      await box.waitFor({ state: 'visible', timeout: attempt < 3 ? 3_000 : timeoutMs });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  await box.fill(`>${title}`);
  const row = page.locator(`${QUICK_INPUT} .monaco-list-row[aria-label*="${cssString(title)}"]`).first();
  try {
    await row.waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    await page.keyboard.press('Escape');
    throw new HostError(`No command titled "${title}" in the command palette.`);
  }
  await page.keyboard.press('Enter');
  // Done when the palette closes, or when the command opened its own prompt in its place.
  await page
    .waitForFunction(
      (selector) => {
        const widget = document.querySelector(selector);
        const input = widget?.querySelector('.quick-input-box input');
        return !widget || widget.style.display === 'none' || !widget.offsetParent || !(input?.value ?? '').startsWith('>');
      },
      QUICK_INPUT,
      { timeout: timeoutMs },
    )
    .catch(() => {});
}

/**
 * Waits for a quick input (input box or quick pick) and types into it. With `submit` (the
 * default) presses Enter. `placeholder` (substring) makes sure it is the expected prompt;
 * `title` (substring) waits until the prompt with that title is shown.
 */
export async function fillInput(page, text, { submit = true, placeholder, title, timeoutMs = 15_000 } = {}) {
  const box = page.locator(QUICK_INPUT_BOX).first();
  await box.waitFor({ state: 'visible', timeout: timeoutMs });
  // Multi-step prompts reuse the widget: wait for this step's title, not the last one's.
  if (title)
    await page.locator(`${QUICK_INPUT} .quick-input-title`, { hasText: title }).first().waitFor({ state: 'visible', timeout: timeoutMs });
  if (placeholder) {
    const shown = (await box.getAttribute('placeholder')) ?? '';
    const title =
      (await page
        .locator(`${QUICK_INPUT} .quick-input-title`)
        .first()
        .textContent()
        .catch(() => '')) ?? '';
    if (!`${shown} ${title}`.includes(placeholder)) throw new HostError(`Expected an input "${placeholder}", found "${shown || title}".`);
  }
  await box.fill(text);
  if (submit) await submitInput(page);
}

/**
 * Presses Enter in the open prompt, as a person does: when the key went elsewhere (VS Code's
 * walkthrough, open beside the prompt, moves the focus to a step when it selects one) and the
 * prompt still waits on the same step, idle, clicks back into it and presses Enter again.
 */
export async function submitInput(page, { attempts = 3 } = {}) {
  const box = page.locator(QUICK_INPUT_BOX).first();
  for (let attempt = 1; ; attempt++) {
    const step = await promptStep(page);
    await box.press('Enter');
    // Stuck: still this step, enabled, no progress, and the focus elsewhere (twice, a moment apart).
    const stuck = () => page.evaluate(promptLostTheKeys, [QUICK_INPUT, step]).catch(() => false);
    const lost = await page
      .waitForFunction(promptLostTheKeys, [QUICK_INPUT, step], { timeout: 2_000 })
      .then(async () => (await page.waitForTimeout(300), stuck()))
      .catch(() => false); // it moved on, or it has the focus and is at work (a check, a request)
    if (!lost || attempt === attempts) return;
    log(`The Enter went outside the prompt "${step}" (the focus moved away): clicking back into it and pressing Enter again.`);
  }
}

/** In the page: the prompt titled `step` is still up and idle while the focus is outside it. */
function promptLostTheKeys([selector, step]) {
  const widget = document.querySelector(selector);
  if (!widget?.offsetParent || (widget.querySelector('.quick-input-title')?.textContent ?? '') !== step) return false;
  const input = widget.querySelector('.quick-input-box input');
  const working = widget.querySelector('.monaco-progress-container.active') || input?.disabled;
  return !working && !widget.contains(document.activeElement);
}

/** The title of the open prompt ('' when none). */
const promptStep = (page) =>
  page
    .locator(`${QUICK_INPUT} .quick-input-title`)
    .first()
    .textContent({ timeout: 1_000 })
    .catch(() => '');

/** Picks a quick-pick item whose label contains `label`. */
export async function pickItem(page, label, { timeoutMs = 15_000 } = {}) {
  const row = page.locator(`${QUICK_INPUT} .monaco-list-row`, { hasText: label }).first();
  await row.waitFor({ state: 'visible', timeout: timeoutMs });
  await row.click();
}

/** Clicks an activity-bar item whose label contains `label`. Returns false when there is none. */
export async function clickActivity(page, label, { timeoutMs = 5_000 } = {}) {
  const item = page
    .locator(
      `.part.activitybar .action-item a[aria-label*="${cssString(label)}"], .part.activitybar .action-item[aria-label*="${cssString(label)}"]`,
    )
    .first();
  try {
    await item.waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    return false;
  }
  await item.click();
  // Park the pointer over the editor area so no hover tooltip stays in a screenshot.
  const size = page.viewportSize();
  if (size) await page.mouse.move(size.width - 20, size.height / 2);
  return true;
}

/** Waits until nothing in the workbench reports progress, then a little longer for paint. */
export async function settle(page, { quietMs = 1000, timeoutMs = 15_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const busy = await page.locator('.monaco-progress-container.active:visible, .codicon-loading:visible').count();
    if (!busy) break;
    await page.waitForTimeout(200);
  }
  await page.waitForTimeout(quietMs);
}

function cssString(text) {
  return text.replace(/["\\]/g, '\\$&');
}

/**
 * Everything in one call: host setup, a server with the extension, Chromium, and the workbench
 * opened on a folder. Resolves with the page and helpers bound to it. Options:
 *   extension  'vsix' (default: packaged and installed, as users get it) or 'source'
 *              (loaded from this checkout as a development extension; needs `npm run build`)
 *   vsixFile   with 'vsix': this package instead of packaging one now
 *   vscode     which VS Code (a version; default: setup.mjs selectHost())
 *   width, height, theme (a color theme name), settings, folder, env
 *   profileDir, browserProfileDir  the server's and the browser's profiles, kept by the caller
 *              (as `npm start` and a returning user do); default fresh ones, removed on close
 *   port       the port to ask for first (the browser keeps storage per origin: a returning user
 *              comes back to the same one)
 */
export async function startWorkbench({
  extension = 'vsix',
  vsixFile,
  vscode,
  width = 1400,
  height = 900,
  theme,
  settings = {},
  folder,
  env,
  profileDir,
  browserProfileDir,
  port,
  // Needed for a development payload; it also makes VS Code refuse modal dialogs, so pictures of
  // the packaged extension go without it and show the dialogs a user sees.
  smokeTestDriver = extension !== 'vsix',
} = {}) {
  const host = await setupHost(selectHost(vscode));
  const allSettings = { ...settings };
  if (theme) allSettings['workbench.colorTheme'] = theme;
  const vsix = extension === 'vsix' ? [vsixFile ?? (await packageVsix())] : [];
  const server = await startServer({ host, port, settings: allSettings, env, profileDir, vsix, smokeTestDriver });
  let browser;
  try {
    const workspace = folder ?? tempWorkspace();
    const payload = extension === 'vsix' ? undefined : developmentPayload(server.port, { extensionPath: repoRoot });
    const url = workbenchUrl(server.port, { folder: workspace, payload });
    const colorScheme = theme && /light/i.test(theme) ? 'light' : 'dark';
    browser = await launchBrowser({ executablePath: host.chromium, width, height, colorScheme, profileDir: browserProfileDir });
    await openWorkbench(browser.page, url);
    const page = browser.page;
    return {
      page,
      server,
      url,
      vscode: host.vscode,
      runCommand: (title, options) => runCommand(page, title, options),
      fillInput: (text, options) => fillInput(page, text, options),
      pickItem: (label, options) => pickItem(page, label, options),
      clickActivity: (label, options) => clickActivity(page, label, options),
      settle: (options) => settle(page, options),
      close: async () => {
        await browser.close();
        await server.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
}
