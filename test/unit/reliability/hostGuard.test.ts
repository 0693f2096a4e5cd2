// The sandbox answers only this machine's clients (issue 17): a web page that rebinds its own
// domain to 127.0.0.1 reaches the sandbox with a foreign Host (and a foreign Origin), and must
// read neither the passcode nor the request log. Both the rule and the live server are tested.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { hostGuard } from '../../../src/sandbox/http/hostGuard';
import type { Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';

function get(sandbox: Sandbox, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('reliability: the sandbox refuses DNS rebinding', () => {
  describe('hostGuard (the rule)', () => {
    const allowed = [
      '127.0.0.1:4010',
      'localhost:4010',
      'LOCALHOST',
      'app.localhost:1',
      '127.1.2.3',
      '[::1]:4010',
      '[::ffff:127.0.0.1]:80',
    ];
    for (const host of allowed)
      it(`lets Host ${host} through`, () => assert.equal(hostGuard(host, undefined, '/v1/users/balance', '127.0.0.1'), undefined));

    const refused = [
      'evil.example:4010',
      'evil.example',
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      '192.168.1.5:4010',
      '[::2]:4010',
      '',
      'local host',
      'localhost:4010@evil.example',
    ];
    for (const host of refused)
      it(`refuses Host ${JSON.stringify(host)}`, () => {
        const refusal = hostGuard(host, undefined, '/__sandbox/passcode', '127.0.0.1');
        assert.equal(refusal?.status, 403);
        assert.equal(refusal?.errorCode, '40003');
      });

    it('refuses a request without Host', () => assert.equal(hostGuard(undefined, undefined, '/', '127.0.0.1')?.status, 403));

    it('lets the address the sandbox listens on through (bound to a LAN address)', () => {
      assert.equal(hostGuard('192.168.1.5:4010', undefined, '/v1/queries/banks', '192.168.1.5'), undefined);
      assert.equal(hostGuard('192.168.1.5:4010', undefined, '/v1/queries/banks', '::ffff:192.168.1.5'), undefined);
    });

    it('refuses admin calls with a foreign Origin, lets its own origin and no origin through', () => {
      assert.equal(hostGuard('127.0.0.1:4010', 'http://evil.example', '/__sandbox/passcode', '127.0.0.1')?.status, 403);
      assert.equal(hostGuard('127.0.0.1:4010', 'http://localhost:3000', '/__sandbox/requests', '127.0.0.1')?.status, 403);
      assert.equal(hostGuard('127.0.0.1:4010', 'null', '/__sandbox', '127.0.0.1')?.status, 403);
      assert.equal(hostGuard('127.0.0.1:4010', 'http://127.0.0.1:4010', '/__sandbox/passcode', '127.0.0.1'), undefined);
      assert.equal(hostGuard('127.0.0.1:4010', undefined, '/__sandbox/passcode', '127.0.0.1'), undefined);
      // The API itself answers pages of any origin on this machine (the browser's CORS rules apply).
      assert.equal(hostGuard('127.0.0.1:4010', 'http://evil.example', '/v1/queries/banks', '127.0.0.1'), undefined);
    });
  });

  describe('the live sandbox', function () {
    this.timeout(20_000);
    let sandbox: Sandbox;
    let port: string;
    before(async () => {
      sandbox = await startCheckedSandbox({ port: 0, log: () => undefined });
      port = new URL(sandbox.url).port;
    });
    after(() => sandbox.close());

    it('a rebound page can read neither the passcode nor the request log', async () => {
      for (const path of ['/__sandbox/passcode?mobile=2348000000000', '/__sandbox/requests', '/v1/queries/banks']) {
        const answer = await get(sandbox, path, { host: `evil.example:${port}` });
        assert.equal(answer.status, 403, path);
        const body = JSON.parse(answer.body) as { success: boolean; errorCode: string };
        assert.deepEqual([body.success, body.errorCode], [false, '40003']);
      }
      const foreign = await get(sandbox, '/__sandbox/requests', { host: `127.0.0.1:${port}`, origin: 'http://evil.example' });
      assert.equal(foreign.status, 403, 'an admin call from a foreign origin');
    });

    it('this machine\u2019s clients are answered as before', async () => {
      assert.equal((await get(sandbox, '/__sandbox/health', { host: `127.0.0.1:${port}` })).status, 200);
      assert.equal((await get(sandbox, '/__sandbox/health', { host: `localhost:${port}` })).status, 200);
      assert.equal(
        (await get(sandbox, '/__sandbox/health', { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` })).status,
        200,
      );
      assert.equal((await fetch(`${sandbox.url}/__sandbox/health`)).status, 200, 'fetch, as the extension and the tests use it');
    });
  });
});
