// `npm run screenshot -- --out docs/images/developer-apps-dark.png --setup scripts/screenshots/developerApps.mjs`:
// the Developer view with its app list (issue 27): an app created here, one the sandbox lists
// that this editor holds no key for (made with the login token over GET/POST /v1/apps), and a
// key added by hand.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createApp, signUp } from '../host/flows.mjs';

export default async function developerApps(page, workbench) {
  const email = 'ada@example.com';
  const password = 'sandbox-password';
  await signUp(page, { email, password });
  // The sign-in after the sign-up may still be running: Create App would find no palette yet.
  await page.waitForTimeout(2000);
  await createApp(page, 'Demo Shop');
  // Where the local sandbox listens: its owner file in the profile's global storage.
  const root = workbench.server.dirs.root;
  const owner = readdirSync(root, { recursive: true, encoding: 'utf8' }).find((file) => file.endsWith('sandbox-state.json.owner'));
  if (!owner) throw new Error('The local sandbox did not start.');
  const { url } = JSON.parse(readFileSync(path.join(root, owner), 'utf8'));
  const post = (route, body, headers = {}) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then((response) => response.json());
  const login = await post('/v1/auth/login', { email, password });
  await post('/v1/apps', { name: 'Checkout (CI)' }, { Authorization: `Bearer ${login.data.token}` });
  await workbench.runCommand('Wallet Console: Add App Key');
  await workbench.fillInput('Partner app', { title: '(1/2)' });
  await workbench.fillInput('sk_test_0123456789abcdef0123456789abcdef', { title: '(2/2)' });
  await workbench.settle();
  await workbench.runCommand('View: Close All Editors');
  await workbench.runCommand('Notifications: Clear All Notifications');
  await workbench.runCommand('Wallet Console: Focus on Developer View');
  await workbench.settle();
}
