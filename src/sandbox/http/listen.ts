import type { Server } from 'node:http';
import { SandboxPortInUseError } from '../vocabulary/errors';

/**
 * Listens on `port`, or when it is taken on the next ones (`tries` ports in all), then on any free
 * port. With one try, a taken port is a SandboxPortInUseError.
 */
export async function listenFrom(server: Server, host: string, port: number, tries: number): Promise<void> {
  for (let next = port, tried = 0; ; next++, tried++) {
    const last = port === 0 || tried + 1 >= tries || next >= 65535;
    try {
      return await listen(server, host, next);
    } catch (error) {
      if ((error as NodeJS.ErrnoException)?.code !== 'EADDRINUSE' || port === 0) throw error;
      if (last) return tries > 1 ? listen(server, host, 0) : Promise.reject(new SandboxPortInUseError(host, next, { cause: error }));
    }
  }
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
