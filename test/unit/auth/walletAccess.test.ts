// The token refresh of src/auth/walletAccess.ts in plain Node: the store, the client and the
// logger are small fakes, so each rule (refresh early, retry once on 401, one refresh for
// concurrent callers, disconnect only on a refusal) is checked in milliseconds.
import * as assert from 'node:assert/strict';
import { WalletApiError, type WalletClient, type WalletCredentials } from '../../../src/api';
import type { WalletSecrets } from '../../../src/auth/accountState';
import type { EnvironmentId } from '../../../src/auth/environments';
import { WalletAccess, type WalletCallContext } from '../../../src/auth/walletAccess';

const CONTEXT: WalletCallContext = { env: 'local', mobile: '08031234567', appKey: 'sk_test_app' };
const HOUR = 3_600_000;

function httpError(status: number): WalletApiError {
  return new WalletApiError({ kind: 'http', message: `HTTP ${status}`, method: 'POST', path: '/v1/users/accessToken', status });
}

class DisconnectedError extends Error {
  constructor(
    readonly mobile: string,
    readonly alreadyShown: boolean,
  ) {
    super(`Wallet ${mobile} is disconnected.`);
  }
}

/** A store, a client whose refresh answers what the test says, and a record of what happened. */
function harness(
  tokens: WalletSecrets | undefined,
  refreshAnswer: (appKey: string) => Promise<{ accessToken: string; expiresIn: number }>,
) {
  const stored = new Map<string, WalletSecrets>();
  if (tokens) stored.set(CONTEXT.mobile, tokens);
  const events = { refreshes: 0, saves: 0, statuses: [] as string[], disconnected: [] as string[], refreshKeys: [] as string[] };
  /** The app's key now (Get a New Sandbox Key changes it). */
  const keys = { now: CONTEXT.appKey };
  const client = {
    async refreshAccessToken(appKey: string, refreshToken: string) {
      assert.equal(refreshToken, stored.get(CONTEXT.mobile)?.refreshToken);
      events.refreshes++;
      events.refreshKeys.push(appKey);
      return refreshAnswer(appKey);
    },
  } as unknown as WalletClient;
  const access = new WalletAccess({
    clients: { client: async () => client },
    store: {
      walletSecrets: async (_env: EnvironmentId, mobile: string) => stored.get(mobile),
      saveWalletTokens: async (_env: EnvironmentId, mobile: string, secrets: WalletSecrets) => {
        events.saves++;
        stored.set(mobile, secrets);
      },
      setWalletStatus: async (_env: EnvironmentId, mobile: string, status: string) => {
        events.statuses.push(status);
        if (status === 'disconnected') stored.delete(mobile);
      },
    },
    logger: { info: () => undefined, warn: () => undefined },
    appKeyNow: async () => keys.now,
    onDisconnected: (_env, mobile) => events.disconnected.push(mobile),
    disconnectedError: (mobile, alreadyShown) => new DisconnectedError(mobile, alreadyShown),
  });
  return { access, stored, events, client, keys };
}

const fresh = (accessToken = 'access-1'): WalletSecrets => ({ accessToken, refreshToken: 'refresh-1', expiresAt: Date.now() + HOUR });
const usedToken = (credentials: WalletCredentials) => credentials.accessToken;

