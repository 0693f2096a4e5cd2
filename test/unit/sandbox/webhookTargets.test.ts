import * as assert from 'node:assert/strict';
import { maskText } from '../../../src/masking/masking';
import { Sandbox, startSandbox } from '../../../src/sandbox';
import { postJson } from '../../../src/sandbox/domain/webhookPost';
import { webhookLookup } from '../../../src/sandbox/domain/webhookTarget';
import { parseScenario } from '../../../src/sandbox/scenario/parse';
import { webhookReceiver, WebhookReceiver } from '../support/webhookReceiver';
import { call, connectWallet, errorOf, expectOk } from './helpers';

// Issue 35: a callback URL is the developer's own receiver. Link-local, cloud-metadata and
// unspecified addresses are refused (the sandbox must not fetch a cloud's credentials and show
// them at /__sandbox/events); loopback and LAN stay allowed. A password in the URL is never shown.

const KEY = 'sk_test_webhook_targets';
const ADA = '2348031112222';

const REFUSED = [
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.1.1:8080/',
  'http://2852039166/', // 169.254.169.254 written as one number
  'http://[::ffff:169.254.169.254]/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://METADATA/',
  'http://metadata.google.internal./',
  'http://100.100.100.200/latest/meta-data/',
  'http://[fd00:ec2::254]/',
  'http://[fe80::1]:3000/hooks',
  'http://0.0.0.0:3000/hooks',
  'http://[::]:3000/hooks',
  'https://user:pw@169.254.169.254/',
];

const ALLOWED = [
  'http://localhost:3000/webhooks',
  'http://127.0.0.1:9/hooks',
  'http://[::1]:3000/hooks',
  'http://192.168.1.20:8080/hooks',
  'http://10.0.0.5/hooks',
  'https://hooks.example.ng/wallet',
];

describe('sandbox: webhook targets', function () {
  this.timeout(30_000);
  let sandbox: Sandbox;
  let hook: WebhookReceiver;
  let receiverPort: number;

  before(async () => {
    hook = await webhookReceiver();
    receiverPort = hook.port;
    sandbox = await startSandbox({
      scenario: {
        developers: [{ email: 'w@example.ng', password: 'webhook-password', apps: [{ name: 'shop', sandboxKey: KEY }] }],
        wallets: [{ mobile: ADA, passcode: '111111', balance: 500_000 }],
      },
      log: () => undefined,
    });
  });
  after(async () => {
    await sandbox.close();
    await hook.close();
  });

  const setUrl = (callbackURL: string) =>
    call(sandbox, 'PUT', '/v1/apps/settings', { headers: { 'x-app-key': KEY }, body: { callbackURL } });

  it('refuses link-local, metadata and unspecified hosts with a clear 400 that names the host, never the URL', async () => {
    for (const url of REFUSED) {
      const answer = await setUrl(url);
      assert.equal(answer.status, 400, url);
      assert.equal(errorOf(answer).errorCode, '50011');
      assert.match(errorOf(answer).error, /link-local, cloud metadata and unspecified addresses are refused/);
      assert.ok(!answer.text.includes('pw@'), 'no password in the error');
    }
  });

  it('keeps loopback, LAN and public receivers allowed', async () => {
    for (const url of ALLOWED) await expectOk(setUrl(url));
    await expectOk(setUrl(''));
  });

  it('refuses them in a scenario file too, naming the field', () => {
    assert.throws(
      () =>
        parseScenario({ developers: [{ email: 'a@example.ng', password: 'password-1', apps: [{ name: 'a', callbackURL: REFUSED[0] }] }] }),
      /callbackURL.*link-local, cloud metadata or unspecified/,
    );
  });

  it('does not follow a refused URL at delivery, nor a name that resolves to a refused address', async () => {
    assert.deepEqual(await postJson('http://169.254.169.254/', '{}', {}, 1_000), { status: 0, excerpt: '', error: 'EWEBHOOKTARGET' });
    const looked = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      webhookLookup('169.254.169.254', {}, (error) => resolve(error)),
    );
    assert.equal(looked?.code, 'EWEBHOOKTARGET');
    const local = await new Promise<string>((resolve, reject) =>
      webhookLookup('localhost', {}, (error, address) => (error ? reject(error) : resolve(String(address)))),
    );
    assert.match(local, /^(127\.0\.0\.1|::1)$/);
  });

  it('delivers to a URL with user-info (Basic credentials reach the receiver) and never shows them back', async () => {
    const url = `http://hook-user:s3cret-pass@127.0.0.1:${receiverPort}/hooks`;
    await expectOk(setUrl(url));
    const ada = await connectWallet(sandbox, KEY, ADA);
    await expectOk(
      call(sandbox, 'POST', '/v1/users/transfers/phone', { headers: ada.headers, body: { mobile: '2348000000000', amount: 100 } }),
    );
    await expectOk(call(sandbox, 'GET', '/__sandbox/events?delivered=true&waitMs=5000'));
    assert.ok(
      hook.deliveries.some(({ headers }) => headers.authorization === `Basic ${Buffer.from('hook-user:s3cret-pass').toString('base64')}`),
    );
    const shown = [
      (await expectOk(call(sandbox, 'GET', '/__sandbox/events'))).text,
      JSON.stringify(sandbox.events()),
      maskText(sandbox.requests.list({ path: '/v1/apps/settings' }).at(-1)!.requestBody),
    ];
    for (const text of shown) {
      assert.ok(!text.includes('s3cret-pass') && !text.includes('hook-user'), text.slice(0, 300));
    }
    assert.equal(sandbox.events()[0]!.url, `http://***@127.0.0.1:${receiverPort}/hooks`);
  });
});
