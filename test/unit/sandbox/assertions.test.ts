import * as assert from 'node:assert/strict';
import {
  SandboxExpectationError,
  SandboxInputError,
  SandboxTimeoutError,
  startSandbox,
  type PublicWebhookEvent,
  type WalletSandbox,
} from '../../../src/sandbox/package';
import { errorOfAnswer } from '../../../src/sandbox/vocabulary/errors';
import { webhookReceiver, WebhookReceiver } from '../support/webhookReceiver';
import { call, connectWallet, expectOk } from './helpers';

// Issue 37, "Assertions that explain": a wait that runs out names what it waited for and the
// closest entries with why each did not match (in process and over HTTP); the journal's entries
// carry the body parsed and the headers by lower-case name; requests.count / expectCount;
// webhooks.trigger with data (amounts in kobo, mobiles in any form) to a real local receiver.

const KEY = 'sk_test_assertions_0001';
const ADA = '2348031110001';
const BEN = '2348031110002';

describe('sandbox package: assertions that explain', function () {
  this.timeout(30_000);
  let sandbox: WalletSandbox;
  let hook: WebhookReceiver;

  beforeEach(async () => {
    hook = await webhookReceiver();
    sandbox = await startSandbox({
      scenario: {
        seed: 37,
        developers: [
          { email: 'a@example.ng', password: 'assert-password', apps: [{ name: 'shop', sandboxKey: KEY, callbackURL: hook.url }] },
        ],
        wallets: [
          { mobile: ADA, passcode: '111111', balance: 500_000 },
          { mobile: BEN, passcode: '222222', balance: 100_000 },
        ],
      },
      log: () => undefined,
    });
  });
  afterEach(async () => {
    await sandbox.close();
    await hook.close();
  });

  /** Ada signs in and sends Ben `amount` kobo: validate, two auth calls, one transfer. */
  async function sendToBen(amount: number): Promise<void> {
    const ada = await connectWallet(sandbox.url, KEY, ADA);
    await call(sandbox.url, 'POST', '/v1/users/transfers/phone', { headers: ada.headers, body: { mobile: BEN, amount } });
  }

  describe('a wait that runs out', () => {
    it('names what it waited for and the closest entries, with why each did not match', async () => {
      await sendToBen(10_000_000); // more than Ada has: refused
      const error = await sandbox.requests
        .waitFor({ method: 'POST', path: '/v1/users/transfers/phone', status: 200 }, { timeoutMs: 20 })
        .then(
          () => assert.fail('nothing answered 200'),
          (caught: unknown) => caught,
        );
      assert.ok(error instanceof SandboxTimeoutError);
      assert.equal(error.code, 'ERR_SANDBOX_TIMEOUT');
      assert.equal(error.nearMisses.length, 3);
      const lines = error.message.split('\n');
      assert.equal(
        lines[0],
        'No request matching POST /v1/users/transfers/phone status 200 came within 20 ms (4 in the journal). Closest:',
      );
      assert.match(lines[1]!, /^ {2}#4 POST \/v1\/users\/transfers\/phone → 4\d\d: status 4\d\d, not 200$/);
      assert.match(lines[2]!, /^ {2}#3 POST \/v1\/users\/auth → 200: path \/v1\/users\/auth, not \/v1\/users\/transfers\/phone$/);
      assert.equal(lines.length, 4, error.message);
    });

    it('says when what it waited for landed in another world (another X-App-Key)', async () => {
      const namespace = await sandbox.namespaces.create();
      await sendToBen(1_000); // with the root world's key
      const error = await namespace.requests.waitFor({ path: '/v1/users/transfers/phone' }, { timeoutMs: 10 }).catch((e: unknown) => e);
      assert.ok(error instanceof SandboxTimeoutError);
      assert.deepEqual(error.nearMisses[0], {
        id: 4,
        seen: '#4 POST /v1/users/transfers/phone → 200',
        why: ["it landed in the sandbox's own world, not this one: its X-App-Key is that world's"],
      });
    });

    it('still rejects, with its near misses, when the predicate throws', async () => {
      const namespace = await sandbox.namespaces.create();
      await sendToBen(1_000);
      const where = (): boolean => {
        throw new Error('a broken predicate');
      };
      const error = await namespace.requests
        .waitFor({ path: '/v1/users/transfers/phone', where }, { timeoutMs: 10 })
        .catch((e: unknown) => e);
      assert.ok(error instanceof SandboxTimeoutError, String(error));
      assert.equal(error.nearMisses.length, 0, 'a predicate that throws takes nothing');
    });

    it("waits 2 s when not told: below a test runner's own 5 s", async () => {
      const error = await sandbox.requests.waitFor({ path: '/never' }).catch((e: unknown) => e);
      assert.ok(error instanceof SandboxTimeoutError);
      assert.equal(error.timeoutMs, 2000);
    });

    it('over HTTP: a 408 whose message and details carry the near misses', async () => {
      await sendToBen(10_000_000);
      const answer = await call(sandbox.url, 'GET', '/__sandbox/requests?method=POST&path=/v1/users/transfers/phone&status=200&waitMs=20');
      assert.equal(answer.status, 408);
      assert.equal(answer.json['errorCode'], '90005');
      assert.match(answer.json['error'] as string, /Closest:\n {2}#4 POST \/v1\/users\/transfers\/phone → 4\d\d: status 4\d\d, not 200/);
      const details = answer.json['details'] as { waitedFor: string; nearMisses: { id: number; why: string[] }[] };
      assert.equal(details.waitedFor, 'request matching POST /v1/users/transfers/phone status 200');
      assert.deepEqual(
        details.nearMisses.map((miss) => miss.id),
        [4, 3, 2],
      );
      // A client over HTTP throws the class a caller in process gets.
      const rebuilt = errorOfAnswer(answer.status, answer.json);
      assert.ok(rebuilt instanceof SandboxTimeoutError);
      assert.equal(rebuilt.message, answer.json['error']);
      assert.equal(rebuilt.nearMisses.length, 3);
    });

    it('names the closest webhook events too, in process and over HTTP', async () => {
      await sandbox.webhooks.trigger('PHONE_TRANSFER', { transactionReference: 'ref-phone-1' });
      const error = await sandbox.webhooks.waitFor({ type: 'BANK_TRANSFER' }, { timeoutMs: 10 }).catch((e: unknown) => e);
      assert.ok(error instanceof SandboxTimeoutError);
      assert.match(
        error.message,
        /^No webhook event matching \{"type":"BANK_TRANSFER"\} came within 10 ms\. Closest:\n {2}evt_\w+ PHONE_TRANSFER ref-phone-1 \(\w+\): type PHONE_TRANSFER, not BANK_TRANSFER$/,
      );
      const answer = await call(sandbox.url, 'GET', '/__sandbox/events?type=BANK_TRANSFER&waitMs=10');
      assert.equal(answer.status, 408);
      assert.deepEqual((answer.json['details'] as { nearMisses: { why: string[] }[] }).nearMisses[0]!.why, [
        'type PHONE_TRANSFER, not BANK_TRANSFER',
      ]);
    });
  });

  describe('journal entries as a test reads them', () => {
    it('carry the JSON body parsed and the headers by lower-case name, beside what was received', async () => {
      const sent = { mobile: ADA };
      await call(sandbox.url, 'POST', '/v1/users/auth/validate', { body: sent, headers: { 'X-App-Key': KEY, 'X-Trace': 'one' } });
      await call(sandbox.url, 'POST', '/v1/users/auth/validate', { rawBody: 'mobile=1', headers: { 'x-app-key': KEY } });
      const [json, form] = await sandbox.requests.list();
      assert.deepEqual(json!.json, sent);
      assert.equal(json!.headers['x-trace'], 'one');
      assert.equal(json!.headers['x-app-key'], KEY);
      assert.ok(json!.requestHeaders.includes('X-Trace'), 'the headers as received stay');
      assert.equal(json!.requestBody, JSON.stringify(sent));
      assert.equal(form!.json, undefined, 'a body that is not JSON has no json');
      const listed = await expectOk(call(sandbox.url, 'GET', '/__sandbox/requests'));
      assert.deepEqual(listed.json['data'].requests[0].json, sent);
      assert.equal(listed.json['data'].requests[0].headers['x-trace'], 'one');
    });
  });

  describe('counting requests', () => {
    it('count and expectCount, in process and over HTTP', async () => {
      await sendToBen(1_000);
      await sendToBen(2_000);
      const transfers = { method: 'POST', path: '/v1/users/transfers/phone' };
      assert.equal(await sandbox.requests.count(transfers), 2);
      assert.equal(await sandbox.requests.count(), 8);
      assert.equal((await sandbox.requests.expectCount(transfers, 2)).length, 2);
      assert.equal((await sandbox.requests.expectCount({ path: /^\/v1\/users\/auth/ }, 6)).length, 6);
      const counted = await expectOk(call(sandbox.url, 'GET', '/__sandbox/requests/count?method=post&path=/v1/users/transfers/phone'));
      assert.equal(counted.json['data'].count, 2);
      const expected = await expectOk(call(sandbox.url, 'GET', '/__sandbox/requests/expect?path=/v1/users/transfers/phone&count=2'));
      assert.equal(expected.json['data'].requests.length, 2);
    });

    it('expectCount throws a readable list of what did arrive', async () => {
      await sendToBen(1_000);
      await sendToBen(2_000);
      const error = await sandbox.requests.expectCount({ method: 'POST', path: '/v1/users/transfers/phone' }, 1).catch((e: unknown) => e);
      assert.ok(error instanceof SandboxExpectationError);
      assert.equal(error.code, 'ERR_SANDBOX_EXPECTATION');
      assert.equal(
        error.message,
        'Expected 1 request matching POST /v1/users/transfers/phone, 2 came:\n' +
          '  #4 POST /v1/users/transfers/phone → 200\n' +
          '  #8 POST /v1/users/transfers/phone → 200',
      );
      const fewer = await sandbox.requests.expectCount({ path: '/v1/users/transfers/phone', status: 400 }, 1).catch((e: unknown) => e);
      assert.ok(fewer instanceof SandboxExpectationError);
      assert.equal(
        fewer.message,
        'Expected 1 request matching /v1/users/transfers/phone status 400, none came\n' +
          'Closest that did not match:\n' +
          '  #8 POST /v1/users/transfers/phone → 200: status 200, not 400\n' +
          '  #4 POST /v1/users/transfers/phone → 200: status 200, not 400\n' +
          '  #7 POST /v1/users/auth → 200: path /v1/users/auth, not /v1/users/transfers/phone; status 200, not 400',
      );
      const answer = await call(sandbox.url, 'GET', '/__sandbox/requests/expect?path=/v1/users/transfers/phone&status=400&count=1');
      assert.equal(answer.status, 409);
      assert.equal(answer.json['errorCode'], '90010');
      assert.equal(answer.json['error'], fewer.message);
      assert.ok(errorOfAnswer(answer.status, answer.json) instanceof SandboxExpectationError);
    });
  });

  describe('webhooks.trigger', () => {
    it('sends a typed event with the given data to the app, mobiles in any form, amounts in kobo', async () => {
      const event: PublicWebhookEvent = await sandbox.webhooks.trigger('PHONE_TRANSFER', {
        amount: 2_500,
        appWalletMobile: '08031110001',
        recipientMobile: '+2348031110002',
      });
      const { payload } = event.payload;
      assert.equal(payload.type, 'PHONE_TRANSFER');
      if (payload.type === 'PHONE_TRANSFER') {
        assert.equal(payload.data.appWalletMobile, ADA);
        assert.equal(payload.data.recipientMobile, BEN);
        assert.equal(payload.data.amount, 2_500);
      }
      const delivered = await sandbox.webhooks.waitFor({ reference: payload.data.transactionReference, delivered: true });
      assert.equal(delivered.id, event.id);
      assert.deepEqual(
        hook.deliveries.map((delivery) => delivery.body),
        [event.payload],
      );
    });

    it('refuses data a payload cannot hold, in process and over HTTP, with the same words', async () => {
      const refused = await sandbox.webhooks.trigger('BANK_TRANSFER', { amount: 12.5 }).catch((e: unknown) => e);
      assert.ok(refused instanceof SandboxInputError);
      assert.equal(refused.code, 'ERR_SANDBOX_INPUT');
      assert.match(refused.message, /^data\.amount must be an integer number of kobo/);
      const answer = await call(sandbox.url, 'POST', '/__sandbox/events/test', { body: { type: 'BANK_TRANSFER', data: { amount: 12.5 } } });
      assert.equal(answer.status, 400);
      assert.equal(answer.json['error'], refused.message);
      const unknown = await call(sandbox.url, 'POST', '/__sandbox/events/test', {
        body: { type: 'BANK_TRANSFER', data: { recipientMobile: ADA } },
      });
      assert.match(
        unknown.json['error'] as string,
        /^data\.recipientMobile is not a field of a BANK_TRANSFER event; its fields are accountName/,
      );
    });
  });
});
