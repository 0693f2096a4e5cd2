import { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { ApiError, ErrorCode, invalid } from '../vocabulary/errors';
import type { SandboxEnv } from '../worlds/env';

export interface RequestContext {
  env: SandboxEnv;
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface Reply {
  status?: number;
  body: unknown;
  /** Answers by itself instead (a stream that stays open): called with the response. */
  stream?: (res: ServerResponse) => void;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
}

export type Match =
  { kind: 'found'; handler: Handler; params: Record<string, string> } | { kind: 'method'; allowed: string[] } | { kind: 'none' };

export function ok(data?: unknown, message?: string): Reply {
  return { body: { success: true, ...(message === undefined ? {} : { message }), ...(data === undefined ? {} : { data }) } };
}

/** Exact paths with `:name` segments; tells "no such path" (404) from "wrong method" (405). */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, segments: pattern.split('/'), handler });
    return this;
  }

  match(method: string, path: string): Match {
    const segments = path.split('/');
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) {
        continue;
      }
      if (route.method === method) {
        return { kind: 'found', handler: route.handler, params };
      }
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: 'method', allowed } : { kind: 'none' };
  }
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) {
    return undefined;
  }
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] as string;
    const got = actual[i] as string;
    if (want.startsWith(':')) {
      if (got === '') {
        return undefined;
      }
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        throw invalid('The URL contains malformed percent-encoding');
      }
    } else if (want !== got) {
      return undefined;
    }
  }
  return params;
}

export function notFound(path: string): ApiError {
  return new ApiError(404, ErrorCode.notFound, `No endpoint at ${path.slice(0, 200)}`);
}

export function methodNotAllowed(method: string, allowed: string[]): ApiError {
  return new ApiError(405, ErrorCode.methodNotAllowed, `${method.slice(0, 20)} is not allowed here; use ${allowed.join(' or ')}`, {
    Allow: allowed.join(', '),
  });
}