describe('auth: WalletAccess token refresh', () => {
  it('uses a token that is still fresh as it is', async () => {
    const { access, events } = harness(fresh(), async () => assert.fail('no refresh expected'));
    assert.equal(await access.call(CONTEXT, async (_client, credentials) => usedToken(credentials)), 'access-1');
    assert.equal(events.refreshes, 0);
  });

  it('refreshes a token about to expire before the call, and keeps the new one', async () => {
    const { access, events, stored } = harness({ ...fresh(), expiresAt: Date.now() + 30_000 }, async () => ({
      accessToken: 'access-2',
      expiresIn: 3600,
    }));
    assert.equal(await access.call(CONTEXT, async (_client, credentials) => usedToken(credentials)), 'access-2');
    assert.equal(events.refreshes, 1);
    assert.equal(stored.get(CONTEXT.mobile)?.accessToken, 'access-2');
    assert.equal(stored.get(CONTEXT.mobile)?.refreshToken, 'refresh-1', 'the refresh token stays');
    assert.ok(stored.get(CONTEXT.mobile)!.expiresAt > Date.now() + HOUR - 5_000, 'the expiry follows expiresIn');
  });

  it('on a 401 refreshes once and retries the call once', async () => {
    const { access, events } = harness(fresh(), async () => ({ accessToken: 'access-2', expiresIn: 3600 }));
    const seen: string[] = [];
    const answer = await access.call(CONTEXT, async (_client, credentials) => {
      seen.push(credentials.accessToken);
      if (credentials.accessToken === 'access-1') throw httpError(401);
      return 'ok';
    });
    assert.equal(answer, 'ok');
    assert.deepEqual(seen, ['access-1', 'access-2']);
    assert.equal(events.refreshes, 1);
  });

  it('a second 401 after the retry goes to the caller (no loop)', async () => {
    const { access, events } = harness(fresh(), async () => ({ accessToken: 'access-2', expiresIn: 3600 }));
    let calls = 0;
    await assert.rejects(
      access.call(CONTEXT, async () => {
        calls++;
        throw httpError(401);
      }),
      (error: unknown) => error instanceof WalletApiError && error.status === 401,
    );
    assert.equal(calls, 2);
    assert.equal(events.refreshes, 1);
  });

  it('concurrent callers with an expiring token share one refresh', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { access, events } = harness({ ...fresh(), expiresAt: Date.now() - 1 }, async () => {
      await gate;
      return { accessToken: 'access-2', expiresIn: 3600 };
    });
    const calls = Array.from({ length: 5 }, () => access.call(CONTEXT, async (_client, credentials) => usedToken(credentials)));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    assert.deepEqual(await Promise.all(calls), Array(5).fill('access-2'));
    assert.equal(events.refreshes, 1);
  });

  it('a refused refresh (4xx) marks the wallet disconnected, tells once, and ends the call as already shown', async () => {
    const { access, events, stored } = harness({ ...fresh(), expiresAt: Date.now() - 1 }, async () => {
      throw httpError(400);
    });
    await assert.rejects(
      access.call(CONTEXT, async () => assert.fail('the call must not run without a token')),
      (error: unknown) => error instanceof DisconnectedError && error.alreadyShown && error.mobile === CONTEXT.mobile,
    );
    assert.deepEqual(events.statuses, ['disconnected']);
    assert.deepEqual(events.disconnected, [CONTEXT.mobile]);
    assert.equal(stored.get(CONTEXT.mobile), undefined, 'the dead tokens are gone');
  });

  for (const status of [429, 500, 503]) {
    it(`a ${status} on refresh keeps the tokens and the wallet connected`, async () => {
      const { access, events, stored } = harness({ ...fresh(), expiresAt: Date.now() - 1 }, async () => {
        throw httpError(status);
      });
      await assert.rejects(
        access.call(CONTEXT, async () => 'never'),
        (error: unknown) => error instanceof WalletApiError && error.status === status,
      );
      assert.deepEqual(events.statuses, []);
      assert.deepEqual(events.disconnected, []);
      assert.equal(stored.get(CONTEXT.mobile)?.refreshToken, 'refresh-1');
    });
  }

  it('a network failure on refresh keeps the tokens too', async () => {
    const { access, events } = harness({ ...fresh(), expiresAt: Date.now() - 1 }, async () => {
      throw new WalletApiError({ kind: 'network', message: 'No answer', method: 'POST', path: '/v1/users/accessToken' });
    });
    await assert.rejects(
      access.call(CONTEXT, async () => 'never'),
      /No answer/,
    );
    assert.deepEqual(events.statuses, []);
  });

  it('a wallet without stored tokens is marked disconnected and told once; its error says it was shown', async () => {
    const { access, events } = harness(undefined, async () => assert.fail('no refresh without a token'));
    await assert.rejects(
      access.call(CONTEXT, async () => 'never'),
      (error: unknown) => error instanceof DisconnectedError && error.alreadyShown,
    );
    assert.deepEqual(events.statuses, ['disconnected']);
    assert.deepEqual(events.disconnected, [CONTEXT.mobile]);
  });

  it('uses a token another caller refreshed meanwhile instead of refreshing again', async () => {
    const { access, events, stored } = harness(fresh(), async () => assert.fail('no refresh expected'));
    const answer = await access.call(CONTEXT, async (_client, credentials) => {
      if (credentials.accessToken === 'access-1') {
        stored.set(CONTEXT.mobile, fresh('access-from-elsewhere'));
        throw httpError(401);
      }
      return credentials.accessToken;
    });
    assert.equal(answer, 'access-from-elsewhere');
    assert.equal(events.refreshes, 0);
  });

  // Get a New Sandbox Key: the sandbox refuses the old key as it answers, before the new one is
  // stored; a call or a refresh made with the old one meanwhile is no sign of a dead session.
  it('a 401 for an app key renewed meanwhile: the call goes again with the new key, no refresh, still connected', async () => {
    const { access, events, keys } = harness(fresh(), async () => assert.fail('no refresh expected'));
    const answer = await access.call(CONTEXT, async (_client, credentials) => {
      if (credentials.appKey === CONTEXT.appKey) {
        keys.now = 'sk_test_renewed';
        throw httpError(401);
      }
      return credentials.appKey;
    });
    assert.equal(answer, 'sk_test_renewed');
    assert.deepEqual([events.refreshes, events.statuses, events.disconnected], [0, [], []]);
  });

  it('a refresh refused for an app key renewed meanwhile is made again with the new key; the wallet stays connected', async () => {
    const { access, events, keys } = harness({ ...fresh(), expiresAt: Date.now() + 30_000 }, async (appKey) => {
      if (appKey !== CONTEXT.appKey) return { accessToken: 'access-2', expiresIn: 3600 };
      keys.now = 'sk_test_renewed';
      throw httpError(401);
    });
    const answer = await access.call(CONTEXT, async (_client, credentials) => {
      if (credentials.appKey === CONTEXT.appKey) throw httpError(401); // the old key, refused now
      return `${credentials.appKey} ${credentials.accessToken}`;
    });
    assert.equal(answer, 'sk_test_renewed access-2');
    assert.deepEqual(events.refreshKeys, [CONTEXT.appKey, 'sk_test_renewed']);
    assert.deepEqual([events.statuses, events.disconnected], [[], []]);
  });
});
