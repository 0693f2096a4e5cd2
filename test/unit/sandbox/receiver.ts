import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

// A webhook receiver on loopback for the clock tests: it counts the POSTs it got.

/** A receiver on loopback that answers the given statuses in turn (the last one from then on). */
export async function receiver(statuses: number[]): Promise<{ url: string; hits: number; server: Server }> {
  const hook = { url: '', hits: 0, server: createServer() };
  hook.server.on('request', (req, res) => {
    req.resume();
    req.on('end', () => {
      const status = statuses[Math.min(hook.hits, statuses.length - 1)] as number;
      hook.hits++;
      res.writeHead(status).end(status === 200 ? 'thanks' : 'down');
    });
  });
  await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/hooks`;
  return hook;
}
