// GET /v1/apps through WalletClient: against the sandbox (the developer's apps, no keys in the
// list), and against a server that does not have the call (a 404 the extension reads as "not here").

import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WalletApiError, WalletClient } from '../../../src/api';
import { newDeveloperApp, startHarness, type Harness } from './harness';

describe('api/client: the app list (GET /v1/apps)', function () {
  this.timeout(20_000);
  let h: Harness;

  before(async () => {
    h = await startHarness();
  });
  after(() => h.sandbox.close());

  it("lists the signed-in developer's apps, and never hands on a key", async () => {
    const email = `lister.${Date.now()}@example.com`;
    const password = 'a long enough password';
    await h.client.signUp({ email, password });
    const login = await h.client.logIn({ email, password });
    const resource = await h.client.authenticateResource({ email, password });
    const first = await h.client.createApp(resource.token, 'First shop');
    const second = await h.client.createApp(resource.token, 'Second shop');
    // Another developer's app is not in the list.
    await newDeveloperApp(h.client);

    const apps = await h.client.listApps(login.token);
    assert.deepEqual(
      apps.map((app) => [app._id, app.name]),
      [
        [first._id, 'First shop'],
        [second._id, 'Second shop'],
      ],
    );
    for (const app of apps) assert.ok(!('key' in app) && !('sandboxKey' in app), 'no key in a listed app');
    await assert.rejects(h.client.listApps('not.a.token'), (error: unknown) => error instanceof WalletApiError && error.status === 401);
  });

  it('says 404 plainly where the server has no such call, and sends the key along only as it was given', async () => {
    const seen: { authorization?: string; path?: string }[] = [];
    const server: Server = createServer((request, response) => {
      seen.push({ authorization: request.headers.authorization, path: request.url });
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"error":"Not found"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = new WalletClient({ consoleUrl: url, developerUrl: url, retries: 0 });
      await assert.rejects(client.listApps('eyJ.token.sig'), (error: unknown) => error instanceof WalletApiError && error.status === 404);
      assert.deepEqual(seen, [{ authorization: 'Bearer eyJ.token.sig', path: '/v1/apps' }]);
    } finally {
      server.close();
    }
  });
});
