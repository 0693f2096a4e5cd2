// The development loop, pictured from the real extension after the newcomer's path (make-all.mjs):
// a send's confirmation, the Requests view with a request from "your app", the Events view with
// a webhook that failed once and was then delivered, and the Sandbox view.
import { createServer } from 'node:http';
import { panelFrame } from '../host/flows.mjs';
import { fillInput, pickItem, runCommand, settle } from '../host/workbench.mjs';

/** A webhook receiver standing in for the developer's app: 500 on the first delivery, then 200. */
async function startReceiver() {
  let calls = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls++;
      res.writeHead(calls === 1 ? 500 : 200, { 'content-type': 'text/plain' }).end(calls === 1 ? 'handler crashed' : 'ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/webhooks`, close: () => server.close() };
}

/** The port the sandbox listens on, as the Requests view's description says it. */
async function sandboxPort(page) {
  const header = page.locator('.pane-header', { hasText: 'Requests' }).first();
  await header.waitFor({ state: 'visible', timeout: 15_000 });
  const text = (await header.textContent()) ?? '';
  const port = /port (\d+)/.exec(text)?.[1];
  if (!port) throw new Error(`The Requests view does not say the sandbox's port: "${text}"`);
  return Number(port);
}

/** Toasts would cover the bottom panel. */
async function clearNotifications(page) {
  await runCommand(page, 'Notifications: Clear All Notifications');
  await settle(page, { quietMs: 400 });
}

async function focusView(page, name) {
  await runCommand(page, `Wallet Console: Focus on ${name} View`);
  await settle(page, { quietMs: 600 });
}

export async function devLoopPictures(page, shoot) {
  // Send to Phone, up to its one confirmation.
  await runCommand(page, 'Wallet Console: Send to Phone');
  await fillInput(page, '0909 000 0000', { title: '(1/2)' });
  await fillInput(page, '1,500', { title: '(2/2)' });
  const dialog = page.locator('.monaco-dialog-box').first();
  await dialog.waitFor({ state: 'visible', timeout: 20_000 });
  await shoot('send-confirm', { walkthroughName: 'send-money' });
  await dialog.getByRole('button', { name: /^Send / }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
  await settle(page, { quietMs: 1000 });

  // "Your app" calls the sandbox; its request shows in the Requests view beside the extension's.
  await focusView(page, 'Requests');
  const port = await sandboxPort(page);
  await fetch(`http://127.0.0.1:${port}/v1/users/balance`, { headers: { 'User-Agent': 'my-shop-backend/1.4 (node)' } });
  await settle(page, { quietMs: 800 });
  await page.locator('.monaco-list-row', { hasText: 'my-shop-backend' }).first().click();
  await panelFrame(page).locator('h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  await clearNotifications(page);
  await shoot('requests-dark', { walkthroughName: 'requests' });

  // A webhook that fails once, then is delivered on the retry a minute later.
  const receiver = await startReceiver();
  try {
    await runCommand(page, 'Wallet Console: Set Webhook URL');
    await fillInput(page, receiver.url, { title: 'Set Webhook URL' });
    await settle(page);
    await runCommand(page, 'Wallet Console: Trigger Test Event');
    await pickItem(page, 'Bank transfer');
    await settle(page, { quietMs: 800 });
    await runCommand(page, 'Wallet Console: Advance Sandbox Clock');
    await pickItem(page, '1 min');
    await settle(page, { quietMs: 800 });
    await focusView(page, 'Events');
    const event = page.locator('.monaco-list-row[aria-level="1"]', { hasText: 'Bank transfer' }).first();
    await event.waitFor({ state: 'visible', timeout: 20_000 });
    await event.click();
    await panelFrame(page).locator('h1').first().waitFor({ state: 'visible', timeout: 20_000 });
    if ((await event.getAttribute('aria-expanded')) === 'false') await event.locator('.monaco-tl-twistie').click();
    await page.locator('.monaco-list-row[aria-level="2"]', { hasText: '500' }).first().waitFor({ state: 'visible', timeout: 10_000 });
    await clearNotifications(page);
    await shoot('events-dark', { walkthroughName: 'webhooks' });
  } finally {
    receiver.close();
  }

  // The Sandbox view: the clock, the delay and the faults.
  await focusView(page, 'Sandbox');
  await shoot('sandbox-dark', { walkthroughName: 'sandbox-controls' });
}
