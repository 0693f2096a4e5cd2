import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { ApiError, ErrorCode, invalid } from './errors';
import { faultMessage, takeFault } from './faults';
import { announcesBody, parseJsonObject, readBody, sendError, sendJson } from './http';
import { methodNotAllowed, notFound, Router, SandboxEnv } from './router';
import { hostGuard } from './hostGuard';
import { adminRoutes } from './routes/admin';
import { developerRoutes } from './routes/developer';
import { walletAuthRoutes } from './routes/walletAuth';
import { walletQueryRoutes } from './routes/walletQueries';
import { Fault, MAX_RECORDED_REQUESTS } from './types';

// HTTP plumbing: recording, latency, faults, routing, body parsing, and one catch for everything.

const ADMIN_PREFIX = '/__sandbox';
/** The request log is cut back to MAX_RECORDED_REQUESTS once it is this much longer. */
const TRIM_BATCH = 1_000;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const apiRouter = new Router();
developerRoutes(apiRouter);
walletAuthRoutes(apiRouter);
walletQueryRoutes(apiRouter);
const adminRouter = new Router();
adminRoutes(adminRouter);

const EMPTY_BODY = Buffer.alloc(0);

/** One request on its way through the server. */
interface Pending {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  rawQuery: string;
  admin: boolean;
}

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

  const unexpected = (req: IncomingMessage, res: ServerResponse, error: unknown): void => {
    log(`Wallet sandbox: unexpected error on ${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}`);
    sendError(res, new ApiError(500, ErrorCode.internal, 'The sandbox hit an unexpected error; see its log'));
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res)?.catch((error: unknown) => unexpected(req, res, error));
    } catch (error) {
      unexpected(req, res, error);
    }
  });

  // Malformed HTTP never reaches the handler; answer it in the same envelope and hang up.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify({ success: false, error: 'Malformed HTTP request', errorCode: ErrorCode.invalidInput });
    socket.end(
      `HTTP/1.1 ${status} Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  /**
   * Answers a request. The common case (no latency, no fault, no body, a synchronous handler)
   * answers before returning, without a promise in between; the rest returns a promise.
   * ApiErrors become error answers; anything else is thrown (or rejected) for a 500.
   */
  function handle(req: IncomingMessage, res: ServerResponse): Promise<void> | undefined {
    const method = (req.method ?? 'GET').toUpperCase();
    const target = req.url ?? '/';
    const queryStart = target.indexOf('?');
    const path = queryStart === -1 ? target : target.slice(0, queryStart);
    const rawQuery = queryStart === -1 ? '' : target.slice(queryStart + 1);
    const admin = path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
    if (!admin) {
      record(res, method, path, rawQuery);
    }
    const request: Pending = { req, res, method, path, rawQuery, admin };
    try {
      if (!path.startsWith('/')) {
        throw invalid('The request target must be a path starting with "/"');
      }
      const refusal = hostGuard(req.headers.host, req.headers.origin, path, req.socket.localAddress);
      if (refusal) throw refusal;
      if (!admin) {
        const latency = env.knobs.latencyMs;
        if (Number.isFinite(latency) && latency > 0) {
          return guarded(request, delayed(request, latency));
        }
        const fault = takeFault(env.knobs.faults, method, path);
        if (fault) {
          return guarded(request, faulted(request, fault));
        }
      }
      return dispatch(request);
    } catch (error) {
      answerError(request, error);
      return undefined;
    }
  }

  async function delayed(request: Pending, latency: number): Promise<void> {
    await sleep(latency);
    const fault = takeFault(env.knobs.faults, request.method, request.path);
    if (fault) {
      await faulted(request, fault);
      return;
    }
    await dispatch(request);
  }

  async function faulted(request: Pending, fault: Fault): Promise<void> {
    if (!(await injectFault(fault, request.req, request.res))) {
      await dispatch(request);
    }
  }

  /** Routes, reads the body (only when one was announced) and runs the handler. */
  function dispatch(request: Pending): Promise<void> | undefined {
    const { req, res, method, path, rawQuery, admin } = request;
    if (closing || res.destroyed) {
      return undefined;
    }
    const router = admin ? adminRouter : apiRouter;
    const match = router.match(method, path);
    if (match.kind === 'none') {
      throw notFound(path);
    }
    if (match.kind === 'method') {
      throw methodNotAllowed(method, match.allowed);
    }
    const run = (raw: Buffer): Promise<void> | undefined => {
      const body = BODY_METHODS.has(method) ? parseJsonObject(raw, req.headers['content-type']) : {};
      const reply = match.handler({
        env,
        method,
        path,
        params: match.params,
        query: new URLSearchParams(rawQuery),
        headers: req.headers,
        body,
      });
      if (reply instanceof Promise) {
        return guarded(
          request,
          reply.then((answer) => sendJson(res, answer.status ?? 200, answer.body)),
        );
      }
      sendJson(res, reply.status ?? 200, reply.body);
      return undefined;
    };
    if (announcesBody(req)) {
      return guarded(request, readBody(req).then(run));
    }
    req.resume();
    return run(EMPTY_BODY);
  }

  /** Turns a rejected ApiError into its answer; anything else stays a rejection (a 500). */
  function guarded(request: Pending, work: Promise<void>): Promise<void> {
    return work.catch((error: unknown) => answerError(request, error));
  }

  function answerError({ req, res }: Pending, error: unknown): void {
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
      res.writeHead(fault.status ?? 200, {
        'Content-Type': fault.contentType ?? 'application/json',
        'Content-Length': Buffer.byteLength(fault.body),
      });
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
      // Trimmed in batches: dropping the oldest entry on every request would move 10,000 entries each time.
      if (env.requests.length >= MAX_RECORDED_REQUESTS + TRIM_BATCH) {
        env.requests.splice(0, env.requests.length - MAX_RECORDED_REQUESTS);
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
