// The walkthrough's "Review your integration" picture: a careless app's traffic to the local
// sandbox (a payment sent again after its connection dropped, the app key in a URL), the
// Findings view with its badge, and the retried payment's page in the panel. No account needed:
// the careless requests need none to be found.
import { panelFrame } from '../host/flows.mjs';
import { pickItem, runCommand, settle } from '../host/workbench.mjs';

/** The Findings view (its badge on the activity bar) and the finding's page beside it. */
export const FINDINGS_REGION = { selectors: ['.part.activitybar', '.part.sidebar', '.part.editor'], maxWidth: 760, maxHeight: 330 };

const PHONE = '/v1/users/transfers/phone';

/** The port the sandbox listens on, as the Requests view's description says it. */
async function sandboxPort(page) {
  await runCommand(page, 'Wallet Console: Focus on Requests View');
  const header = page.locator('.pane-header', { hasText: 'Requests' }).first();
  await header.waitFor({ state: 'visible', timeout: 15_000 });
  for (let tries = 0; tries < 50; tries++) {
    const port = /port (\d+)/.exec((await header.textContent()) ?? '')?.[1];
    if (port) return Number(port);
    await settle(page, { quietMs: 200 });
  }
  throw new Error('The Requests view does not say the sandbox port');
}

async function carelessApp(base) {
  const json = { 'content-type': 'application/json' };
  const fault = await fetch(`${base}/__sandbox/faults`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ path: PHONE, drop: true, times: 1 }),
  });
  if (!fault.ok) throw new Error(`The fault was refused: ${fault.status}`);
  const body = JSON.stringify({ mobile: '2349090000000', amount: 150000 });
  await fetch(`${base}${PHONE}`, { method: 'POST', headers: json, body }).catch(() => undefined);
  await fetch(`${base}${PHONE}`, { method: 'POST', headers: json, body });
  await fetch(`${base}/v1/users/balance?appKey=pk_live_0123456789abcdef0123456789abcdef`);
}

export async function findingsPicture(page, shoot) {
  // Any sandbox control starts the local sandbox (a view never does); the Requests view first,
  // so the extension is active and its context keys offer the controls.
  await runCommand(page, 'Wallet Console: Focus on Requests View');
  await settle(page, { quietMs: 1500 });
  await runCommand(page, 'Wallet Console: Advance Sandbox Clock');
  await pickItem(page, '1 min');
  await settle(page, { quietMs: 800 });
  const port = await sandboxPort(page);
  await carelessApp(`http://127.0.0.1:${port}`);
  await runCommand(page, 'View: Hide Panel').catch(() => page.keyboard.press('Escape'));
  await runCommand(page, 'Wallet Console: Focus on Findings View');
  // The views above it, folded: the picture is of the findings.
  for (const name of ['Developer', 'Wallet', 'Sandbox']) {
    const header = page.locator('.pane-header[aria-expanded="true"]', { hasText: name }).first();
    if (await header.isVisible()) await header.click();
  }
  const row = page.locator('.monaco-list-row', { hasText: 'sent again' }).first();
  await row.waitFor({ state: 'visible', timeout: 20_000 });
  await row.click();
  await panelFrame(page).locator('h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  await runCommand(page, 'Notifications: Clear All Notifications');
  await shoot('findings', { walkthroughName: 'findings', full: false });
}
