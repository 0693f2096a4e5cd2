// Issue 55: a generated handler never loses an event. Each one, run as its framework runs it
// (runHandler.ts) against a real sandbox with only the env the docs name, gets test transfers'
// events (POST /__sandbox/events/test with transfer: true, what Trigger Test Event sends) while
// its token is stale (expired, and then the whole sandbox reset) and while the API answers 503:
// it keeps each one, answers 200, and processes it once it has renewed the token or the API is
// back. Before, the first requery's 401 dropped the event for good.
import * as assert from 'node:assert/strict';
import { startSandbox, type PublicWebhookEvent, type Sandbox } from '../../../src/sandbox';
import type { FrameworkId } from '../../../src/webhookHandlers/frameworks';
import { call, connectWallet, expectOk } from '../sandbox/helpers';
import { when } from '../support/eventually';
import { removeTempProjects } from '../webhookHandlers/generated';
import { runHandler, type RunningHandler } from './runHandler';

type WebhookType = PublicWebhookEvent['type'];

const KEY = 'sk_test_inbox_00000001';
const SHOP = '2348031230001';
const SCENARIO = {
  developers: [{ email: 'inbox@example.ng', password: 'inbox-password', apps: [{ name: 'shop', sandboxKey: KEY, wallets: [SHOP] }] }],
  wallets: [
    { mobile: SHOP, passcode: '123456', balance: 1_000_000 },
    { mobile: '2348031230002', balance: 0 },
  ],
};

const CASES: [FrameworkId, string][] = [
  ['express', 'Express (TypeScript)'],
  ['express-js', 'Express (JavaScript)'],
  ['nextjs', 'Next.js route handler'],
  ['flask', 'Flask (where Flask is installed)'],
  ['fastapi', 'FastAPI (where FastAPI and uvicorn are installed)'],
  ['go', 'Go net/http (where Go is installed)'],
];

const count = (text: string, pattern: RegExp) => (text.match(new RegExp(pattern.source, 'g')) ?? []).length;

describe('webhook handlers: the generated handlers keep every event until it is processed', function () {
  this.timeout(150_000);
  let sandbox: Sandbox;
  const handlers: RunningHandler[] = [];

  before(async () => {
    sandbox = await startSandbox({ port: 0, scenario: SCENARIO, log: () => undefined });
  });
  after(async () => {
    for (const handler of handlers) handler.stop();
    await sandbox.close();
    removeTempProjects();
  });

  const pointAt = (url: string) =>
    expectOk(call(sandbox, 'PUT', '/v1/apps/settings', { body: { callbackURL: url }, headers: { 'x-app-key': KEY } }));
  /** A test transfer's event, as Trigger Test Event sends it; answers its reference. */
  const testTransfer = async (type: WebhookType): Promise<string> => {
    const sent = (await sandbox.runOperation('sendTestEvent', { type, transfer: true })) as { event: PublicWebhookEvent };
    assert.equal(sent.event.test, true);
    return String(sent.event.payload.payload.data.transactionReference);
  };
  const eventOf = (reference: string) => sandbox.events().find((event) => event.payload.payload.data.transactionReference === reference);
  /** Once the sandbox has the event in `state` (checked at each change of the sandbox). */
  const eventState = (reference: string, state: PublicWebhookEvent['state']) =>
    when(
      (listener) => sandbox.onChange(listener),
      () => (eventOf(reference)?.state === state ? true : undefined),
      () => `event of ${reference} ${state}: ${JSON.stringify(eventOf(reference))}`,
    );

  for (const [id, title] of CASES) {
    it(`${title}: a stale token is renewed, a 503 is tried again, and a reset world's event is processed`, async function () {
      await sandbox.reset();
      const wallet = await connectWallet(sandbox, KEY, SHOP);
      const handler = await runHandler(
        id,
        {
          WALLET_BASE_URL: sandbox.url,
          WALLET_APP_KEY: KEY,
          WALLET_REFRESH_TOKEN: wallet.refreshToken,
          WALLET_ACCESS_TOKEN: wallet.accessToken,
        },
        this,
      );
      handlers.push(handler);
      await pointAt(handler.url);

      // The token expired: the requery's 401 renews it, and the event is processed.
      sandbox.expireAccessTokens(SHOP);
      const expired = await testTransfer('PHONE_TRANSFER');
      await handler.logged(
        new RegExp(`processed PHONE_TRANSFER SUCCESS ${expired} \\(100 kobo = NGN 1\\.00\\)`),
        'processed after a renewal',
      );
      assert.equal(count(handler.output(), /renewed the wallet access token/), 1, handler.output());
      await eventState(expired, 'delivered');

      // The API answers 503 once: the event stays kept, and the next try processes it.
      sandbox.addFault({ path: '/v1/transactions/*', method: 'GET', status: 503, times: 1 });
      const unavailable = await testTransfer('BANK_TRANSFER');
      await handler.logged(
        new RegExp(`${unavailable} not processed yet \\(the requery answered 503\\): kept, trying again in 2 s`),
        'kept after a 503',
      );
      await handler.logged(new RegExp(`processed BANK_TRANSFER SUCCESS ${unavailable}`), 'processed on the next try');
      await eventState(unavailable, 'delivered');
      assert.equal(eventOf(unavailable)?.attempts.length, 1, 'acknowledged at once: the sandbox never had to send it again');

      // The whole world reset: the handler's token opens nothing, its refresh token still renews it.
      await sandbox.reset();
      await pointAt(handler.url);
      const afterReset = await testTransfer('PHONE_TRANSFER');
      await handler.logged(new RegExp(`processed PHONE_TRANSFER SUCCESS ${afterReset}`), 'processed in the reset world');
      assert.equal(count(handler.output(), /renewed the wallet access token/), 2, handler.output());
      assert.equal(count(handler.output(), /processed (PHONE|BANK)_TRANSFER SUCCESS/), 3, handler.output());
      assert.deepEqual(sandbox.findings(), [], 'test events make no finding');
      handler.stop();
    });
  }

  it('without the app key and a token a handler keeps nothing: it answers 503 and says what to set, and the sandbox sends the event again later', async function () {
    const handler = await runHandler('express-js', { WALLET_BASE_URL: sandbox.url }, this);
    handlers.push(handler);
    await sandbox.reset();
    await pointAt(handler.url);
    const reference = await testTransfer('PHONE_TRANSFER');
    await handler.logged(/not kept, answered 503: set WALLET_APP_KEY and WALLET_REFRESH_TOKEN/, 'the handler said what to set');
    await eventState(reference, 'retrying');
    assert.equal(eventOf(reference)?.attempts[0]?.status, 503);
    assert.doesNotMatch(handler.output(), /\] processed /);
  });
});
