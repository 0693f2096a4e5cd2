// The newcomer's path through Wallet Console, driven in the real workbench the way a person
// would: palette commands, input boxes, tree clicks and the panel. Used by the VSIX smoke
// test and by the screenshot script. `beforeSubmit` (optional) runs while a prompt is
// filled in but not yet accepted, so a picture can show it.
import { fillInput, runCommand, settle, submitInput } from './workbench.mjs';

const QUICK_INPUT = '.quick-input-widget';

export async function signUp(page, { email, password }, beforeSubmit) {
  await runCommand(page, 'Wallet Console: Sign Up');
  await fillInput(page, email, { title: '(1/3)', submit: false });
  await beforeSubmit?.();
  await submitInput(page);
  await fillInput(page, password, { title: '(2/3)' });
  await fillInput(page, password, { title: '(3/3)' });
  await settle(page);
}

export async function createApp(page, name, beforeSubmit) {
  await runCommand(page, 'Wallet Console: Create App');
  await fillInput(page, name, { title: 'Create App', submit: false });
  await beforeSubmit?.();
  await submitInput(page);
  await settle(page);
}

/** Accepts the prefilled sandbox mobile and types the passcode the sandbox shows; returns the mobile (2348031234567). */
export async function connectSandboxWallet(page, beforeSubmit) {
  await runCommand(page, 'Wallet Console: Connect Wallet');
  await page.locator(`${QUICK_INPUT} .quick-input-title`, { hasText: '(1/2)' }).first().waitFor({ state: 'visible', timeout: 15_000 });
  const mobile = await page.locator(`${QUICK_INPUT} .quick-input-box input`).first().inputValue();
  await submitInput(page);
  const message = page.locator(`${QUICK_INPUT} .quick-input-message`, { hasText: 'local sandbox passcode' }).first();
  await message.waitFor({ state: 'visible', timeout: 20_000 });
  const passcode = /passcode: (\d{6})/.exec((await message.textContent()) ?? '')?.[1];
  if (!passcode) throw new Error('The OTP prompt did not show the sandbox passcode.');
  await fillInput(page, passcode, { title: '(2/2)', submit: false });
  await beforeSubmit?.();
  await submitInput(page);
  await settle(page, { quietMs: 1500 });
  // As the views show it to people: 0803 123 4567, whatever form the box had.
  const local = mobile.replace(/\D/g, '').replace(/^234/, '0');
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}

/** The webview's own document: an iframe inside VS Code's webview iframe. */
export function panelFrame(page) {
  return page.frameLocator('iframe.webview.ready').last().frameLocator('#active-frame');
}

/**
 * Clicks the first tree row whose text contains `label` and waits for the detail panel. The
 * history is random and the tree draws only the rows on screen: a picture of one type may
 * need it; a test that must not flake opens the first transaction (openFirstTransaction).
 */
export async function openTransaction(page, label = 'Bank transfer') {
  await clickRow(page, page.locator('.monaco-list-row', { hasText: label }).first(), `a "${label}" row`);
}

/** Clicks the newest transaction (the first row under Transactions) and waits for the detail panel. */
export async function openFirstTransaction(page) {
  // Transactions are the third level of the Wallet tree (wallet › Transactions › row); their label starts with the amount.
  await clickRow(page, page.locator('.monaco-list-row[aria-level="3"]', { hasText: '₦' }).first(), 'a transaction row');
}

async function clickRow(page, row, what) {
  try {
    await row.waitFor({ state: 'visible', timeout: 20_000 });
  } catch {
    const shown = await page.locator('.monaco-list-row').allTextContents();
    throw new Error(`The tree shows no ${what} within 20 s. Rows shown:\n  ${shown.join('\n  ')}`);
  }
  await row.click();
  await panelFrame(page).locator('#summary-heading').waitFor({ state: 'visible', timeout: 20_000 });
}

/** Verifies an account in the panel and returns the result text. */
export async function verifyInPanel(page, { bankFilter, bankCode, accountNumber }) {
  await runCommand(page, 'Wallet Console: Verify Bank Account');
  const frame = panelFrame(page);
  await frame.locator('#bank-filter').waitFor({ state: 'visible', timeout: 20_000 });
  await frame.locator('#bank-filter').fill(bankFilter);
  await frame.locator('#bank').selectOption(bankCode);
  await frame.locator('#account').fill(accountNumber);
  await frame.locator('#verify-button').click();
  await frame.locator('#result').waitFor({ state: 'visible', timeout: 20_000 });
  return (await frame.locator('#result').textContent()) ?? '';
}
