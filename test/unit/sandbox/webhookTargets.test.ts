import * as assert from 'node:assert/strict';
import { maskText } from '../../../src/masking/masking';
import { Sandbox, startSandbox } from '../../../src/sandbox';
import { postJson } from '../../../src/sandbox/domain/webhookPost';
import { refusedAddress, webhookLookup } from '../../../src/sandbox/domain/webhookTarget';
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

/**
 * Issue 52: IPv6 forms that carry an IPv4 address are checked as that IPv4 (refused: true) or
 * not (false): IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), IPv4-compatible
 * (::/96, but :: and ::1 are IPv6's own) and NAT64's well-known prefix (64:ff9b::/96), hex or dotted.
 */
const IPV6_FORMS: [host: string, refused: boolean][] = [
  ['::a9fe:a9fe', true], // IPv4-compatible 169.254.169.254
  ['::169.254.169.254', true],
  ['0:0:0:0:0:0:a9fe:a9fe', true],
  ['::ffff:a9fe:a9fe', true], // IPv4-mapped
  ['0:0:0:0:0:ffff:169.254.169.254', true],
  ['::ffff:0:a9fe:a9fe', true], // IPv4-translated
  ['64:ff9b::a9fe:a9fe', true], // NAT64, well-known prefix
  ['64:ff9b::169.254.169.254', true],
  ['64:FF9B:0:0:0:0:A9FE:0101', true], // 169.254.1.1
  ['64:ff9b::6464:64c8', true], // 100.100.100.200, Alibaba Cloud's metadata service
  ['::ffff:6464:64c8', true],
  ['64:ff9b::', true], // 0.0.0.0
  ['::ffff:0.0.0.0', true],
  ['::2', true], // IPv4-compatible 0.0.0.2: "this network"
  ['::', true],
  ['::1', false], // loopback, IPv6's own: a local receiver
  ['::ffff:127.0.0.1', false], // loopback, as 127.0.0.1 is
  ['::ffff:7f00:1', false],
  ['::127.0.0.1', false],
  ['64:ff9b::7f00:1', false],
  ['::ffff:192.168.1.20', false], // LAN
  ['64:ff9b::c0a8:114', false],
  ['2001:db8::a9fe:a9fe', false], // a global address whose last 32 bits only look like it
  ['64:ff9c::a9fe:a9fe', false],
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

  it('checks an IPv6 form carrying an IPv4 address as that IPv4, when set and at delivery', async () => {
    const wrong: string[] = [];
    for (const [host, refused] of IPV6_FORMS) {
      const answer = await setUrl(`http://[${host}]:3000/hooks`);
      const set =
        answer.status === 400 && errorOf(answer).errorCode === '50011' ? 'refused' : answer.status === 200 ? 'allowed' : answer.text;
      if (set !== (refused ? 'refused' : 'allowed')) wrong.push(`set [${host}]: ${set}`);
      // What a name resolves to (a DNS64 resolver answers 64:ff9b::… for an IPv4-only name).
      if (refusedAddress(host) !== refused) wrong.push(`resolved to ${host}: ${refusedAddress(host) ? 'refused' : 'allowed'}`);
    }
    assert.deepEqual(wrong, [], 'each form as its IPv4 is');
    await expectOk(setUrl(''));
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
