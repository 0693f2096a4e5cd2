import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startCheckedSandbox } from '../support/contract';
import { call, errorOf, expectOk } from './helpers';

// POST /__sandbox/apps/:id/keys: the sandbox keeps only hashes of app keys, so an editor that lost
// an app's keys gets new ones here; the old ones stop working, and the new ones outlive a restart.

describe('sandbox: new keys for an app', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-keys-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('issues new keys, refuses the old ones, keeps the new ones across a restart, and 404s an unknown app', async () => {
    const dataFile = path.join(dir, 'state.json');
    const first = await startCheckedSandbox({ dataFile, log: () => undefined });
    const { renewed, old } = await (async () => {
      await expectOk(call(first, 'POST', '/v1/auth/signup', { body: { email: 'keys@example.ng', password: 'correct-horse-42' } }));
      const auth = await expectOk(
        call(first, 'POST', '/v1/resource/auth', { body: { email: 'keys@example.ng', password: 'correct-horse-42' } }),
      );
      const headers = { 'x-auth-token': auth.json['data'].token as string };
      const app = (await expectOk(call(first, 'POST', '/v1/resource/app', { body: { name: 'Lost keys' }, headers }))).json['data'].app;
      const id = app._id as string;
      const old = app.sandboxKey as string;
      const answer = await expectOk(call(first, 'POST', `/__sandbox/apps/${id}/keys`));
      const renewed = answer.json['data'].app as { key: string; sandboxKey: string };
      assert.equal(answer.json['data'].app._id, id);
      assert.match(renewed.sandboxKey, /^sk_test_[0-9a-f]{32}$/);
      assert.match(renewed.key, /^pk_live_[0-9a-f]{32}$/);
      assert.notEqual(renewed.sandboxKey, old);
      const refused = await call(first, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': old } });
      assert.equal(refused.status, 401, 'the old key stops working');
      await expectOk(call(first, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': renewed.sandboxKey } }));
      const unknown = await call(first, 'POST', '/__sandbox/apps/5f0000000000000000000000/keys');
      assert.equal(unknown.status, 404);
      assert.equal(errorOf(unknown).errorCode, '90003');
      return { renewed, old };
    })().finally(() => first.close());
    assert.ok(!readFileSync(dataFile, 'utf8').includes(renewed.sandboxKey), 'the state file keeps only hashes');
    const second = await startCheckedSandbox({ dataFile, log: () => undefined });
    try {
      await expectOk(call(second, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': renewed.sandboxKey } }));
      assert.equal((await call(second, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': old } })).status, 401);
    } finally {
      await second.close();
    }
  });
});
