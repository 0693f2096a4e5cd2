import * as assert from 'node:assert/strict';
import type { Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { connectWallet, newDeveloper, type ConnectedWallet } from './helpers';

// Issue 53: browser apps. The API answers a CORS preflight as a permissive API would (the origin,
// the API's methods and headers, the app key and Authorization among them) and marks its answers
// (errors and injected faults too) readable by the page's origin; the preflight is never delayed
// or faulted, so a fault plays on the request the app sent. The admin API stays closed to other
// origins. browserAppChromium.test.ts signs in from a real page in Chromium.

const PAGE = 'http://127.0.0.1:5173';

describe('sandbox: browser apps (CORS)', () => {
  let sandbox: Sandbox;
  let wallet: ConnectedWallet;
  before(async () => {
    sandbox = await startCheckedSandbox({ seed: 53, log: () => undefined });
    const dev = await newDeveloper(sandbox);
    wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
  });
  after(() => sandbox.close());
  afterEach(() => sandbox.clearFaults());

  const preflight = (path: string, method: string, headers = 'content-type, x-app-key') =>
    fetch(sandbox.url + path, {
      method: 'OPTIONS',
      headers: { origin: PAGE, 'access-control-request-method': method, 'access-control-request-headers': headers },
    });

  it('answers a preflight with the origin, the path’s methods and the API’s headers', async () => {
    const answer = await preflight('/v1/users/auth', 'POST');
    assert.equal(answer.status, 204);
    assert.equal(answer.headers.get('access-control-allow-origin'), PAGE);
    assert.equal(answer.headers.get('access-control-allow-methods'), 'POST, OPTIONS');
    const allowed = answer.headers.get('access-control-allow-headers')?.toLowerCase().split(', ') ?? [];
    for (const header of ['content-type', 'x-app-key', 'x-app-wallet-access-token', 'authorization', 'x-auth-token']) {
      assert.ok(allowed.includes(header), `${header} in ${allowed.join(', ')}`);
    }
    assert.match(answer.headers.get('vary') ?? '', /Origin/);
    const balance = await preflight('/v1/users/balance', 'GET', 'x-app-key, x-app-wallet-access-token, x-request-id');
    assert.equal(balance.headers.get('access-control-allow-methods'), 'GET, POST, OPTIONS');
    assert.match(balance.headers.get('access-control-allow-headers') ?? '', /x-request-id/, 'what the page asks for too');
  });

  it('marks the answers, an error and a fault’s, readable by the page; journals them with their Origin', async () => {
    const headers = { ...wallet.headers, origin: PAGE };
    const ok = await fetch(`${sandbox.url}/v1/users/balance`, { headers });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('access-control-allow-origin'), PAGE);
    const refused = await fetch(`${sandbox.url}/v1/users/balance`, { headers: { origin: PAGE } });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('access-control-allow-origin'), PAGE);
    sandbox.addFault({ path: '/v1/users/balance', status: 503, retryAfterSeconds: 2, times: 1 });
    assert.equal((await preflight('/v1/users/balance', 'GET')).status, 204, 'the preflight uses no fault');
    const faulted = await fetch(`${sandbox.url}/v1/users/balance`, { headers });
    assert.equal(faulted.status, 503);
    assert.equal(faulted.headers.get('access-control-allow-origin'), PAGE);
    assert.match(faulted.headers.get('access-control-expose-headers') ?? '', /Retry-After/);
    const [entry] = sandbox.requests.list({ status: 200, where: (candidate) => candidate.headers['origin'] === PAGE });
    assert.equal(entry?.path, '/v1/users/balance');
    assert.equal(entry?.responseHeaders['Access-Control-Allow-Origin'], PAGE);
  });

  it('leaves a request without an Origin, a plain OPTIONS and the admin API as they were', async () => {
    const plain = await fetch(`${sandbox.url}/v1/users/balance`, { headers: wallet.headers });
    assert.equal(plain.headers.get('access-control-allow-origin'), null);
    assert.equal((await fetch(`${sandbox.url}/v1/users/balance`, { method: 'OPTIONS' })).status, 405);
    const admin = await fetch(`${sandbox.url}/__sandbox/passcode?mobile=2349090000000`, { headers: { origin: PAGE } });
    assert.equal(admin.status, 403);
    assert.equal(admin.headers.get('access-control-allow-origin'), null);
  });
});
