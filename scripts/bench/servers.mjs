// Servers for the bench in processes of their own (serve.mjs), a connected wallet on one, and a
// short autocannon run against one. Everything stays on 127.0.0.1 and every wait is bounded.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HostError, onShutdown, repoRoot } from '../host/util.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * Forks serve.mjs in `mode` (with `args` after it; `init` sent once it runs) and resolves once it
 * listens: { url, stop(), memory() } (memory: { rss, maxRss } in bytes, one question at a time).
 */
export function startServerProcess(mode, init, args = []) {
  const child = fork(path.join(here, 'serve.mjs'), [mode, ...args], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const stop = () => {
    unregister();
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const unregister = onShutdown(stop);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new HostError(`The ${mode} server did not start within 30 s.`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new HostError(`The ${mode} server exited during start-up (code ${code}).`));
    });
    child.once('message', (message) => {
      clearTimeout(timer);
      const memory = () =>
        new Promise((answered) => {
          child.once('message', answered);
          child.send({ type: 'memory' });
        });
      resolve({ url: message.url, stop, memory });
    });
    if (init) child.send(init);
  });
}

/** Signs up a developer, creates an app and connects the developer's wallet; resolves with its credentials. */
export async function connectWallet(url, label) {
  const { WalletClient } = require(path.join(repoRoot, 'out', 'src', 'api', 'index.js'));
  const client = new WalletClient({ consoleUrl: url, developerUrl: url, retries: 0 });
  const credentials = { email: `${label}-${Date.now().toString(36)}@example.com`, password: 'bench-password-1' };
  await client.signUp(credentials);
  const { user, token } = await client.authenticateResource(credentials);
  const app = await client.createApp(token, `${label} app`);
  const mobile = user.sandboxMobile;
  const { message } = await client.sendOtp(app.key, mobile);
  const passcode = /Passcode: (\d{6})/.exec(message)?.[1];
  if (!passcode) throw new HostError(`The sandbox did not show a passcode: ${message}`);
  const tokens = await client.verifyOtp(app.key, mobile, passcode);
  return { mobile, appKey: app.key, accessToken: tokens.accessToken };
}

/** The headers an app sends for a connected wallet. */
export function walletHeaders(wallet) {
  return { accept: 'application/json', 'X-App-Key': wallet.appKey, 'X-App-Wallet-Access-Token': wallet.accessToken };
}

/** Loads `url` for `seconds` (autocannon, keep-alive); resolves with the answers per second, all of them 2xx. */
export async function cannon(url, headers, seconds, connections = 10) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  if (result.errors || result.non2xx || result.timeouts) {
    throw new HostError(`load on ${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers, ${result.timeouts} timeouts`);
  }
  return result.requests.total / result.duration;
}
