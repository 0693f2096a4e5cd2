import * as assert from 'node:assert/strict';
import { Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { call, connectWallet, decodeJwt, errorOf, expectOk, newDeveloper } from './helpers';

describe('sandbox: wallet tokens', () => {
  let sandbox: Sandbox;
  let clock = Date.parse('2024-03-01T09:00:00.000Z');
  before(async () => {
    sandbox = await startCheckedSandbox({ seed: 3, tokenLifetimeSeconds: 60, now: () => clock, log: () => undefined });
  });
  after(() => sandbox.close());

  it('expires the access token after tokenLifetimeSeconds and refreshes it with the same refresh token', async () => {
    const { appKey } = await newDeveloper(sandbox);
    const wallet = await connectWallet(sandbox, appKey, '2348000000000');
    const claims = decodeJwt(wallet.accessToken);
    assert.equal(claims['iat'], clock / 1000);
    assert.equal((claims['exp'] as number) - (claims['iat'] as number), 60);

    clock += 59_000;
    await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: wallet.headers }));
    clock += 1_000;
    const expired = await call(sandbox, 'GET', '/v1/users/balance', { headers: wallet.headers });
    assert.equal(expired.status, 401);
    assert.equal(errorOf(expired).errorCode, '10005');

    // Not rotated: the same refresh token works again and again, and says expiresIn 60.
    for (let i = 0; i < 3; i++) {
      const refreshed = await expectOk(
        call(sandbox, 'POST', '/v1/users/accessToken', { body: { refreshToken: wallet.refreshToken }, headers: { 'x-app-key': appKey } }),
      );
      assert.deepEqual(Object.keys(refreshed.json['data']).sort(), ['accessToken', 'expiresIn']);
      assert.equal(refreshed.json['data'].expiresIn, 60);
      await expectOk(
        call(sandbox, 'GET', '/v1/users/balance', {
          headers: { ...wallet.headers, 'x-app-wallet-access-token': refreshed.json['data'].accessToken },
        }),
      );
      clock += 120_000;
    }
  });

  it('applies a changed lifetime knob to the next token', async () => {
    const { appKey } = await newDeveloper(sandbox);
    sandbox.setTokenLifetime(5);
    try {
      const wallet = await connectWallet(sandbox, appKey, '2349090000000');
      const claims = decodeJwt(wallet.accessToken);
      assert.equal((claims['exp'] as number) - (claims['iat'] as number), 5);
      clock += 5_000;
      const expired = await call(sandbox, 'GET', '/v1/transactions', { headers: wallet.headers });
      assert.equal(errorOf(expired).errorCode, '10005');
    } finally {
      sandbox.setTokenLifetime(60);
    }
  });

  it('expires passcodes after ten minutes', async () => {
    const { appKey } = await newDeveloper(sandbox);
    const headers = { 'x-app-key': appKey };
    const mobile = '2348000000000';
    await expectOk(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile, factor: 'sms' }, headers }));
    const passcode = sandbox.lastPasscode(mobile);
    clock += 10 * 60 * 1000;
    const late = await call(sandbox, 'POST', '/v1/users/auth', { body: { mobile, factor: 'sms', passcode }, headers });
    assert.equal(late.status, 400);
    assert.equal(errorOf(late).errorCode, '10006');
  });

  it('stops refreshing once the refresh tokens are revoked, in process and over HTTP', async () => {
    const { appKey } = await newDeveloper(sandbox);
    const headers = { 'x-app-key': appKey };
    const first = await connectWallet(sandbox, appKey, '2349090000000');
    sandbox.revokeRefreshTokens('2349090000000');
    const refused = await call(sandbox, 'POST', '/v1/users/accessToken', { body: { refreshToken: first.refreshToken }, headers });
    assert.equal(refused.status, 401);
    assert.equal(errorOf(refused).errorCode, '10007');
    // The access token itself lives on until it expires.
    await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: first.headers }));

    const second = await connectWallet(sandbox, appKey, '2349090000000');
    const revoked = await expectOk(call(sandbox, 'POST', '/__sandbox/revoke?mobile=2349090000000'));
    assert.equal(revoked.json['data'].revoked, 1);
    const again = await call(sandbox, 'POST', '/v1/users/accessToken', { body: { refreshToken: second.refreshToken }, headers });
    assert.equal(errorOf(again).errorCode, '10007');
  });

  it('does not accept a token signed by another sandbox', async () => {
    const other = await startCheckedSandbox({ log: () => undefined, now: () => clock });
    try {
      const { appKey } = await newDeveloper(other);
      const foreign = await connectWallet(other, appKey, '2348000000000');
      const mine = await newDeveloper(sandbox);
      const answer = await call(sandbox, 'GET', '/v1/users/balance', {
        headers: { 'x-app-key': mine.appKey, 'x-app-wallet-access-token': foreign.accessToken },
      });
      assert.equal(answer.status, 401);
      assert.equal(errorOf(answer).errorCode, '10002');
    } finally {
      await other.close();
    }
  });
});
