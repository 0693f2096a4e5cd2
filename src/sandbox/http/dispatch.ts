import { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../vocabulary/errors';
import { RequestTarget, sendError, sendJson } from './exchange';
import type { SandboxEnv } from '../worlds/env';
import { methodNotAllowed, notFound, Reply, Router } from './router';
import { announcesBody, parseBody, readBody } from './body';

// Routing and answering: find the handler, read the body when one was announced, run it, send
// its reply. ApiErrors become error answers; anything else is thrown (or rejected) for a 500.

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EMPTY_BODY = Buffer.alloc(0);

/** One request on its way through the server. */
export interface Pending extends RequestTarget {
  req: IncomingMessage;
  res: ServerResponse;
}

export class Dispatcher {
  constructor(
    private readonly apiRouter: Router,
    private readonly adminRouter: Router,
  ) {}

  /**
   * Answers before returning when nothing waits (no body, a synchronous handler); else returns a
   * promise. `env` is the world the request lands in (the sandbox's, or its namespace's).
   */
  dispatch(request: Pending, env: SandboxEnv): Promise<void> | undefined {
    const { req, res, method, path, rawQuery, admin } = request;
    const match = (admin ? this.adminRouter : this.apiRouter).match(method, path);
    if (match.kind === 'none') {
      throw notFound(path);
    }
    if (match.kind === 'method') {
      throw methodNotAllowed(method, match.allowed);
    }
    const run = (raw: Buffer): Promise<void> | undefined => {
      const body = BODY_METHODS.has(method) ? parseBody(raw, req.headers['content-type']) : {};
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
          reply.then((answer) => send(res, answer)),
        );
      }
      send(res, reply);
      return undefined;
    };
    if (announcesBody(req)) {
      return guarded(request, readBody(req).then(run));
    }
    req.resume();
    return run(EMPTY_BODY);
  }
}

function send(res: ServerResponse, reply: Reply): void {
  if (reply.stream) reply.stream(res);
  else sendJson(res, reply.status ?? 200, reply.body);
}

/** Turns a rejected ApiError into its answer; anything else stays a rejection (a 500). */
export function guarded(request: Pending, work: Promise<void>): Promise<void> {
  return work.catch((error: unknown) => answerError(request, error));
}

export function answerError({ req, res }: Pending, error: unknown): void {
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
