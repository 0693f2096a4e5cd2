// Every endpoint through WalletClient against the real sandbox over loopback HTTP.

import * as assert from 'node:assert/strict';
import {
  formatNaira,
  isAuthError,
  TRANSACTION_TYPES,
  validateAccountNumber,
  validateMobile,
  type DeveloperApp,
  type WalletCredentials,
  type WalletTokens,
} from '../../../src/api';
import {
  connectWallet,
  DEMO_MOBILE,
  failure,
  newDeveloperApp,
  OTHER_DEMO_MOBILE,
  passcodeFrom,
  requestsTo,
  startHarness,
  type Harness,
} from './harness';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('api/client against the sandbox', function () {
  this.timeout(20_000);
  let h: Harness;
  let app: DeveloperApp;
  let tokens: WalletTokens;
  let wallet: WalletCredentials;

  before(async () => {
    h = await startHarness();
    ({ app } = await newDeveloperApp(h.client));
    tokens = await connectWallet(h.client, app.key, DEMO_MOBILE);
    wallet = { appKey: app.key, accessToken: tokens.accessToken };
  });
  after(() => h.sandbox.close());

  describe('developer account and apps', () => {
    it('signs up, logs in, authenticates the resource and creates an app', async () => {
      const email = `Ada.${Date.now()}@Example.com`;
      const password = 'a long enough password';
      const user = await h.client.signUp({ email: ` ${email} `, password });
      assert.equal(user.email, email.toLowerCase());
      assert.equal(user.deleted, false);
      assert.equal(typeof user.__v, 'number');
      for (const stamp of [user.createdAt, user.updatedAt, user.lastLogin]) assert.match(stamp, ISO);

      const login = await h.client.logIn({ email, password });
      assert.equal(login.user._id, user._id);
      assert.equal(login.token.split('.').length, 3);

      const resource = await h.client.authenticateResource({ email, password });
      assert.equal(resource.user._id, user._id);
      assert.ok(resource.user.sandboxMobile, 'resource auth carries sandboxMobile');
      assert.deepEqual(validateMobile(resource.user.sandboxMobile), { ok: true, value: resource.user.sandboxMobile });

      const created = await h.client.createApp(resource.token, '  Mama Put Payments  ');
      assert.equal(created.name, 'Mama Put Payments');
      assert.match(created.key, /^pk_live_[0-9a-f]{32}$/);
      assert.match(created.sandboxKey, /^sk_test_[0-9a-f]{32}$/);
      assert.equal(created.developerID, user._id);
      assert.deepEqual(created.wallets, []);

      // The developer's own sandbox wallet connects with the new app's sandbox key.
      const own = await connectWallet(h.client, created.sandboxKey, resource.user.sandboxMobile);
      const balance = await h.client.getBalance({ appKey: created.sandboxKey, accessToken: own.accessToken });
      assert.equal(balance.mobile, resource.user.sandboxMobile);
      assert.ok(Number.isInteger(balance.balance) && balance.balance > 0);
    });

    it('reports a taken e-mail, a wrong password and a bad resource token', async () => {
      const { email, password } = await newDeveloperApp(h.client);
      const taken = await failure(h.client.signUp({ email, password }));
      assert.equal(taken.kind, 'http');
      assert.equal(taken.status, 409);
      assert.equal(taken.errorCode, '20001');
      assert.equal(taken.message, 'The wallet API refused the request: An account with this email already exists (HTTP 409, code 20001).');

      const wrong = await failure(h.client.logIn({ email, password: 'not the password' }));
      assert.ok(isAuthError(wrong));
      assert.ok(!wrong.message.includes('not the password'));

      const badToken = await failure(h.client.createApp('not.a.token', 'Shop'));
      assert.equal(badToken.status, 401);
      assert.equal(badToken.errorCode, '20003');
      assert.ok(!badToken.message.includes('not.a.token'));
    });
  });

  describe('wallet authentication', () => {
    it('validates a typed mobile and returns the wallet user', async () => {
      const user = await h.client.validateUser(app.key, '0800 000 0000');
      assert.deepEqual(user, { id: 'OKHN8E4SS', mobile: DEMO_MOBILE });
      const sent = requestsTo(h.sandbox, '/v1/users/auth/validate', 'POST');
      assert.ok(sent.length >= 1);
    });

    it('answers an unknown mobile with 404 and code 10003', async () => {
      const error = await failure(h.client.validateUser(app.key, '+234 811 111 1111'));
      assert.equal(error.status, 404);
      assert.equal(error.message, 'The wallet API refused the request: This user does not exist (HTTP 404, code 10003).');
      assert.equal(error.serverMessage, 'This user does not exist');
      assert.equal(error.method, 'POST');
      assert.equal(error.path, '/v1/users/auth/validate');
    });

    it('runs the OTP flow: a wrong passcode is refused, the right one gives tokens', async () => {
      const { message } = await h.client.sendOtp(app.sandboxKey, '+234 909 000 0000');
      assert.match(message, /sent to 2349090000000/);
      const passcode = passcodeFrom(message);
      assert.equal(h.sandbox.lastPasscode(OTHER_DEMO_MOBILE), passcode);

      const wrongCode = passcode === '000000' ? '111111' : '000000';
      const wrong = await failure(h.client.verifyOtp(app.sandboxKey, OTHER_DEMO_MOBILE, wrongCode));
      assert.equal(wrong.kind, 'http');
      assert.equal(wrong.status, 400);
      assert.equal(wrong.serverMessage, 'The passcode you entered is invalid');

      const fresh = await h.client.verifyOtp(app.sandboxKey, OTHER_DEMO_MOBILE, passcode);
      assert.deepEqual(Object.keys(fresh).sort(), ['accessToken', 'expiresIn', 'refreshToken']);
      assert.equal(fresh.expiresIn, 86400);
      assert.match(fresh.refreshToken, /^[0-9a-f]{40}$/);
      const payload = JSON.parse(Buffer.from(fresh.accessToken.split('.')[1] ?? '', 'base64url').toString()) as Record<
        string,
        number | string
      >;
      assert.equal(payload['mobile'], OTHER_DEMO_MOBILE);
      assert.equal(Number(payload['exp']) - Number(payload['iat']), 86400);
    });

    it('refreshes the access token without rotating the refresh token', async () => {
      const first = await h.client.refreshAccessToken(app.key, tokens.refreshToken);
      const second = await h.client.refreshAccessToken(app.key, tokens.refreshToken);
      assert.deepEqual(Object.keys(first).sort(), ['accessToken', 'expiresIn']);
      assert.equal(second.expiresIn, 86400);
      const balance = await h.client.getBalance({ appKey: app.key, accessToken: second.accessToken });
      assert.equal(balance.mobile, DEMO_MOBILE);

      const revoked = await failure(h.client.refreshAccessToken(app.key, 'f'.repeat(40)));
      assert.ok(isAuthError(revoked));
      assert.ok(!revoked.message.includes('f'.repeat(40)));
    });

    it('refuses an unknown app key with 401', async () => {
      const error = await failure(h.client.validateUser('pk_live_00000000000000000000000000000000', DEMO_MOBILE));
      assert.ok(isAuthError(error));
      assert.equal(error.errorCode, '10001');
      assert.ok(!error.message.includes('pk_live_0000'));
    });
  });

  describe('wallet queries', () => {
    it('reads the balance in kobo', async () => {
      h.sandbox.setBalance(DEMO_MOBILE, 526548935);
      const balance = await h.client.getBalance(wallet);
      assert.deepEqual(balance, { id: 'OKHN8E4SS', mobile: DEMO_MOBILE, balance: 526548935 });
      assert.equal(formatNaira(balance.balance), '₦5,265,489.35');
    });

    it('lists the wallet accounts', async () => {
      const accounts = await h.client.listAccounts(wallet);
      assert.ok(accounts.length >= 1);
      for (const account of accounts) {
        assert.ok(validateAccountNumber(account.accountNumber).ok, account.accountNumber);
        assert.match(account.bankCode ?? '', /^\d{6}$/);
        assert.ok(account.accountName && account.bankName);
      }
    });

    it('lists transactions with limit, pages and type honoured', async () => {
      const page1 = await h.client.listTransactions(wallet, { limit: 5 });
      const page2 = await h.client.listTransactions(wallet, { limit: 5, pages: 2 });
      assert.equal(page1.length, 5);
      assert.equal(page2.length, 5);
      const refs = new Set(page1.map((tx) => tx.reference));
      assert.ok(
        page2.every((tx) => !refs.has(tx.reference)),
        'pages do not overlap',
      );
      for (const tx of [...page1, ...page2]) {
        assert.ok((TRANSACTION_TYPES as readonly string[]).includes(tx.type));
        assert.ok(Number.isInteger(tx.amount));
        assert.equal(tx._id, tx.reference);
        assert.match(tx.createdAt, ISO);
      }
      const bills = await h.client.listTransactions(wallet, { type: 'bills', limit: 50 });
      assert.ok(bills.length > 0);
      assert.ok(bills.every((tx) => tx.type === 'bills'));
      const recorded = requestsTo(h.sandbox, '/v1/transactions').at(-1);
      const sent = new URLSearchParams(recorded?.query);
      assert.deepEqual([sent.get('type'), sent.get('limit'), sent.get('pages')], ['bills', '50', null]);
    });

    it('gets one transaction by reference, and 404s an unknown one', async () => {
      const added = h.sandbox.addTransaction(DEMO_MOBILE, {
        type: 'bills',
        amount: 150000,
        recipient: { metadata: { billerName: 'mtn', billCustomerID: '2347031234567', billType: 'vtu' } },
      });
      const tx = await h.client.getTransaction(wallet, added.reference);
      assert.equal(tx.amount, 150000);
      assert.equal(tx.type, 'bills');
      assert.equal(tx.recipient.metadata?.billerName, 'mtn');
      const [latest] = await h.client.listTransactions(wallet, { limit: 1 });
      assert.deepEqual(latest, tx);

      assert.equal((await failure(h.client.getTransaction(wallet, '0'.repeat(24)))).status, 404);
      assert.equal((await failure(h.client.getTransaction(wallet, added.reference, { type: 'bank' }))).status, 404);
    });

    it('lists banks with or without the wallet token', async () => {
      const banks = await h.client.listBanks(app.key);
      assert.ok(banks.length > 20);
      assert.deepEqual(
        banks.find((bank) => bank.bankCode === '000014'),
        { bankCode: '000014', bankName: 'ACCESS BANK' },
      );
      const names = banks.map((bank) => bank.bankName);
      assert.deepEqual(
        names,
        [...names].sort((a, b) => a.localeCompare(b)),
      );
      assert.deepEqual(await h.client.listBanks(app.key, tokens.accessToken), banks);
    });

    it('verifies bank details: a known account resolves, an invalid one 404s', async () => {
      const [account] = await h.client.listAccounts(wallet);
      assert.ok(account?.bankCode);
      const verified = await h.client.verifyBankAccount(wallet, { accountNumber: account.accountNumber, bankCode: account.bankCode });
      assert.equal(verified.accountNumber, account.accountNumber);
      assert.equal(verified.accountName, account.accountName);
      assert.equal(verified.bankCode, account.bankCode);

      // A wrong check digit (the last one) cannot resolve.
      const last = Number(account.accountNumber.slice(-1));
      const typo = `${account.accountNumber.slice(0, -1)}${(last + 1) % 10}`;
      const bad = await failure(h.client.verifyBankAccount(wallet, { accountNumber: typo, bankCode: account.bankCode }));
      assert.equal(bad.status, 404);
      assert.equal(bad.errorCode, '30002');
      assert.equal(bad.path, '/v1/queries/verify');
      assert.ok(!bad.message.includes(typo));
    });
  });

  describe('token expiry', () => {
    let clock = Date.now();
    let timed: Harness;
    before(async () => {
      timed = await startHarness({ now: () => clock });
    });
    after(() => timed.sandbox.close());

    it('gets 401 once expiresIn has passed, and a refreshed token works again', async () => {
      const { app: timedApp } = await newDeveloperApp(timed.client);
      const issued = await connectWallet(timed.client, timedApp.key, DEMO_MOBILE);
      const creds = { appKey: timedApp.key, accessToken: issued.accessToken };
      clock += (issued.expiresIn - 5) * 1000;
      assert.equal((await timed.client.getBalance(creds)).mobile, DEMO_MOBILE);
      clock += 10_000;
      const expired = await failure(timed.client.getBalance(creds));
      assert.ok(isAuthError(expired));
      assert.equal(expired.errorCode, '10005');
      assert.equal(requestsTo(timed.sandbox, '/v1/users/balance').filter((r) => r.status === 401).length, 1, '401 is not retried');
      const renewed = await timed.client.refreshAccessToken(timedApp.key, issued.refreshToken);
      assert.equal((await timed.client.getBalance({ ...creds, accessToken: renewed.accessToken })).mobile, DEMO_MOBILE);
    });

    it('expires after the sandbox token lifetime knob (1 s)', async () => {
      const { app: timedApp } = await newDeveloperApp(timed.client);
      timed.sandbox.setTokenLifetime(1);
      try {
        const issued = await connectWallet(timed.client, timedApp.key, OTHER_DEMO_MOBILE);
        assert.equal(issued.expiresIn, 1);
        clock += 2000;
        assert.ok(isAuthError(await failure(timed.client.listTransactions({ appKey: timedApp.key, accessToken: issued.accessToken }))));
      } finally {
        timed.sandbox.setTokenLifetime(86400);
      }
    });
  });
});
