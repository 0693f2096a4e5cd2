// The quick reachability check made before asking for a password (issue 17, item 4):
// against real loopback servers that answer 404, never answer, or are not there at all.
import * as assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { WalletApiError, WalletClient, type RequestEvent } from '../../../src/api';

async function listen(server: Server | ReturnType<typeof createNetServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server | ReturnType<typeof createNetServer>): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

function client(consoleUrl: string, developerUrl = consoleUrl, events: RequestEvent[] = []): WalletClient {
  return new WalletClient({ consoleUrl, developerUrl, timeoutMs: 10_000, onRequest: (event) => events.push(event) });
}

describe('api/client reach (is anything there?)', function () {
  this.timeout(10_000);

  it('counts any HTTP answer, a 404 too, with one HEAD per distinct host and no retry', async () => {
    const seen: string[] = [];
    const server = createServer((request: IncomingMessage, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.writeHead(404).end();
    });
    const url = await listen(server);
    try {
      const events: RequestEvent[] = [];
      await client(url, url, events).reach(2_000);
      assert.deepEqual(seen, ['HEAD /'], 'one probe when both APIs share an address');
      assert.deepEqual(
        events.map(({ method, path, status }) => ({ method, path, status })),
        [{ method: 'HEAD', path: '/', status: 404 }],
      );
      await client(url, `${url}/developer`).reach(2_000);
      assert.equal(seen.length, 3, 'both addresses when they differ');
    } finally {
      await close(server);
    }
  });

  it('says a host that is not there is unreachable, as a network error, at once', async () => {
    const probe = createNetServer();
    const url = await listen(probe);
    await close(probe);
    const events: RequestEvent[] = [];
    await assert.rejects(client(url, url, events).reach(2_000), (error: unknown) => {
      assert.ok(error instanceof WalletApiError);
      // A network error, not a timeout: it did not wait for the probe's bound.
      assert.equal(error.kind, 'network');
      assert.match(error.message, /Could not reach the wallet API at 127\.0\.0\.1:\d+/);
      return true;
    });
    assert.deepEqual(
      events.map(({ attempt, error }) => ({ attempt, error })),
      [{ attempt: 1, error: 'network' }],
      'one attempt, no retry',
    );
  });

  it('gives up on a host that never answers within the probe’s own bound', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const silent = createNetServer((socket) => void sockets.add(socket));
    const url = await listen(silent);
    try {
      const startedAt = performance.now();
      await assert.rejects(client(url).reach(300), (error: unknown) => {
        assert.ok(error instanceof WalletApiError);
        assert.equal(error.kind, 'timeout');
        assert.match(error.message, /did not answer within 300 ms/);
        return true;
      });
      const waited = performance.now() - startedAt;
      assert.ok(waited >= 250 && waited < 3_000, `waited ${Math.round(waited)} ms`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await close(silent);
    }
  });
});
