// The pictures of Wallet Console inside the editor's own surfaces, from the packaged extension in
// a fresh workbench (no account needed), in the theme of the run:
//
//   npm run screenshots -- --only editor                  docs/images/<picture>-dark.png
//   npm run screenshots -- --only editor --theme light    docs/images/<picture>-light.png
//
// endpoint-hover       an API path's hover (the balance's answer) in the developer's TypeScript
//                      (README, docs/endpoint-intelligence.md)
// endpoint-diagnostic  a misspelt path's warning in a call to the wallet (docs/endpoint-intelligence.md)
// scenario-schema      wallet-sandbox.json with the bundled schema's completion, offline (docs/scenarios.md)
// launch-config        Add Configuration… in launch.json, filtered by "wallet" (docs/snippets-and-terminals.md)
// settings             the Settings editor on Wallet Console's titled groups (README)
// palette              the command palette filtered to "Wallet Console" (README)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log, repoRoot } from '../host/util.mjs';
import { runCommandPatiently, settle } from '../host/workbench.mjs';
import { ENDPOINT_CODE, hoverOver } from './endpointHover.mjs';

const docs = path.join(repoRoot, 'docs', 'images');
const QUICK_INPUT_BOX = '.quick-input-widget .quick-input-box input';

const SCENARIO = `{
  "seed": 7,
  "wallets": [
    {
      "mobile": "2348031234567",
      "name": "Ada Obi",
      "balance": 2500000,
      
    }
  ]
}
`;

const LAUNCH = `{
  "version": "0.2.0",
  "configurations": [
    
  ]
}
`;

/** Opens a file of the workspace by its name with Go to File (Ctrl+P), the Explorer beside it. */
async function openFile(page, name) {
  await runCommandPatiently(page, 'View: Close All Editors');
  await runCommandPatiently(page, 'View: Show Explorer');
  await page.keyboard.press('Control+P');
  await page.locator(QUICK_INPUT_BOX).first().waitFor({ state: 'visible', timeout: 10_000 });
  await page.keyboard.type(name);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.keyboard.press('Enter');
  await page.locator('.monaco-editor .view-lines').first().waitFor({ state: 'visible', timeout: 20_000 });
  await settle(page, { quietMs: 3000 });
}

/** Puts the caret at the end of the editor's line `lineNumber` (1-based) with Go to Line. */
async function caretAtEndOfLine(page, lineNumber) {
  await page.keyboard.press('Control+G');
  await page.locator(QUICK_INPUT_BOX).first().waitFor({ state: 'visible', timeout: 10_000 });
  await page.keyboard.type(String(lineNumber));
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
}

/** Opens the wallet calls file with TypeScript done analysing (no spinner) and hovers over `text`. */
async function hoverInWalletCalls(page, text) {
  await openFile(page, 'walletCalls.ts');
  // The caret on the empty last line (no word highlight).
  await caretAtEndOfLine(page, ENDPOINT_CODE.length);
  await page
    .locator('.statusbar-item', { hasText: 'Analyzing' })
    .first()
    .waitFor({ state: 'hidden', timeout: 30_000 })
    .catch(() => {});
  await hoverOver(page, text);
}

async function endpointHover(page) {
  // The balance's hover: the answer's fields down to data.user.balance, and only its own errors.
  await hoverInWalletCalls(page, '/v1/users/balance');
}

async function endpointDiagnostic(page) {
  // The misspelt path's warning and its "did you mean" (a call with the wallet's base URL and headers).
  await hoverInWalletCalls(page, '/v1/transactons');
}

