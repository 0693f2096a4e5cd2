// Every handler Create Webhook Handler writes passes Check My Webhook Handler, run as its
// framework runs it (runHandler.ts), with the env the check prints: Express (TypeScript compiled,
// JavaScript as written) and the Next.js route (compiled, behind a small Node server) always;
// Flask, FastAPI and Go where their runtime is installed, else a skip that says why (under
// CI=true, a failure for Flask and FastAPI: npm test's set-up installs them).
import * as assert from 'node:assert/strict';
import { checkWebhookHandler, startSandbox, type CheckCredentials, type Sandbox } from '../../../src/sandbox';
import { newCheckApp } from '../../../src/sandbox/webhookCheck/walletCalls';
import type { FrameworkId } from '../../../src/webhookHandlers/frameworks';
import { removeTempProjects } from '../webhookHandlers/generated';
import { runHandler, type RunningHandler } from './runHandler';

const CASES: [FrameworkId, string][] = [
  ['express', 'Express (TypeScript)'],
  ['express-js', 'Express (JavaScript)'],
  ['nextjs', 'Next.js route handler'],
  ['flask', 'Flask (where Flask is installed)'],
  ['fastapi', 'FastAPI (where FastAPI and uvicorn are installed)'],
  ['go', 'Go net/http (where Go is installed)'],
];

describe('webhook check: every generated handler passes it', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let credentials: CheckCredentials;
  let env: Record<string, string>;
  const handlers: RunningHandler[] = [];

  before(async () => {
    sandbox = await startSandbox({ port: 0, log: () => undefined });
    credentials = await newCheckApp(sandbox.url);
    env = {
      WALLET_BASE_URL: sandbox.url,
      WALLET_APP_KEY: credentials.appKey,
      WALLET_REFRESH_TOKEN: credentials.refreshToken!,
      WALLET_ACCESS_TOKEN: credentials.accessToken,
    };
  });
  after(async () => {
    for (const handler of handlers) handler.stop();
    await sandbox.close();
    removeTempProjects();
  });

  for (const [id, title] of CASES) {
    it(title, async function () {
      const handler = await runHandler(id, env, this);
      handlers.push(handler);
      const report = await checkWebhookHandler({ handlerUrl: handler.url, sandboxUrl: sandbox.url, credentials });
      assert.deepEqual(
        report.cases.filter((row) => !row.passed).map((row) => `${row.name}: ${row.why}`),
        [],
        handler.output(),
      );
      assert.equal(report.cases.find((row) => row.name === 'forgery')!.requeried, true);
      // The forged reference was requeried and ignored, the real ones processed: once its log says so.
      await handler.logged(/ignored BANK_TRANSFER/, 'the handler ignored the forged event');
      await handler.logged(/processed PHONE_TRANSFER SUCCESS/, 'the handler processed the real events');
    });
  }
});
