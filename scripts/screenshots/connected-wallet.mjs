// Screenshot steps (npm run screenshot -- --setup scripts/screenshots/connected-wallet.mjs):
// signs up in the local sandbox, creates an app and connects the sandbox wallet through
// the real prompts, as a newcomer would, then opens the first transaction.
import { fillInput, runCommand, settle } from '../host/workbench.mjs';

const QUICK_INPUT = '.quick-input-widget';

export default async function connectedWallet(page) {
  const email = `ada-${Date.now().toString(36)}@example.com`;
  const password = 'sandbox-password';
  await runCommand(page, 'Wallet Console: Sign Up');
  await fillInput(page, email, { title: '(1/3)' });
  await fillInput(page, password, { title: '(2/3)' });
  await fillInput(page, password, { title: '(3/3)' });
  await settle(page);

  await runCommand(page, 'Wallet Console: Create App');
  await fillInput(page, 'Demo Shop', { title: 'Create App' });
  await settle(page);

  await runCommand(page, 'Wallet Console: Connect Wallet');
  // The sandbox mobile is filled in: accept it.
  await page.locator(`${QUICK_INPUT} .quick-input-title`, { hasText: '(1/2)' }).first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.locator(`${QUICK_INPUT} .quick-input-box input`).first().press('Enter');
  const message = page.locator(`${QUICK_INPUT} .quick-input-message`, { hasText: 'local sandbox passcode' }).first();
  await message.waitFor({ state: 'visible', timeout: 20_000 });
  const passcode = /passcode: (\d{6})/.exec((await message.textContent()) ?? '')?.[1];
  if (!passcode) throw new Error('The OTP prompt did not show the sandbox passcode.');
  await fillInput(page, passcode, { title: '(2/2)' });
  await settle(page, { quietMs: 2000 });
}
