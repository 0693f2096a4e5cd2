import * as assert from 'node:assert/strict';
import { Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { call, connectWallet, ConnectedWallet, expectOk, newDeveloper } from './helpers';

// Issue 54's rules from real integrations (docs/integration-review.md): each one flags what public
// integrations of this API got wrong, and stays quiet for careful apps and for other shapes of
// traffic that only look alike. Real HTTP to a started sandbox, the virtual clock frozen.

const PHONE = '/v1/users/transfers/phone';
const RECIPIENT = '2349090000000';

interface Found {
  rule: string;
  title: string;
  requestIds: number[];
}

describe('sandbox: the rules from real integrations', () => {
  let sandbox: Sandbox;
  let wallet: ConnectedWallet;
  const findings = async (): Promise<Found[]> =>
    (await expectOk(call(sandbox, 'GET', '/__sandbox/findings'))).json['data'].findings as Found[];
  const rules = async () => (await findings()).map((finding) => finding.rule);
  const get = (path: string, headers: Record<string, string> = wallet.headers) => call(sandbox, 'GET', path, { headers });
  const post = (path: string, body: unknown, headers: Record<string, string> = wallet.headers) =>
    call(sandbox, 'POST', path, { body, headers });
  const validate = (mobile: string) => expectOk(post('/v1/users/auth/validate', { mobile }, { 'x-app-key': wallet.appKey }));
  const idsOf = (path: string) => sandbox.requests.list({ path }).map((entry) => entry.id);

  beforeEach(async () => {
    sandbox = await startCheckedSandbox({ log: () => undefined, clock: { frozen: true } });
    const developer = await newDeveloper(sandbox);
    wallet = await connectWallet(sandbox, developer.appKey, developer.sandboxMobile);
  });
  afterEach(() => sandbox.close());

  describe('unknown-endpoint', () => {
    it('flags a path the API does not have and a method it does not take, once per path and method', async () => {
      for (let i = 0; i < 3; i++) assert.equal((await get('/v1/users/transactions?limit=5')).status, 404);
      assert.equal((await get('/v1/user/2348031112222/balance')).status, 404);
      assert.equal((await get('/v1/user/2348039999999/balance')).status, 404, 'the same path with another mobile');
      assert.equal((await call(sandbox, 'DELETE', '/v1/users/balance', { headers: wallet.headers })).status, 405);
      const found = await findings();
      assert.deepEqual(
        found.map((finding) => [finding.rule, finding.title]),
        [
          ['unknown-endpoint', 'GET /v1/users/transactions is a path the wallet API does not have (answered 404)'],
          ['unknown-endpoint', 'GET /v1/user/{id}/balance is a path the wallet API does not have (answered 404)'],
          ['unknown-endpoint', 'DELETE /v1/users/balance is a method the wallet API does not take on that path (answered 405)'],
        ],
      );
      assert.ok(!JSON.stringify(found).includes('2348031112222'), 'a mobile in the path is not repeated');
    });

    it('is quiet for an unknown reference, a fault that answers 404, a browser’s favicon and a preflight', async () => {
      assert.equal((await get('/v1/transactions/5f3fcb8087aaaaaaaaaaaaaa')).status, 404);
      sandbox.addFault({ path: '/v1/users/balance', status: 404, times: 1 });
      assert.equal((await get('/v1/users/balance')).status, 404);
      assert.equal((await call(sandbox, 'GET', '/favicon.ico')).status, 404);
      await call(sandbox, 'OPTIONS', '/v1/users/balance', { headers: { origin: 'http://localhost:3000' } });
      assert.deepEqual(await rules(), []);
    });
  });

  describe('float-kobo', () => {
    it('flags a money request whose amount is not whole kobo, as a number or a string', async () => {
      await validate(RECIPIENT);
      await post(PHONE, { mobile: RECIPIENT, amount: 19.99 * 100 });
      await post('/v1/users/payments/bills/vtu', { mobile: RECIPIENT, amount: '1998.9999999999998', provider: 'mtn' });
      const found = await findings();
      assert.deepEqual(
        found.map((finding) => finding.rule),
        ['float-kobo', 'float-kobo'],
      );
      assert.match(
        found[0]!.title,
        /^POST \/v1\/users\/transfers\/phone sent an amount that is not a whole number of kobo \(1998\.9999999999998\)$/,
      );
    });

    it('is quiet for whole kobo (a number, digits as a string, "4000.00"), for amounts elsewhere and for what is no number', async () => {
      await validate(RECIPIENT);
      await expectOk(post(PHONE, { mobile: RECIPIENT, amount: Math.round(19.99 * 100) }));
      await expectOk(post(PHONE, { mobile: RECIPIENT, amount: '4000' }));
      await post(PHONE, { mobile: RECIPIENT, amount: '4000.00' });
      await post(PHONE, { mobile: RECIPIENT, amount: 'ten naira' });
      await post('/v1/users/auth/validate', { mobile: RECIPIENT, amount: 1.5 }, { 'x-app-key': wallet.appKey });
      assert.deepEqual(await rules(), []);
    });
  });

  describe('secret-in-browser', () => {
    const page = { origin: 'http://localhost:3000' };

    it('flags the app key or a wallet token sent from a web page, and a preflight asking to send them, once per page', async () => {
      await get('/v1/users/balance', { ...wallet.headers, ...page });
      await get('/v1/transactions', { ...wallet.headers, ...page });
      await call(sandbox, 'OPTIONS', '/v1/users/balance', {
        headers: {
          origin: 'https://shop.example.ng',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'content-type,X-App-Key',
        },
      });
      const found = await findings();
      assert.deepEqual(
        found.map((finding) => finding.title),
        [
          'A web page (Origin http://localhost:3000) sent the app key and a wallet token to GET /v1/users/balance',
          'A web page (Origin https://shop.example.ng) asked, in a CORS preflight, to send the app key to /v1/users/balance',
        ],
      );
      assert.ok(!JSON.stringify(found).includes(wallet.accessToken));
    });

    it('is quiet for server calls (no Origin), a page that sends no secret, and an empty token header', async () => {
      await expectOk(get('/v1/users/balance'));
      await call(sandbox, 'GET', '/v1/queries/banks', { headers: { ...page, 'x-app-wallet-access-token': '' } });
      await call(sandbox, 'OPTIONS', '/v1/queries/banks', { headers: { ...page, 'access-control-request-headers': 'content-type' } });
      assert.deepEqual(await rules(), []);
    });
  });

  describe('unverified-recipient: phone transfers', () => {
    it('flags a phone transfer to a mobile the app never validated, and one validated as another mobile', async () => {
      await validate('2348000000000');
      await expectOk(post(PHONE, { mobile: RECIPIENT, amount: 1000 }));
      const found = await findings();
      assert.deepEqual(
        found.map((finding) => [finding.rule, finding.requestIds]),
        [['unverified-recipient', idsOf(PHONE)]],
      );
      assert.match(found[0]!.title, /phone transfer .* never validated/);
      assert.ok(!found[0]!.title.includes(RECIPIENT), 'the mobile is not repeated');
    });

    it('is quiet for a validated mobile, the signed-in wallet itself, and a refused transfer', async () => {
      await validate(RECIPIENT);
      await expectOk(post(PHONE, { mobile: RECIPIENT, amount: 1000 }));
      await post(PHONE, { mobile: wallet.mobile, amount: 1000 });
      assert.equal((await post(PHONE, { mobile: '2349095800000', amount: 1000 })).status, 404, 'no such wallet: nothing moved');
      assert.deepEqual(await rules(), []);
    });

    it('remembers a verification whose path ends in a slash (GET /v1/queries/verify/)', async () => {
      const query = new URLSearchParams({ accountNumber: '1000000002', bankCode: '000014' });
      const verified = await expectOk(get(`/v1/queries/verify/?${query}`));
      const accountName = verified.json['data'].accountName as string;
      await expectOk(post('/v1/users/transfers/bank', { accountNumber: '1000000002', bankCode: '000014', accountName, amount: 4000 }));
      assert.deepEqual(await rules(), []);
    });
  });

  describe('sign-in-answer-ignored', () => {
    const signIn = async (headers: Record<string, string> = { 'x-app-key': wallet.appKey }) => {
      const sent = await expectOk(post('/v1/users/auth', { mobile: wallet.mobile, factor: 'sms' }, headers));
      const passcode = /\[Passcode: (\d{6})\]/.exec(sent.json['message'] as string)![1];
      return (await expectOk(post('/v1/users/auth', { mobile: wallet.mobile, factor: 'sms', passcode }, headers))).json['data'] as {
        accessToken: string;
        refreshToken: string;
      };
    };

    it('flags a sign-in that succeeded, then another for the same wallet with its token never used', async () => {
      await expectOk(get('/v1/users/balance')); // the beforeEach sign-in's token is used
      await signIn();
      await signIn();
      const found = await findings();
      assert.deepEqual(
        found.map((finding) => finding.rule),
        ['sign-in-answer-ignored'],
      );
      const ids = idsOf('/v1/users/auth');
      assert.deepEqual(found[0]!.requestIds, [ids.at(-3), ids.at(-2)], 'the ignored sign-in, then the sign-in again');
    });

    it('is quiet when the token, or its refresh token, is used before the next sign-in, or later by a second client', async () => {
      await expectOk(get('/v1/users/balance'));
      const first = await signIn();
      await expectOk(post('/v1/users/accessToken', { refreshToken: first.refreshToken }, { 'x-app-key': wallet.appKey }));
      const second = await signIn();
      // Another client of the same app signs the wallet in before this one used its token; it uses it after.
      await signIn({ 'x-app-key': wallet.appKey, 'user-agent': 'shop-worker/1.0' });
      // A second later (the clock is frozen): a token of the same second and claims would be the same token.
      await sandbox.advanceClock(1);
      await signIn();
      await expectOk(get('/v1/users/balance', { 'x-app-key': wallet.appKey, 'x-app-wallet-access-token': second.accessToken }));
      assert.deepEqual(await rules(), ['token-churn']);
    });
  });

  describe('token-churn', () => {
    it('is said once per wallet, its count kept up to date', async () => {
      const refresh = () => expectOk(post('/v1/users/accessToken', { refreshToken: wallet.refreshToken }, { 'x-app-key': wallet.appKey }));
      for (let i = 0; i < 3; i++) await refresh();
      assert.match((await findings())[0]!.title, /replaced 3 times while still fresh/);
      for (let i = 0; i < 4; i++) await refresh();
      const found = await findings();
      assert.deepEqual(
        found.map((finding) => finding.rule),
        ['token-churn'],
      );
      assert.match(found[0]!.title, /replaced 7 times while still fresh/);
      assert.equal(found[0]!.requestIds.length, 7);
    });
  });

  describe('secret-in-url: any value that is the app’s key, token or passcode, whatever its name', () => {
    it('flags 13 name and value variants', async function () {
      this.timeout(20_000);
      const scenario = await startCheckedSandbox({
        log: () => undefined,
        scenario: {
          developers: [
            { email: 'ci@example.ng', password: 'ci-password-1', apps: [{ name: 'shop', sandboxKey: 'sk_test_my_shop_ci_0001' }] },
          ],
          wallets: [{ mobile: '08031112222', passcode: '424242' }],
        },
      });
      try {
        const key = 'sk_test_my_shop_ci_0001';
        const signedIn = await connectWallet(scenario, key, '2348031112222');
        const variants = [
          `appKey=${key}`,
          `secret=${key}`,
          `sandboxKey=${key}`,
          `k=${key}`,
          `client=${encodeURIComponent(key)}`,
          `api_key=${key}`,
          `token=${signedIn.accessToken}`,
          `auth=${signedIn.accessToken}`,
          `rt=${signedIn.refreshToken}`,
          `refresh_token=${signedIn.refreshToken}`,
          'code=424242',
          'otp=424242',
          `x-app-key=${key}`,
        ];
        for (const query of variants) await call(scenario, 'GET', `/v1/queries/banks?${query}`, { headers: { 'x-app-key': key } });
        const found = scenario.findings().filter((finding) => finding.rule === 'secret-in-url');
        assert.equal(found.length, variants.length, found.map((finding) => finding.title).join('\n'));
        for (const secret of [key, signedIn.accessToken, signedIn.refreshToken, '424242']) {
          assert.ok(!JSON.stringify(found).includes(secret), 'the finding names the parameter, never the value');
        }
      } finally {
        await scenario.close();
      }
    });

    it('is quiet for values that only look alike (a 6-digit page, a reference, an account number)', async () => {
      await get('/v1/transactions?limit=20&pages=123456&type=bank');
      await get('/v1/queries/verify?accountNumber=1000000002&bankCode=000014');
      await get('/v1/transactions/5f3fcb8087aaaaaaaaaaaaaa?ref=5f3fcb8087aaaaaaaaaaaaaa');
      assert.deepEqual(await rules(), []);
    });
  });
});
