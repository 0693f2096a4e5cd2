// The sandbox's errors for credentials: an unknown mobile, wrong and stale passcodes, a missing
// or wrong app key, wallet token or developer token, bad logins, and the sign-up, app, OTP and
// refresh bodies it refuses.
import { Sandbox } from '../../../src/sandbox';
import { call, ConnectedWallet, Developer, expectError, expectOk, startWithWallet } from './helpers';

describe('sandbox: errors — auth', () => {
  let sandbox: Sandbox;
  let dev: Developer;
  let wallet: ConnectedWallet;
  before(async () => ({ sandbox, dev, wallet } = await startWithWallet({ seed: 11 })));
  after(() => sandbox.close());

  it('answers an unknown mobile as the real service did', async () => {
    const headers = { 'x-app-key': dev.appKey };
    await expectError(
      call(sandbox, 'POST', '/v1/users/auth/validate', { body: { mobile: '2347000000001' }, headers }),
      404,
      '10003',
      'This user does not exist',
    );
    await expectError(
      call(sandbox, 'POST', '/v1/users/auth', { body: { mobile: '2347000000001', factor: 'sms' }, headers }),
      404,
      '10003',
      'This user does not exist',
    );
  });

  it('refuses a wrong, a malformed and a reused passcode', async () => {
    const headers = { 'x-app-key': dev.appKey };
    const mobile = '2348000000000';
    await expectOk(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile, factor: 'sms' }, headers }));
    const right = sandbox.lastPasscode(mobile) as string;
    const wrong = right === '000000' ? '111111' : '000000';
    await expectError(
      call(sandbox, 'POST', '/v1/users/auth', { body: { mobile, factor: 'sms', passcode: wrong }, headers }),
      400,
      '10004',
      'The passcode you entered is invalid',
    );
    await expectError(
      call(sandbox, 'POST', '/v1/users/auth', { body: { mobile, factor: 'sms', passcode: 123456 }, headers }),
      400,
      '10000',
    );
    await expectOk(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile, factor: 'sms', passcode: right }, headers }));
    await expectError(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile, factor: 'sms', passcode: right }, headers }), 400, '10004');
  });

  it('keeps only the latest passcode valid', async () => {
    const headers = { 'x-app-key': dev.appKey };
    // Not the persona 2349090000000: its passcode is always 111111.
    const mobile = '2348000000000';
    await expectOk(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile, factor: 'sms' }, headers }));
    const older = sandbox.lastPasscode(mobile) as string;
    let newer = older;
    // Passcodes are random; ask again until the new one differs (almost always the first time).
    while (newer === older) {
      await expectOk(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile, factor: 'sms' }, headers }));
      newer = sandbox.lastPasscode(mobile) as string;
    }
    await expectError(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile, factor: 'sms', passcode: older }, headers }), 400, '10004');
    await expectOk(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile, factor: 'sms', passcode: newer }, headers }));
  });

  it('checks the app key, the wallet token and the developer token', async () => {
    await expectError(call(sandbox, 'GET', '/v1/queries/banks'), 401, '10001', /X-App-Key/);
    await expectError(call(sandbox, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': 'pk_live_nope' } }), 401, '10001');
    await expectError(call(sandbox, 'POST', '/v1/users/auth/validate', { body: { mobile: '2348000000000' } }), 401, '10001');
    await expectError(call(sandbox, 'GET', '/v1/users/balance', { headers: { 'x-app-key': dev.appKey } }), 401, '10002');
    const forged = wallet.accessToken.slice(0, -3) + (wallet.accessToken.endsWith('AAA') ? 'BBB' : 'AAA');
    await expectError(
      call(sandbox, 'GET', '/v1/users/balance', { headers: { 'x-app-key': dev.appKey, 'x-app-wallet-access-token': forged } }),
      401,
      '10002',
    );
    await expectError(
      call(sandbox, 'GET', '/v1/users/balance', { headers: { 'x-app-key': dev.appKey, 'x-app-wallet-access-token': 'not.a.jwt' } }),
      401,
      '10002',
    );
    await expectError(
      call(sandbox, 'GET', '/v1/users/balance', { headers: { 'x-app-key': 'bad', 'x-app-wallet-access-token': wallet.accessToken } }),
      401,
      '10001',
    );
    await expectError(call(sandbox, 'POST', '/v1/resource/app', { body: { name: 'x' } }), 401, '20003');
    await expectError(
      call(sandbox, 'POST', '/v1/resource/app', { body: { name: 'x' }, headers: { 'x-auth-token': wallet.accessToken } }),
      401,
      '20003',
    );
    const login = await expectOk(call(sandbox, 'POST', '/v1/auth/login', { body: { email: dev.email, password: dev.password } }));
    // The login token is not the resource token the contract asks for.
    await expectError(
      call(sandbox, 'POST', '/v1/resource/app', { body: { name: 'x' }, headers: { 'x-auth-token': login.json['data'].token } }),
      401,
      '20003',
    );
  });

  it('answers bad credentials the same for a wrong password and an unknown e-mail', async () => {
    await expectError(
      call(sandbox, 'POST', '/v1/auth/login', { body: { email: dev.email, password: 'wrong-password' } }),
      401,
      '20002',
      'Invalid email or password',
    );
    await expectError(
      call(sandbox, 'POST', '/v1/resource/auth', { body: { email: 'nobody@example.ng', password: 'whatever1' } }),
      401,
      '20002',
      'Invalid email or password',
    );
  });

  it('validates signup and app names', async () => {
    await expectError(
      call(sandbox, 'POST', '/v1/auth/signup', { body: { email: 'not-an-email', password: 'long-enough' } }),
      400,
      '10000',
      /email/,
    );
    await expectError(
      call(sandbox, 'POST', '/v1/auth/signup', { body: { email: 'short@example.ng', password: 'short' } }),
      400,
      '10000',
      /password/,
    );
    await expectError(call(sandbox, 'POST', '/v1/auth/signup', { body: { email: 'x@example.ng' } }), 400, '10000', /password is required/);
    const headers = { 'x-auth-token': dev.token };
    await expectError(call(sandbox, 'POST', '/v1/resource/app', { body: { name: '   ' }, headers }), 400, '10000', /name/);
    await expectError(call(sandbox, 'POST', '/v1/resource/app', { body: { name: 'x'.repeat(65) }, headers }), 400, '10000', /name/);
    await expectOk(call(sandbox, 'POST', '/v1/resource/app', { body: { name: 'x'.repeat(64) }, headers }));
  });

  it('validates the OTP and refresh bodies', async () => {
    const headers = { 'x-app-key': dev.appKey };
    await expectError(
      call(sandbox, 'POST', '/v1/users/auth/validate', { body: { mobile: '08031234567' }, headers }),
      400,
      '10000',
      /234 followed by 10 digits/,
    );
    await expectError(
      call(sandbox, 'POST', '/v1/users/auth', { body: { mobile: '2348000000000', factor: 'email' }, headers }),
      400,
      '10000',
      /factor/,
    );
    await expectError(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile: '2348000000000' }, headers }), 400, '10000', /factor/);
    await expectError(call(sandbox, 'POST', '/v1/users/accessToken', { body: {}, headers }), 400, '10000', /refreshToken/);
    await expectError(call(sandbox, 'POST', '/v1/users/accessToken', { body: { refreshToken: 'f'.repeat(40) }, headers }), 401, '10007');
  });
});
