// The wire under ofetch (src/api/httpFetch.ts) against real loopback servers that misbehave
// in the ways a fetch implementation has to cope with.

import * as assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as zlib from 'node:zlib';
import { WalletClient } from '../../../src/api';
import { createHttpFetch, MAX_BODY_BYTES, type WireResponse } from '../../../src/api/httpFetch';
import { failure, waitFor } from './harness';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** Local port of the client's socket: the same port twice means the connection was reused. */
  clientPort: number;
}

interface TestServer {
  url: string;
  seen: Seen[];
  closedSockets: number;
  close(): Promise<void>;
}

async function serve(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<TestServer> {
  const state = { seen: [] as Seen[], closedSockets: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        clientPort: req.socket.remotePort ?? 0,
      });
      answer(req, res);
    });
  });
  server.on('connection', (socket) => socket.on('close', () => (state.closedSockets += 1)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get seen() {
      return state.seen;
    },
    get closedSockets() {
      return state.closedSockets;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: ServerResponse, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function encoded(res: ServerResponse, encoding: string, bytes: Buffer) {
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding, 'content-length': bytes.byteLength });
  res.end(bytes);
}

async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof Error, `expected an Error, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the request to fail');
}

const wire = createHttpFetch(2000);
const servers: TestServer[] = [];
async function track(server: Promise<TestServer>): Promise<TestServer> {
  const started = await server;
  servers.push(started);
  return started;
}

describe('api/httpFetch (the wire under ofetch)', function () {
  this.timeout(10_000);
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('sends the method, the headers and a JSON body with its length (not chunked)', async () => {
    const server = await track(serve((_req, res) => json(res, { ok: true })));
    const body = JSON.stringify({ name: 'Ọjà Shop ₦' });
    const response = await wire(`${server.url}/v1/apps?x=1`, {
      method: 'POST',
      headers: new Headers({ 'X-App-Key': 'key-1', 'content-type': 'application/json' }),
      body,
    });
    const [seen] = server.seen;
    assert.equal(seen?.method, 'POST');
    assert.equal(seen?.url, '/v1/apps?x=1');
    assert.equal(seen?.headers['x-app-key'], 'key-1');
    assert.equal(seen?.headers['content-length'], String(Buffer.byteLength(body)));
    assert.equal(seen?.headers['transfer-encoding'], undefined);
    assert.equal(seen?.headers['accept-encoding'], 'gzip, deflate, br');
    assert.equal(seen?.body, body);
    assert.equal(response.status, 200);
    assert.equal(response.ok, true);
    assert.deepEqual(JSON.parse(await response.text()), { ok: true });
  });

  it('answers with status, status text, headers (repeated ones joined) and no body for an empty answer', async () => {
    const server = await track(
      serve((_req, res) => {
        res.writeHead(503, 'Busy Now', { 'Retry-After': '7', 'Set-Cookie': ['a=1', 'b=2'], 'content-length': '0' });
        res.end();
      }),
    );
    const response: WireResponse = await wire(`${server.url}/x`);
    assert.equal(response.status, 503);
    assert.equal(response.statusText, 'Busy Now');
    assert.equal(response.ok, false);
    assert.equal(response.headers.get('retry-after'), '7');
    assert.equal(response.headers.get('Retry-After'), '7');
    assert.equal(response.headers.get('set-cookie'), 'a=1, b=2');
    assert.equal(response.headers.get('x-missing'), null);
    assert.equal(response.body, null);
    assert.equal(await response.text(), '');
  });

  it('keeps the connection alive between calls', async () => {
    const server = await track(serve((_req, res) => json(res, { n: 1 })));
    await (await wire(`${server.url}/a`)).text();
    await (await wire(`${server.url}/b`)).text();
    assert.equal(server.seen.length, 2);
    assert.equal(server.seen[0]?.clientPort, server.seen[1]?.clientPort);
  });

  it('decodes gzip, deflate and brotli answers, and drops a byte-order mark as fetch does', async () => {
    const text = JSON.stringify({ banks: Array.from({ length: 50 }, (_, i) => ({ code: String(i), name: `Bank ${i} ₦` })) });
    const server = await track(
      serve((req, res) => {
        const coding = req.url?.slice(1) ?? '';
        if (coding === 'gzip') encoded(res, 'gzip', zlib.gzipSync(text));
        else if (coding === 'deflate') encoded(res, 'deflate', zlib.deflateSync(text));
        else if (coding === 'br') encoded(res, 'br', zlib.brotliCompressSync(text));
        else encoded(res, 'identity', Buffer.from(`\ufeff${text}`));
      }),
    );
    for (const coding of ['gzip', 'deflate', 'br', 'bom']) {
      assert.equal(await (await wire(`${server.url}/${coding}`)).text(), text, coding);
    }
  });

  it('fails clearly on a body it cannot decode or an unknown encoding', async () => {
    const server = await track(
      serve((req, res) => encoded(res, req.url === '/bad-gzip' ? 'gzip' : 'zstd-ish', Buffer.from('not compressed at all'))),
    );
    assert.equal((await rejection(wire(`${server.url}/bad-gzip`))).code, 'ERR_CONTENT_DECODING');
    assert.equal((await rejection(wire(`${server.url}/unknown`))).code, 'ERR_CONTENT_DECODING');
  });

  it(`refuses an answer over ${MAX_BODY_BYTES / 1024 / 1024} MB, and a compressed one that inflates past it`, async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const server = await track(
      serve((req, res) => {
        if (req.url === '/bomb') {
          encoded(res, 'gzip', zlib.gzipSync(Buffer.alloc(MAX_BODY_BYTES + 1, 0)));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        let sent = 0;
        const more = () => {
          while (sent <= MAX_BODY_BYTES && !res.destroyed) {
            sent += chunk.byteLength;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        more();
      }),
    );
    assert.equal((await rejection(wire(`${server.url}/big`))).code, 'ERR_BODY_TOO_LARGE');
    assert.equal((await rejection(wire(`${server.url}/bomb`))).code, 'ERR_BODY_TOO_LARGE');
  });

  it('reports a body cut off before its announced length as a reset connection', async () => {
    const server = await track(
      serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"success":true,');
        setTimeout(() => res.destroy(), 20);
      }),
    );
    assert.equal((await rejection(wire(`${server.url}/cut`))).code, 'ECONNRESET');
  });

  it('ends each call at its deadline, whether the headers or the body stall, and drops the socket', async () => {
    const quick = createHttpFetch(150);
    const server = await track(
      serve((req, res) => {
        if (req.url === '/body') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
          res.write('{');
        }
        // Otherwise: never answer.
      }),
    );
    for (const path of ['/headers', '/body']) {
      const started = performance.now();
      const error = await rejection(quick(`${server.url}${path}`));
      assert.equal(error.name, 'TimeoutError', path);
      const took = performance.now() - started;
      assert.ok(took >= 140 && took < 1500, `${path} took ${took} ms`);
    }
    await waitFor(() => server.closedSockets === 2);
  });

  it('stops at once when the signal aborts, with its reason, and drops the socket', async () => {
    const server = await track(serve(() => undefined));
    const controller = new AbortController();
    const pending = wire(`${server.url}/slow`, { signal: controller.signal });
    await waitFor(() => server.seen.length === 1);
    const reason = new Error('user cancelled');
    controller.abort(reason);
    assert.equal(await rejection(pending), reason);
    await waitFor(() => server.closedSockets === 1);

    const already = new AbortController();
    already.abort();
    assert.equal((await rejection(wire(`${server.url}/never`, { signal: already.signal }))).name, 'AbortError');
    assert.equal(server.seen.length, 1, 'an aborted signal sends nothing');
  });

  it('rejects (never throws) on a URL or header it cannot send, and speaks TLS for https', async () => {
    const server = await track(serve((_req, res) => json(res, {})));
    assert.match((await rejection(wire('ftp://127.0.0.1/x'))).message, /http and https/);
    assert.equal((await rejection(wire('not a url'))).name, 'TypeError');
    assert.equal((await rejection(wire(`${server.url}/x`, { headers: { 'x-bad': 'line\nbreak' } }))).code, 'ERR_INVALID_CHAR');
    assert.equal((await rejection(wire(`${server.url}/x`, { method: 'POST', body: { not: 'serialised' } }))).name, 'TypeError');
    // An https URL to a plain HTTP server: the TLS handshake fails, so TLS was spoken.
    assert.equal((await rejection(wire(server.url.replace('http:', 'https:')))).code, 'EPROTO');
    assert.equal(server.seen.length, 0);
  });

  it('never follows a redirect, so keys stay with the configured host; the client says where it points', async () => {
    const server = await track(
      serve((req, res) => {
        const elsewhere = req.url?.startsWith('/v1/queries/banks') ? 'https://elsewhere.example.com/v1/queries/banks' : '/v2/transactions';
        res.writeHead(req.url?.startsWith('/v1/queries/banks') ? 301 : 307, { location: elsewhere, 'content-type': 'text/html' });
        res.end('<a href="elsewhere">moved</a>');
      }),
    );
    const response = await wire(`${server.url}/v1/queries/banks`, { headers: { 'x-app-key': 'key-1' } });
    assert.equal(response.status, 301);
    assert.equal(response.headers.get('location'), 'https://elsewhere.example.com/v1/queries/banks');

    const client = new WalletClient({ consoleUrl: server.url, developerUrl: server.url, retries: 0 });
    const moved = await failure(client.listBanks('app-key-1'));
    assert.equal(moved.kind, 'http');
    assert.equal(moved.status, 301);
    assert.equal(
      moved.message,
      'The wallet API moved (HTTP 301 Moved Permanently, to elsewhere.example.com); check its address in the Wallet Console settings. Redirects are not followed, so keys and tokens never go elsewhere.',
    );
    const sameHost = await failure(client.listTransactions({ appKey: 'app-key-1', accessToken: 'token-1' }));
    assert.match(sameHost.message, /^The wallet API moved \(HTTP 307 Temporary Redirect\); check/);
    assert.equal(server.seen.length, 3, 'each call reached the server once and went nowhere else');
  });

  it('carries the client end to end: a gzip answer is read, an undecodable one is a clear network error', async () => {
    const banks = { success: true, data: { banks: [{ bankCode: '058', bankName: 'GTBank' }] } };
    const server = await track(
      serve((req, res) =>
        encoded(res, 'gzip', req.url?.startsWith('/v1/queries/banks') ? zlib.gzipSync(JSON.stringify(banks)) : Buffer.from('junk')),
      ),
    );
    const client = new WalletClient({ consoleUrl: server.url, developerUrl: server.url, retries: 0 });
    assert.deepEqual(await client.listBanks('app-key-1'), banks.data.banks);
    const host = new URL(server.url).host;
    const broken = new WalletClient({ consoleUrl: `${server.url}/broken`, developerUrl: server.url, retries: 0 });
    const error = await failure(broken.listBanks('app-key-1'));
    assert.equal(error.kind, 'network');
    assert.equal(error.message, `Could not reach the wallet API at ${host} (the answer could not be decompressed).`);
    const tls = new WalletClient({ consoleUrl: server.url.replace('http:', 'https:'), developerUrl: server.url, retries: 0 });
    assert.equal(
      (await failure(tls.listBanks('app-key-1'))).message,
      `Could not reach the wallet API at ${host} (the secure connection failed).`,
    );
  });
});
