// The web workbench keeps secrets (SecretStorage) in the browser's localStorage, sealed with a key
// of which one half comes from `POST <page path>/mint-key`. code-server's own HTTP layer serves that
// route; the bare server-main.js we run answers it 405, so every secret write failed ("Method Not
// Allowed … at seal") and no sign-in, app key or wallet outlived a restart. This front answers that
// route with a key half kept in the profile (as code-server does: <user-data-dir>/serve-web-key-half)
// and passes every other request and WebSocket upgrade through to the server unchanged.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';

/** The server's key half: read from `file`, made (32 random bytes, as VS Code wants) on first use. */
export function keyHalf(file) {
  if (existsSync(file)) {
    const key = readFileSync(file);
    if (key.length === 32) return key;
  }
  const key = randomBytes(32);
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

function isMintKey(request) {
  return request.method === 'POST' && (request.url ?? '').split('?')[0].endsWith('/mint-key');
}

/** The request line and headers as received, for an upgrade passed on over a raw socket. */
function requestHead(request) {
  const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
  for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * Listens on host:port and forwards to host:target. Resolves with { close() } once listening.
 * A failure on one connection ends that connection only.
 */
export async function startKeyFront({ host, port, target, keyFile }) {
  const key = keyHalf(keyFile);
  // Upgraded sockets leave the HTTP server's books: kept here so close() ends them too.
  const tunnels = new Set();
  const server = http.createServer((request, response) => {
    if (isMintKey(request)) {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' });
      response.end(key);
      return;
    }
    const upstream = http.request({ host, port: target, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('upgrade', (request, socket, head) => {
    const upstream = net.connect(target, host, () => {
      upstream.write(requestHead(request));
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    const end = () => {
      tunnels.delete(socket);
      socket.destroy();
      upstream.destroy();
    };
    tunnels.add(socket);
    upstream.on('error', end);
    socket.on('error', end);
    upstream.on('close', end);
    socket.on('close', end);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, resolve);
  });
  return {
    close: () =>
      new Promise((resolve) => {
        for (const socket of tunnels) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
