// Steps for `npm run screenshot -- --setup scripts/screenshots/endpointHover.mjs`: a TypeScript
// file calling the wallet API, with the hover of a path (default) or, with ENDPOINT_SHOT=diagnostic,
// the hover of an unknown path's diagnostic ("did you mean").
//
//   npm run screenshot -- --no-activity --width 1280 --height 800 --theme "Default Dark Modern" \
//     --setup scripts/screenshots/endpointHover.mjs --out docs/images/endpoint-hover-dark.png
//   ENDPOINT_SHOT=diagnostic npm run screenshot -- … --theme "Default Light Modern" --out docs/images/endpoint-diagnostic-light.png
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCommandPatiently, settle } from '../host/workbench.mjs';

/** The developer's own code: calls that show the wallet API (its base URL variable, its headers), one path misspelt. */
export const ENDPOINT_CODE = [
  'declare const process: { env: Record<string, string | undefined> };',
  '',
  'const base = process.env.WALLET_BASE_URL;',
  'const headers = {',
  "  'X-App-Key': process.env.WALLET_APP_KEY ?? '',",
  "  'X-App-Wallet-Access-Token': process.env.WALLET_ACCESS_TOKEN ?? '',",
  '};',
  '',
  'export async function walletCalls(transfer: object) {',
  '  const balance = await fetch(`${base}/v1/users/balance`, { headers });',
  '  const history = await fetch(`${base}/v1/transactons?limit=20`, { headers });',
  "  const sent = await fetch(`${base}/v1/users/transfers/bank`, { method: 'POST', headers, body: JSON.stringify(transfer) });",
  '  return { balance, history, sent };',
  '}',
  '',
];

export default async function endpointHover(page, workbench) {
  // A file of the developer's app in the workspace folder the workbench opened, opened by name.
  const folder = new URL(workbench.url).searchParams.get('folder');
  if (!folder) throw new Error(`No folder in ${workbench.url}`);
  writeFileSync(path.join(folder, 'walletCalls.ts'), ENDPOINT_CODE.join('\n'));
  // The walkthrough opens by itself on a first start: close it once it is there.
  await page
    .locator('.tab', { hasText: 'Walkthrough' })
    .first()
    .waitFor({ state: 'visible', timeout: 20_000 })
    .catch(() => {});
  await settle(page, { quietMs: 1000 });
  await runCommandPatiently(page, 'View: Close All Editors');
  await runCommandPatiently(page, 'View: Show Explorer');
  const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'walletCalls.ts' }).first();
  await row.waitFor({ state: 'visible', timeout: 20_000 });
  await row.click();
  await settle(page, { quietMs: 2500 });
  const diagnostic = process.env.ENDPOINT_SHOT === 'diagnostic';
  await hoverOver(page, diagnostic ? '/v1/transactons' : '/v1/users/transfers/bank');
}

/** Moves the mouse onto the token that shows `text` in the editor and waits for its hover (the walkthrough's picture too). */
export async function hoverOver(page, text) {
  const token = page.locator('.view-line span span', { hasText: text }).first();
  const box = await token.boundingBox({ timeout: 5_000 }).catch(async (error) => {
    if (process.env.ENDPOINT_SHOT_DEBUG) await page.screenshot({ path: process.env.ENDPOINT_SHOT_DEBUG });
    throw error;
  });
  if (!box) throw new Error(`The path ${text} is not on screen.`);
  await page.mouse.move(box.x - 40, box.y + box.height / 2);
  await page.waitForTimeout(300);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator('.monaco-hover:not(.hidden)').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForTimeout(800);
}
