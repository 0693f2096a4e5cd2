import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { ApiError, ErrorCode, invalid, SandboxPortInUseError } from '../vocabulary/errors';
import {
  addAnswerHeaders,
  ExchangeListener,
  holdApiAnswer,
  observeExchange,
  readTarget,
  sendAnswer,
  sendError,
  takeApiAnswer,
  workEnded,
} from './exchange';
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
import { faultAfter, faultBefore, Waits, type FaultTarget } from './faultInjection';
import { readBody } from './body';
import { Fault } from '../types';

// The HTTP server: one catch for everything, then latency and faults for API requests (the
// journal hears of every answer through the exchange observer), then the dispatcher (dispatch.ts).
// A client that hangs up does not cancel the work: its request is served, and its answer is
// recorded as unheard (exchange.ts).

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

export function createSandboxServer(env: SandboxEnv, log: (line: string) => void, onExchange?: ExchangeListener): SandboxHttpServer {
  const handler = new RequestHandler(env);

  const unexpected = (req: IncomingMessage, res: ServerResponse, error: unknown): void => {
    log(`Wallet sandbox: unexpected error on ${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}`);
    sendError(res, new ApiError(500, ErrorCode.internal, 'The sandbox hit an unexpected error; see its log'));
  };

  const server = createServer((req, res) => {
    try {
      if (onExchange) observeExchange(res, onExchange);
      const work = handler.handle(req, res);
      if (!work) workEnded(res);
      else void work.catch((error: unknown) => unexpected(req, res, error)).finally(() => workEnded(res));
    } catch (error) {
      unexpected(req, res, error);
      workEnded(res);
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
    const { path, admin } = request;
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
      return admin ? this.dispatch(request, world) : this.api(request, world);
    } catch (error) {
      answerError(request, error);
      return undefined;
    }
  }

  /** An API request: a browser's preflight is answered at once (never delayed or faulted), then latency, faults and the dispatcher. */
  private api(request: Pending, world: SandboxEnv): Promise<void> | undefined {
    if (browserCors(request)) return undefined;
    const latency = world.knobs.latencyMs;
    if (Number.isFinite(latency) && latency > 0) {
      return guarded(request, this.delayed(request, world, latency));
    }
    const fault = takeFault(world.knobs.faults, request.method, request.path, this.faultCounted(world));
    if (fault) {
      return guarded(request, this.faulted(request, world, fault));
    }
    return this.dispatch(request, world);
  }

  /** Stops waits (latency, fault delays); what arrives after is not dispatched. */
  close(): void {
    this.closing = true;
    this.waits.wakeAll();
  }

  private faultCounted(world: SandboxEnv): () => void {
    return world === this.env ? this.rootFaultCounted : () => world.knobControl.changed();
  }

  /** Serves the request, whether or not its client is still there (a real server's work goes on); not once the sandbox closes. */
  private dispatch(request: Pending, world: SandboxEnv): Promise<void> | undefined {
    return this.closing ? undefined : this.dispatcher.dispatch(request, world);
  }

  /** The request arrives whole first (its body read once, and handed on), then waits: the journal has it in arrival order. */
  private async delayed(request: Pending, world: SandboxEnv, latency: number): Promise<void> {
    await readBody(request.req);
    await this.waits.sleep(latency, world);
    const fault = takeFault(world.knobs.faults, request.method, request.path, this.faultCounted(world));
    await (fault ? this.faulted(request, world, fault) : this.dispatch(request, world));
  }

  private async faulted(request: Pending, world: SandboxEnv, fault: Fault): Promise<void> {
    // Read as the API would have: the journal (and the review) then know what the app sent, whatever the fault does.
    await readBody(request.req);
    const target: FaultTarget = { res: request.res, waits: this.waits, clock: world, closing: () => this.closing };
    if (fault.phase !== 'after') {
      if (!(await faultBefore(fault, target))) await this.dispatch(request, world);
      return;
    }
    holdApiAnswer(request.res);
    try {
      await this.dispatch(request, world);
    } catch (error) {
      // The API's refusal is its answer, which the fault then decides on; a sandbox bug goes out as its 500.
      if (!(error instanceof ApiError)) takeApiAnswer(request.res);
      answerError(request, error);
    }
    await faultAfter(fault, target);
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

// Browser apps (CORS). The real service's CORS is not on record; public integrations called it
// from web pages, so the sandbox answers as a permissive API would (docs/sandbox.md, "Browser
// apps"): any origin, the API's methods and headers. Its admin API stays closed to other origins.

/** The headers an app sends the API (and any other a preflight asks for). */
const CORS_HEADERS = ['Content-Type', 'X-App-Key', 'X-App-Wallet-Access-Token', 'x-auth-token', 'Authorization', 'X-Sandbox-Outcome'];
/** The answer headers a page may read: the sandbox's own, and Retry-After. */
const CORS_EXPOSED = ['Retry-After', 'X-Sandbox-Fault', 'Allow'];
const API_METHODS = ['GET', 'POST', 'PUT'];

/**
 * For a request with an Origin: answers a preflight (OPTIONS with Access-Control-Request-Method,
 * true), or marks the answer to come as readable by that origin. False for every other request.
 */
function browserCors({ req, res, method, path }: Pending): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  const allowOrigin = { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
  if (method !== 'OPTIONS' || req.headers['access-control-request-method'] === undefined) {
    addAnswerHeaders(res, { ...allowOrigin, 'Access-Control-Expose-Headers': CORS_EXPOSED.join(', ') });
    return false;
  }
  const match = apiRouter.match(method, path);
  const asked = (req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const headers = [...new Set([...CORS_HEADERS, ...asked])];
  req.resume();
  sendAnswer(
    res,
    204,
    {
      ...allowOrigin,
      'Access-Control-Allow-Methods': [...(match.kind === 'method' ? match.allowed : API_METHODS), 'OPTIONS'].join(', '),
      'Access-Control-Allow-Headers': headers.join(', ').slice(0, 2_000),
      'Access-Control-Max-Age': '600',
      ...(req.headers['access-control-request-private-network'] === 'true' ? { 'Access-Control-Allow-Private-Network': 'true' } : {}),
      'Content-Length': 0,
    },
    '',
    0,
  );
  return true;
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
