import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { ApiError, ErrorCode, invalid } from './errors';
import { faultMessage, takeFault } from './faults';
import { parseJsonObject, readBody, sendError, sendJson } from './http';
import { methodNotAllowed, notFound, Router, SandboxEnv } from './router';
import { adminRoutes } from './routes/admin';
import { developerRoutes } from './routes/developer';
import { walletAuthRoutes } from './routes/walletAuth';
import { walletQueryRoutes } from './routes/walletQueries';
import { Fault } from './types';

// HTTP plumbing: recording, latency, faults, routing, body parsing, and one catch for everything.

const ADMIN_PREFIX = '/__sandbox';
const MAX_RECORDED = 10_000;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const apiRouter = new Router();
developerRoutes(apiRouter);
walletAuthRoutes(apiRouter);
walletQueryRoutes(apiRouter);
const adminRouter = new Router();
adminRoutes(adminRouter);

export interface SandboxServer {
  server: Server;
  /** Stops waits (latency, fault delays) and closes every socket. */
  shutdown(): Promise<void>;
}

export function createSandboxServer(env: SandboxEnv, log: (line: string) => void): SandboxServer {
  const waits = new Set<() => void>();
  let closing = false;

  // A wait that close() can cut short, so shutting down never hangs on a long fault delay.
  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        waits.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waits.add(done);
    });

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`Wallet sandbox: unexpected error on ${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}`);
      sendError(res, new ApiError(500, ErrorCode.internal, 'The sandbox hit an unexpected error; see its log'));
    });
  });

  // Malformed HTTP never reaches the handler; answer it in the same envelope and hang up.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify({ success: false, error: 'Malformed HTTP request', errorCode: ErrorCode.invalidInput });
    socket.end(`HTTP/1.1 ${status} Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const target = req.url ?? '/';
    const queryStart = target.indexOf('?');
    const path = queryStart === -1 ? target : target.slice(0, queryStart);
    const rawQuery = queryStart === -1 ? '' : target.slice(queryStart + 1);
    const admin = path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
    if (!admin) {
      record(res, method, path, rawQuery);
    }
    try {
      if (!path.startsWith('/')) {
        throw invalid('The request target must be a path starting with "/"');
      }
      if (!admin) {
        const latency = env.knobs.latencyMs;
        if (Number.isFinite(latency) && latency > 0) {
          await sleep(latency);
        }
        const fault = takeFault(env.knobs.faults, method, path);
        if (fault && (await injectFault(fault, req, res))) {
          return;
        }
      }
      if (closing || res.destroyed) {
        return;
      }
      const router = admin ? adminRouter : apiRouter;
      const match = router.match(method, path);
      if (match.kind === 'none') {
        throw notFound(path);
      }
      if (match.kind === 'method') {
        throw methodNotAllowed(method, match.allowed);
      }
      const raw = await readBody(req);
      const body = BODY_METHODS.has(method) ? parseJsonObject(raw, req.headers['content-type']) : {};
      const reply = await match.handler({ env, method, path, params: match.params, query: new URLSearchParams(rawQuery), headers: req.headers, body });
      sendJson(res, reply.status ?? 200, reply.body);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        throw error;
      }
      // Let the rest of a rejected body drain so the connection stays usable for the next request.
      if (!req.complete && error.status !== 413) {
        req.resume();
      }
      sendError(res, error);
      if (error.headers['Connection'] === 'close') {
        res.on('finish', () => req.socket.destroySoon());
      }
    }
  }

  /** True when the fault answered (or dropped) the request; a delay-only fault lets it through. */
  async function injectFault(fault: Fault, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (fault.delayMs !== undefined && fault.delayMs > 0) {
      await sleep(fault.delayMs);
    }
    if (closing || res.destroyed) {
      return true;
    }
    if (fault.retryAfterSeconds !== undefined) {
      res.setHeader('Retry-After', String(fault.retryAfterSeconds));
    }
    if (fault.drop) {
      req.socket.destroy();
      return true;
    }
    req.resume();
    if (fault.body !== undefined) {
      res.writeHead(fault.status ?? 200, { 'Content-Type': fault.contentType ?? 'application/json', 'Content-Length': Buffer.byteLength(fault.body) });
      res.end(fault.body);
      return true;
    }
    if (fault.success2xxFalse) {
      sendJson(res, 200, { success: false, error: 'Injected failure', errorCode: ErrorCode.injectedFault });
      return true;
    }
    if (fault.status !== undefined) {
      sendJson(res, fault.status, { success: false, error: faultMessage(fault.status), errorCode: ErrorCode.injectedFault });
      return true;
    }
    return false;
  }

  function record(res: ServerResponse, method: string, path: string, query: string): void {
    const entry = { method, path, query, status: 0, at: env.now() };
    let done = false;
    const finish = (status: number): void => {
      if (done) {
        return;
      }
      done = true;
      entry.status = status;
      env.requests.push(entry);
      if (env.requests.length > MAX_RECORDED) {
        env.requests.splice(0, env.requests.length - MAX_RECORDED);
      }
    };
    res.on('finish', () => finish(res.statusCode));
    // A dropped connection never finishes; it is recorded with status 0.
    res.on('close', () => finish(res.writableFinished ? res.statusCode : 0));
  }

  return {
    server,
    async shutdown(): Promise<void> {
      closing = true;
      for (const wake of [...waits]) {
        wake();
      }
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
