// A secret the accounts list says is stored but SecretStorage does not have (issue 25: a host that
// did not keep secrets): said once, plainly, with the way forward. In the local sandbox an app made
// there gets new keys from the sandbox; a wallet is marked disconnected and offered Connect.
import * as assert from 'node:assert/strict';
import { secretKeys } from '../../src/auth/accountState';
import type { UserFacingError } from '../../src/common/userFacingError';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { CANCEL, ScriptedInput } from './support/scriptedInput';
import { waitFor } from './support/waitFor';

/** Drops one secret as a host that did not keep it would (the store's own delete, so its cache agrees). */
async function loseSecret(wallet: ConnectedWallet, key: string): Promise<void> {
  await (wallet.api.accounts.store as unknown as { deleteSecret(key: string): Promise<void> }).deleteSecret(key);
}

describe('Missing secrets: said once, with the way forward', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;

  before(async () => {
    wallet = await connectFreshWallet('missing');
  });

  after(async () => {
    wallet.api.setUserInput!(undefined);
    await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
  });

  it('an app key not kept: one notice offering a new key from the local sandbox, which then works', async () => {
    const { api } = wallet;
    const app = api.accounts.activeApp('local')!;
    const oldKey = (await api.accounts.store.appSecrets('local', app.id))!.sandboxKey!;
    await loseSecret(wallet, secretKeys.app('local', app.id));
    // The first notice is answered "Get New Sandbox Key"; that command's own notice needs no answer.
    const input = new ScriptedInput('Get New Sandbox Key');
    api.setUserInput!(input);
    // Three calls meet the missing key at once (a call made once the new key is on its way waits for it).
    const calls = await Promise.allSettled([1, 2, 3].map(() => api.accounts.requireAppKey('local')));
    for (const call of calls) {
      assert.equal(call.status, 'rejected');
      const error = (call as PromiseRejectedResult).reason as UserFacingError;
      // The extension's bundle has its own copy of the class: compare by name.
      assert.equal(error.name, 'UserFacingError');
      assert.match(error.message, /was not kept in this editor’s secret storage/);
      assert.ok(error.alreadyShown, 'the notice said it: commands only log it');
    }
    await waitFor('the new key to be stored', async () => (await api.accounts.store.appSecrets('local', app.id)) !== undefined);
    const notices = input.asked.filter((entry) => /was not kept/.test(entry.title));
    assert.equal(notices.length, 1, 'said once, however many calls met it');
    assert.deepEqual(notices[0]!.buttons, ['Get New Sandbox Key', 'Add App Key']);
    assert.ok(
      notices.every((entry) => !entry.title.includes(oldKey)),
      'no key in the words',
    );
    const renewed = (await api.accounts.store.appSecrets('local', app.id))!;
    assert.notEqual(renewed.sandboxKey, oldKey, 'a new key');
    assert.equal((await api.accounts.requireAppKey('local')).appKey, renewed.sandboxKey, 'which the next call uses');
    const balance = await api.accounts.withWallet((client, credentials) => client.getBalance(credentials));
    assert.ok(Number.isInteger(balance.balance), 'the wallet works again with the new key');
    const refused = await fetch(`${await api.sandboxUrl()}/v1/queries/banks`, { headers: { 'x-app-key': oldKey } });
    assert.equal(refused.status, 401, 'the old key no longer works');
  });

  it('wallet tokens not kept: the wallet is marked disconnected with one Connect offer', async () => {
    const { api, mobile } = wallet;
    await loseSecret(wallet, secretKeys.wallet('local', mobile));
    const input = new ScriptedInput(CANCEL);
    api.setUserInput!(input);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => api.accounts.withWallet((client, credentials) => client.getBalance(credentials))),
    );
    assert.ok(results.every((result) => result.status === 'rejected'));
    // No wait: tokens found missing call onDisconnected, which asks (confirm) before the call rejects.
    const offers = input.asked.filter((entry) => /sign-in of wallet .* was not kept/.test(entry.title));
    assert.equal(offers.length, 1, JSON.stringify(input.asked));
    assert.deepEqual(offers[0]!.buttons, ['Reconnect']);
    assert.equal(api.accounts.accounts('local').wallets.find((entry) => entry.mobile === mobile)?.status, 'disconnected');
  });

  it('a wallet disconnected while a call for it starts is not reported as a sign-in not kept', async () => {
    // Disconnect Wallet while a view refreshes: the call meets a wallet that is gone, not one whose
    // tokens went missing (the store forgets the wallet before it deletes its tokens).
    const raced = await connectFreshWallet('race');
    const input = new ScriptedInput();
    raced.api.setUserInput!(input);
    try {
      const disconnected = raced.api.accounts.disconnectWallet('local', raced.mobile);
      const refused = assert.rejects(
        raced.api.accounts.withWallet((client, credentials) => client.getBalance(credentials), raced.mobile),
        /No wallet is connected/,
      );
      await Promise.all([disconnected, refused]);
      // Bounded by the refusal: the only way to a prompt here is onDisconnected, which asks before
      // the call rejects; it rejected with "No wallet is connected", having asked nothing.
      assert.deepEqual(input.asked, [], 'nothing was said: the user disconnected it');
    } finally {
      raced.api.setUserInput!(undefined);
    }
  });
});
