import { createServer } from 'node:net';

/** A loopback port free a moment ago, for a server that must be told its port (a Python or Go handler). */
export function freePort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    }),
  );
}