async function scenarioSchema(page) {
  await openFile(page, 'wallet-sandbox.json');
  await caretAtEndOfLine(page, 8);
  await page.keyboard.type('"');
  // The JSON language server starts with the first JSON file: ask until the schema's fields come.
  const suggestion = page.locator('.suggest-widget .monaco-list-row', { hasText: 'passcode' }).first();
  for (let attempt = 0; attempt < 10; attempt++) {
    await page.keyboard.press('Control+Space');
    if (
      await suggestion.waitFor({ state: 'visible', timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    )
      break;
  }
  await suggestion.waitFor({ state: 'visible', timeout: 5_000 });
  // The details of the focused field, as "Read More" shows them.
  await page.keyboard.press('Control+Space');
  await page.waitForTimeout(800);
}

async function launchConfig(page) {
  await openFile(page, 'launch.json');
  await caretAtEndOfLine(page, 4);
  await runCommandPatiently(page, 'Debug: Add Configuration...');
  await page.locator('.suggest-widget .monaco-list-row').first().waitFor({ state: 'visible', timeout: 20_000 });
  // What a user types to find it among the Node debugger's snippets.
  await page.keyboard.type('wallet');
  await page
    .locator('.suggest-widget .monaco-list-row', { hasText: 'Launch Node app against the wallet sandbox' })
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 });
  await page.waitForTimeout(800);
}

async function settings(page) {
  await runCommandPatiently(page, 'View: Close All Editors');
  // The whole width for the groups' names and the settings' sentences.
  await runCommandPatiently(page, 'View: Close Primary Side Bar');
  await runCommandPatiently(page, 'Preferences: Open Settings (UI)');
  // The search box has the focus when the Settings editor opens.
  await page.locator('.settings-editor .search-container').first().waitFor({ state: 'visible', timeout: 20_000 });
  await settle(page, { quietMs: 800 });
  await page.keyboard.type('@ext:wallet-console.wallet-console');
  await page
    .locator('.settings-editor .setting-item-contents', { hasText: 'Environment' })
    .first()
    .waitFor({ state: 'visible', timeout: 20_000 });
  // A click on the first setting's sentence closes the search box's suggestions and keeps every group listed.
  await page.locator('.settings-editor .setting-item-description', { hasText: 'Which environment' }).first().click();
  await settle(page, { quietMs: 1500 });
}

async function palette(page) {
  await runCommandPatiently(page, 'View: Close All Editors');
  await runCommandPatiently(page, 'View: Show Explorer');
  await page.keyboard.press('F1');
  await page.locator(QUICK_INPUT_BOX).first().waitFor({ state: 'visible', timeout: 10_000 });
  await page.keyboard.type('Wallet Console');
  await page
    .locator('.quick-input-widget .monaco-list-row', { hasText: 'Wallet Console' })
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 });
  await page.waitForTimeout(800);
}

const PICTURES = [
  ['endpoint-hover', endpointHover, { keepMouse: true }],
  ['endpoint-diagnostic', endpointDiagnostic, { keepMouse: true }],
  ['scenario-schema', scenarioSchema, {}],
  ['launch-config', launchConfig, {}],
  ['settings', settings, {}],
  ['palette', palette, {}],
];

/** Takes every picture above in this workbench; `theme` is 'dark' or 'light' (the workbench's). */
export async function editorPictures(page, workbench, theme) {
  const folder = new URL(workbench.url).searchParams.get('folder');
  if (!folder) throw new Error(`No folder in ${workbench.url}`);
  writeFileSync(path.join(folder, 'walletCalls.ts'), ENDPOINT_CODE.join('\n'));
  writeFileSync(path.join(folder, 'wallet-sandbox.json'), SCENARIO);
  mkdirSync(path.join(folder, '.vscode'), { recursive: true });
  writeFileSync(path.join(folder, '.vscode', 'launch.json'), LAUNCH);
  mkdirSync(docs, { recursive: true });
  // The walkthrough opens by itself on a first start: let it, then close it.
  await page
    .locator('.tab', { hasText: 'Walkthrough' })
    .first()
    .waitFor({ state: 'visible', timeout: 20_000 })
    .catch(() => {});
  await settle(page, { quietMs: 1000 });
  for (const [name, steps, { keepMouse }] of PICTURES) {
    if (!keepMouse) await page.mouse.move(5, 5);
    await steps(page);
    if (!keepMouse) await page.mouse.move(page.viewportSize().width - 5, page.viewportSize().height - 60);
    const file = path.join(docs, `${name}-${theme}.png`);
    await page.screenshot({ path: file });
    log(`Pictured ${path.relative(repoRoot, file)}.`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  }
}
