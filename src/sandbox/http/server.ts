import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { ApiError, ErrorCode, invalid, SandboxPortInUseError } from '../vocabulary/errors';
import { ExchangeObserver, observeExchange, readTarget, sendError } from './exchange';
import { takeFault } from '../worlds/faults';
import { actsOnWholeSandbox, checkAdminToken } from './adminToken';
import { hostGuard } from './hostGuard';
import type { SandboxEnv } from '../worlds/env';
import { Router } from './router';
import { adminRoutes, namespaceRoutes } from './admin/routes';
import { namespaceByKeyOnly } from '../worlds/namespaces';
import { appRoutes } from './routes/apps';
import { unknownAppKey } from './routes/guards';
import { developerRoutes } from './routes/developer';
import { moneyRoutes } from './routes/money';
import { walletAuthRoutes } from './routes/walletAuth';
import { walletQueryRoutes } from './routes/walletQueries';
import { answerError, Dispatcher, guarded, Pending } from './dispatch';
import { injectFault, Waits } from './faultInjection';
import { Fault } from '../types';

// The HTTP server: one catch for everything, then latency and faults for API requests (the
// journal hears of every answer through the exchange observer), then the dispatcher (dispatch.ts).

const apiRouter = new Router();
developerRoutes(apiRouter);
appRoutes(apiRouter);
walletAuthRoutes(apiRouter);
walletQueryRoutes(apiRouter);
moneyRoutes(apiRouter);
const adminRouter = new Router();
adminRoutes(adminRouter);
namespaceRoutes(adminRouter);

export interface SandboxHttpServer {
  server: Server;
  /** Stops waits (latency, fault delays) and closes every socket. */
  shutdown(): Promise<void>;
}

export function createSandboxServer(env: SandboxEnv, log: (line: string) => void, onExchange?: ExchangeObserver): SandboxHttpServer {
  const handler = new RequestHandler(env);

  const unexpected = (req: IncomingMessage, res: ServerResponse, error: unknown): void => {
    log(`Wallet sandbox: unexpected error on ${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}`);
    sendError(res, new ApiError(500, ErrorCode.internal, 'The sandbox hit an unexpected error; see its log'));
  };

  const server = createServer((req, res) => {
    try {
      if (onExchange) observeExchange(res, onExchange);
      handler.handle(req, res)?.catch((error: unknown) => unexpected(req, res, error));
    } catch (error) {
      unexpected(req, res, error);
    }
  });
  server.on('clientError', answerMalformedHttp);

  return {
    server,
    async shutdown(): Promise<void> {
      handler.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** What every request goes through: the checks, its world, then latency and faults (API requests) and the dispatcher. */
class RequestHandler {
  private readonly waits = new Waits();
  private readonly dispatcher = new Dispatcher(apiRouter, adminRouter);
  private readonly rootFaultCounted = (): void => this.env.knobControl.changed();
  private closing = false;

  constructor(private readonly env: SandboxEnv) {}

  /** The common case (no latency, no fault) goes straight to the dispatcher without a promise. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void> | undefined {
    const request: Pending = { req, res, ...readTarget(req.method, req.url) };
    const { method, path, admin } = request;
    try {
      if (!path.startsWith('/')) {
        throw invalid('The request target must be a path starting with "/"');
      }
      const refusal = hostGuard(req.headers.host, req.headers.origin, path, req.socket.localAddress);
      if (refusal) throw refusal;
      const world = worldOf(this.env, request);
      // A namespace's admin calls carry its key; the root world's, and those that act on the whole
      // sandbox whatever key they send (the namespaces, the watch stream), with allowRemote, the admin token.
      if (admin && (world === this.env || actsOnWholeSandbox(path))) checkAdminToken(this.env, path, req.headers, world !== this.env);
      if (!admin) {
        const latency = world.knobs.latencyMs;
        if (Number.isFinite(latency) && latency > 0) {
          return guarded(request, this.delayed(request, world, latency));
        }
        const fault = takeFault(world.knobs.faults, method, path, this.faultCounted(world));
        if (fault) {
          return guarded(request, this.faulted(request, world, fault));
        }
      }
      return this.dispatch(request, world);
    } catch (error) {
      answerError(request, error);
      return undefined;
    }
  }

  /** Stops waits (latency, fault delays); what arrives after is not dispatched. */
  close(): void {
    this.closing = true;
    this.waits.wakeAll();
  }

  private faultCounted(world: SandboxEnv): () => void {
    return world === this.env ? this.rootFaultCounted : () => world.knobControl.changed();
  }

  private dispatch(request: Pending, world: SandboxEnv): Promise<void> | undefined {
    return this.closing || request.res.destroyed ? undefined : this.dispatcher.dispatch(request, world);
  }

  private async delayed(request: Pending, world: SandboxEnv, latency: number): Promise<void> {
    await this.waits.sleep(latency);
    const fault = takeFault(world.knobs.faults, request.method, request.path, this.faultCounted(world));
    await (fault ? this.faulted(request, world, fault) : this.dispatch(request, world));
  }

  private async faulted(request: Pending, world: SandboxEnv, fault: Fault): Promise<void> {
    if (!(await injectFault(fault, request.req, request.res, this.waits, () => this.closing))) {
      await this.dispatch(request, world);
    }
  }
}

/**
 * The world a request lands in: the namespace whose app key it sends, else the sandbox's own.
 * An admin call reaches a namespace only with its key: `?namespace=` alone is refused, and a
 * key that names no app and no namespace is the API's 401 (a typo must not act on the root world).
 */
function worldOf(env: SandboxEnv, { req, rawQuery, admin }: Pending): SandboxEnv {
  if (admin && rawQuery.includes('namespace=') && new URLSearchParams(rawQuery).has('namespace')) throw namespaceByKeyOnly();
  if (!admin && env.namespaces.size === 0) return env;
  const raw = req.headers['x-app-key'];
  const key = typeof raw === 'string' ? raw.trim() : '';
  if (key === '') return env;
  const byKey = env.namespaces.envForKey(key);
  if (byKey) return byKey;
  if (admin && !env.state.apps.appByKey(key)) throw unknownAppKey();
  return env;
}

/** Malformed HTTP never reaches the handler; answer it in the same envelope and hang up. */
function answerMalformedHttp(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ success: false, error: 'Malformed HTTP request', errorCode: ErrorCode.invalidInput });
  socket.end(
    `HTTP/1.1 ${status} Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

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
